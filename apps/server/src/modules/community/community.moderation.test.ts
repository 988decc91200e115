import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { body, signUp, useTestApp } from '../../../test/app';
import { systemClock } from '../../lib/clock';
import { useOperators } from '../operators/operators.fixtures';
import { adminPost, createPost, png, useDataDir, type WirePost } from './community.fixtures';
import { createImageStore } from './community.images';
import { createCommunityRepository, PostStatus } from './community.repository';
import { createCommunityService, STAGED_MAX_AGE_MS } from './community.service';

const data = useDataDir();
const t = useTestApp(() => ({ dataDir: data.dir }));
const ops = useOperators(t, { support: 'support', viewer: 'viewer' });

type Auth = Record<string, string>;

async function postOk(auth: Auth, input: Parameters<typeof createPost>[2]) {
  const res = await createPost(t, auth, input);
  expect(body(res).code, res.body).toBe(200);
  return body<WirePost>(res).result;
}

const decide = (verb: string, id: number, payload: object = {}, auth = ops.support.auth) =>
  adminPost(t, auth, `/api/admin/community/posts/${id}/${verb}`, payload);

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

/** The console's URL of a post's image (the console reads images through its own route). */
const adminUrl = (url: string) => url.replace('/api/community/', '/api/admin/community/');

async function auditOf(type: string, id: number) {
  const rows = await t.database.db.execute(
    `select action, reason from operator_audit where target_type = '${type}' and target_id = '${id}' order by seq`,
  );
  return (rows as unknown as { rows: { action: string; reason: string }[] }).rows;
}

describe('post images follow the post', () => {
  it('serves an image to who may see its post and answers 404 to everyone else, as for a missing image', async () => {
    const a = await signUp(t.app);
    const b = await signUp(t.app);
    const post = await postOk(a.auth, { content: 'pending with a picture', images: [{ data: await png() }] });
    const url = post.images[0]!;
    const status = async (auth: Auth) => (await get(url, auth)).statusCode;

    // Without a token there is no image at all; another player gets what a missing name gets.
    expect((await get(url)).statusCode).toBe(401);
    const missing = await get(url.replace(/[0-9a-f]{64}/, 'f'.repeat(64)), b.auth);
    const refused = await get(url, b.auth);
    expect(refused.statusCode).toBe(404);
    expect(missing.statusCode).toBe(404);
    expect(body(refused).code).toBe(body(missing).code);
    expect(refused.headers['content-type']).toBe(missing.headers['content-type']);
    // The author and the console see it while it waits for review.
    expect(await status(a.auth)).toBe(200);
    expect((await get(adminUrl(url), ops.support.auth)).statusCode).toBe(200);
    expect((await get(adminUrl(url), ops.viewer.auth)).statusCode).toBe(200);
    // A player's token opens nothing on the console's route.
    expect((await get(adminUrl(url), a.auth)).statusCode).toBe(401);

    expect(body(await decide('approve', post.id)).code).toBe(200);
    expect(await status(b.auth)).toBe(200);
    expect(body(await decide('hide', post.id, { reason: '违规' })).code).toBe(200);
    expect(await status(b.auth)).toBe(404);
    expect(await status(a.auth)).toBe(200);
    expect((await get(adminUrl(url), ops.support.auth)).statusCode).toBe(200);
    expect(body(await decide('restore', post.id, { reason: '误判' })).code).toBe(200);
    expect(await status(b.auth)).toBe(200);

    // A rejected post's images stay with its author.
    const rejected = await postOk(a.auth, { content: 'rejected', images: [{ data: await png(50, 50) }] });
    await decide('reject', rejected.id, { reason: '广告' });
    expect((await get(rejected.images[0]!, b.auth)).statusCode).toBe(404);
    expect((await get(rejected.images[0]!, a.auth)).statusCode).toBe(200);
  });

  it('keeps images out of shared caches and revalidates them, a 304 only while the post is visible', async () => {
    const a = await signUp(t.app);
    const b = await signUp(t.app);
    const post = await postOk(a.auth, { content: 'cached', images: [{ data: await png(44, 44) }] });
    await decide('approve', post.id);
    const url = post.images[0]!;
    const first = await get(url, b.auth);
    expect(first.headers).toMatchObject({ 'cache-control': 'private, max-age=60', vary: 'authorization' });
    expect(String(first.headers['cache-control'])).not.toMatch(/public|immutable/);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[0-9a-f]{64}"$/);
    const again = await get(url, { ...b.auth, 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    await decide('hide', post.id, { reason: '下架' });
    expect((await get(url, { ...b.auth, 'if-none-match': etag })).statusCode).toBe(404);
  });
});

describe('images of a post that is not inserted', () => {
  const community = () => path.join(data.dir, 'community');
  const staged = () => {
    const dir = path.join(community(), 'staging');
    return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
  };
  const stored = () => fs.readdirSync(community()).filter((f) => f.endsWith('.webp'));
  const serviceOn = (dir: string) =>
    createCommunityService({
      db: t.database.db,
      clock: systemClock,
      images: createImageStore(dir),
      players: { usernamesOf: async () => new Map() },
    });

  it('leaves no file behind when the post is refused or its insert fails', async () => {
    const a = await signUp(t.app);
    await postOk(a.auth, { content: 'makes the folder' });
    const before = stored();
    const image = await png(61, 61);
    const four = await createPost(t, a.auth, {
      content: 'four',
      images: [0, 1, 2, 3].map(() => ({ data: image })),
    });
    expect(body(four).code).toBe(9502);
    const empty = await createPost(t, a.auth, { content: ' ', images: [{ data: image }] });
    expect(body(empty).code).toBe(9500);
    // The insert itself fails (no such player): the staged files go with it.
    const service = serviceOn(community());
    await expect(
      service.create(2_000_000_000, { content: 'nobody', images: [await png(62, 62)] }),
    ).rejects.toThrow();
    expect(staged()).toEqual([]);
    expect(stored()).toEqual(before);
    // A post that is inserted ends with its image in place and nothing staged.
    const ok = await postOk(a.auth, { content: 'kept', images: [{ data: await png(63, 63) }] });
    expect(stored()).toContain(path.basename(ok.images[0]!));
    expect(staged()).toEqual([]);
  });

  it('sweeps what a dead process staged: committed posts get their image, the rest is removed, young files wait', async () => {
    const dir = fs.mkdtempSync(path.join(data.dir, 'sweep-'));
    const store = createImageStore(dir);
    const service = serviceOn(dir);
    const bytes = async (side: number) => (await store.reencode(await png(side, side))).webp;
    const old = new Date(Date.now() - STAGED_MAX_AGE_MS - 60_000);
    const age = (file: string) => fs.utimesSync(file, old, old);

    const orphan = await store.stage(await bytes(70));
    age(orphan.file);
    const committed = await store.stage(await bytes(71));
    age(committed.file);
    const young = await store.stage(await bytes(72));
    const junk = path.join(store.staging, 'not-an-image');
    fs.writeFileSync(junk, 'x');
    age(junk);
    // The process died after the commit: the row names the image, the file never moved.
    await createCommunityRepository(t.database.db).insertPost({
      playerId: null,
      content: 'died after commit',
      images: [committed.name],
      status: PostStatus.APPROVED,
      createdAt: new Date(),
    });

    expect(await service.sweepStagedImages()).toBe(3);
    expect(fs.readdirSync(store.staging)).toEqual([path.basename(young.file)]);
    expect(fs.existsSync(path.join(dir, committed.name))).toBe(true);
    expect(fs.existsSync(path.join(dir, orphan.name))).toBe(false);
    expect(await service.sweepStagedImages()).toBe(0);

    // An insert slower than the sweep's age limit still ends with its file: promote writes the bytes it holds.
    age(young.file);
    await service.sweepStagedImages();
    expect(fs.existsSync(young.file)).toBe(false);
    await store.promote(young);
    expect(fs.existsSync(path.join(dir, young.name))).toBe(true);
  });
});

describe('hiding comments', () => {
  type C = { id: number; content: string; hidden: boolean; hidden_reason: string };
  const commentsOf = async (postId: number, auth: Auth) =>
    body<{ data: C[] }>(await get(`/api/community/posts/${postId}/comments`, auth)).result.data;
  const commentCount = async (postId: number, auth: Auth) =>
    body<WirePost>(await get(`/api/community/posts/${postId}`, auth)).result.comment_count;
  const notifications = async (auth: Auth) =>
    body<{ data: { kind: string; comment_excerpt: string }[]; unread: number }>(
      await get('/api/community/notifications', auth),
    ).result;
  const comment = async (auth: Auth, postId: number, content: string, parentId?: number) =>
    body<C>(
      await adminPost(t, auth, `/api/community/posts/${postId}/comments`, {
        content,
        ...(parentId ? { parent_id: parentId } : {}),
      }),
    );
  const setHidden = (verb: 'hide' | 'restore', id: number, reason = '理由', auth = ops.support.auth) =>
    adminPost(t, auth, `/api/admin/community/comments/${id}/${verb}`, { reason });

  it('hides a comment from everyone but its author (who sees why), with the count and notification, and restores it', async () => {
    const a = await signUp(t.app);
    const b = await signUp(t.app);
    const c = await signUp(t.app);
    const post = await postOk(a.auth, { content: 'discuss' });
    await decide('approve', post.id);
    const rude = (await comment(b.auth, post.id, '粗鲁的话')).result;
    const reply = (await comment(c.auth, post.id, '别这样', rude.id)).result;
    expect(rude).toMatchObject({ hidden: false, hidden_reason: '' });
    expect(await commentCount(post.id, a.auth)).toBe(2);
    expect((await notifications(a.auth)).data.map((n) => n.comment_excerpt)).toContain('粗鲁的话');

    // Only an operator with the community write permission may hide, and only with a reason.
    expect((await setHidden('hide', rude.id, '人身攻击', ops.viewer.auth)).statusCode).toBe(403);
    expect(body(await setHidden('hide', rude.id, '')).code).not.toBe(200);
    const hidden = await setHidden('hide', rude.id, '人身攻击');
    expect(body(hidden)).toMatchObject({
      code: 200,
      result: { id: rude.id, hidden: true, hidden_reason: '人身攻击', username: b.username },
    });

    expect((await commentsOf(post.id, a.auth)).map((x) => x.id)).toEqual([reply.id]);
    expect((await commentsOf(post.id, c.auth)).map((x) => x.id)).toEqual([reply.id]);
    expect(await commentsOf(post.id, b.auth)).toMatchObject([
      { id: rude.id, hidden: true, hidden_reason: '人身攻击' },
      { id: reply.id, hidden: false, hidden_reason: '' },
    ]);
    expect(await commentCount(post.id, a.auth)).toBe(1);
    const forA = await notifications(a.auth);
    expect(forA.data.map((n) => n.comment_excerpt)).not.toContain('粗鲁的话');
    expect(forA.unread).toBe(forA.data.length);
    // Nobody can answer what others can no longer see.
    expect((await comment(a.auth, post.id, 'reply', rude.id)).code).toBe(9510);
    expect(body(await setHidden('hide', rude.id)).code).toBe(9517);

    // The console lists all comments, the hidden one with its reason.
    const listed = body<{ data: C[] }>(
      await get(`/api/admin/community/posts/${post.id}/comments`, ops.viewer.auth),
    ).result.data;
    expect(listed).toMatchObject([
      { id: rude.id, hidden: true, hidden_reason: '人身攻击' },
      { id: reply.id, hidden: false },
    ]);

    expect(body(await setHidden('restore', rude.id, '申诉成功'))).toMatchObject({
      code: 200,
      result: { hidden: false, hidden_reason: '' },
    });
    expect((await commentsOf(post.id, a.auth)).map((x) => x.id)).toEqual([rude.id, reply.id]);
    expect(await commentCount(post.id, a.auth)).toBe(2);
    expect((await notifications(a.auth)).data.map((n) => n.comment_excerpt)).toContain('粗鲁的话');
    expect(body(await setHidden('restore', rude.id)).code).toBe(9518);
    expect(body(await setHidden('hide', 2_000_000_000)).code).toBe(9516);
    expect(body(await get('/api/admin/community/posts/2000000000/comments', ops.support.auth)).code).toBe(
      9506,
    );

    expect(await auditOf('community_comment', rude.id)).toEqual([
      { action: 'community.comment_hide', reason: '人身攻击' },
      { action: 'community.comment_restore', reason: '申诉成功' },
    ]);
  });

  it('hides a comment once however many operators hide it at the same moment', async () => {
    const a = await signUp(t.app);
    const b = await signUp(t.app);
    const post = await postOk(a.auth, { content: 'race' });
    await decide('approve', post.id);
    const target = (await comment(b.auth, post.id, 'spam')).result;
    await comment(b.auth, post.id, 'fine');
    const answers = await Promise.all(Array.from({ length: 12 }, () => setHidden('hide', target.id)));
    const codes = answers.map((r) => body(r).code);
    expect(codes.filter((code) => code === 200)).toHaveLength(1);
    expect(codes.filter((code) => code === 9517)).toHaveLength(11);
    expect(await commentCount(post.id, a.auth)).toBe(1);
    const restores = await Promise.all(Array.from({ length: 12 }, () => setHidden('restore', target.id)));
    expect(restores.filter((r) => body(r).code === 200)).toHaveLength(1);
    expect(await commentCount(post.id, a.auth)).toBe(2);
    expect(await auditOf('community_comment', target.id)).toHaveLength(2);
  });
});

describe('review decisions', () => {
  it('restores only a hidden post, with a reason, clearing what the author was told', async () => {
    const a = await signUp(t.app);
    const post = await postOk(a.auth, { content: 'to restore' });
    expect(body(await decide('restore', post.id, { reason: 'x' }))).toMatchObject({
      code: 9512,
      error: { message: '该动态已审核，当前状态：审核中' },
    });
    await decide('hide', post.id, { reason: '先下架' });
    expect(body(await decide('restore', post.id)).code).not.toBe(200);
    expect(body(await decide('reject', post.id)).code).not.toBe(200);
    expect(body(await decide('approve', post.id, { reason: 'no field' })).code).not.toBe(200);
    expect(body(await decide('restore', post.id, { reason: '复核无误' }))).toMatchObject({
      code: 200,
      result: { status: 'approved', reason: '' },
    });
    expect(body(await decide('hide', 2_000_000_000, { reason: 'x' })).code).toBe(9506);
    expect(await auditOf('community_post', post.id)).toEqual([
      { action: 'community.post_hide', reason: '先下架' },
      { action: 'community.post_restore', reason: '复核无误' },
    ]);
  });
});

import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { body, signUp, useTestApp } from '../../../test/app';
import { useOperators } from '../operators/operators.fixtures';
import {
  adminPost,
  createPost,
  feed,
  jpegWithExif,
  myPosts,
  png,
  useDataDir,
  type WirePost,
} from './community.fixtures';

const data = useDataDir();
const t = useTestApp(() => ({ dataDir: data.dir }));
const ops = useOperators(t, { support: 'support', viewer: 'viewer' });

const approve = (id: number) => adminPost(t, ops.support.auth, `/api/admin/community/posts/${id}/approve`);

async function postOk(auth: Record<string, string>, input: Parameters<typeof createPost>[2]) {
  const res = await createPost(t, auth, input);
  const b = body<WirePost>(res);
  expect(b.code, res.body).toBe(200);
  return b.result;
}

/** Two new players: `a`, whose post of `content` is approved, and `b`, who sees it. */
async function approvedPostOfA(content: string) {
  const a = await signUp(t.app);
  const b = await signUp(t.app);
  const post = await postOk(a.auth, { content });
  await approve(post.id);
  return { a, b, post };
}

describe('writing a post', () => {
  it('keeps a script tag as text, for the author and, once approved, for everyone', async () => {
    const a = await signUp(t.app);
    const b = await signUp(t.app);
    const text = '<script>alert(1)</script><img src=x onerror=alert(2)> & "quotes"';
    const post = await postOk(a.auth, { content: text });
    expect(post).toMatchObject({ content: text, status: 'pending', mine: true });
    expect((await myPosts(t, a.auth))[0]!.content).toBe(text);
    await approve(post.id);
    const seen = (await feed(t, b.auth)).find((p) => p.id === post.id)!;
    expect(seen.content).toBe(text);
    // The answer is JSON: the text is a string value, never markup the server built.
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/community/posts/${post.id}`,
      headers: b.auth,
    });
    expect(res.headers['content-type']).toMatch(/^application\/json/);
  });

  it('refuses empty, too long and too many images with clear messages, before storing anything', async () => {
    const a = await signUp(t.app);
    for (const content of ['', '   \n  ']) {
      expect(body(await createPost(t, a.auth, { content }))).toMatchObject({
        code: 9500,
        error: { message: '请输入动态内容' },
      });
    }
    const long = '鲤'.repeat(501);
    expect(body(await createPost(t, a.auth, { content: long }))).toMatchObject({
      code: 9501,
      error: { message: '动态内容不能超过500个字（当前501个）' },
    });
    // 500 characters exactly is allowed, an emoji counting as one.
    await postOk(a.auth, { content: '🎉' + '鲤'.repeat(499) });
    const image = await png();
    const four = await createPost(t, a.auth, {
      content: 'four',
      images: [0, 1, 2, 3].map(() => ({ data: image })),
    });
    expect(body(four)).toMatchObject({ code: 9502, error: { message: '每条动态最多3张图片' } });
    expect((await myPosts(t, a.auth)).map((p) => p.content)).not.toContain('four');
  });

  it('refuses an image that is really HTML or SVG, whatever its name and declared type', async () => {
    const a = await signUp(t.app);
    const html = Buffer.from(
      '<!doctype html><html><body><script>alert(document.cookie)</script></body></html>',
    );
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script><rect width="9" height="9"/></svg>',
    );
    for (const [data, filename, type] of [
      [html, 'photo.jpg', 'image/jpeg'],
      [svg, 'photo.png', 'image/png'],
      [svg, 'art.svg', 'image/svg+xml'],
    ] as const) {
      const res = await createPost(t, a.auth, { content: 'look', images: [{ data, filename, type }] });
      expect(body(res), filename).toMatchObject({ code: 9503 });
      expect(body(res).error!.message).toContain('JPEG');
    }
    // JPEG's first bytes in front of HTML: sniffed as JPEG, refused because it does not decode.
    const fake = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), html]);
    expect(body(await createPost(t, a.auth, { content: 'x', images: [{ data: fake }] }))).toMatchObject({
      code: 9505,
    });
    expect(await myPosts(t, a.auth)).toEqual([]);
  });

  it('stores a JPEG with EXIF re-encoded as WebP without metadata, served with safe headers', async () => {
    const a = await signUp(t.app);
    const original = await jpegWithExif();
    expect((await sharp(original).metadata()).exif).toBeDefined();
    expect(original.includes('Secret Artist')).toBe(true);
    const post = await postOk(a.auth, {
      content: 'with a picture',
      images: [{ data: original }, { data: await png(3000, 200) }],
    });
    expect(post.images).toHaveLength(2);
    const res = await t.app.inject({ method: 'GET', url: post.images[0]!, headers: a.auth });
    expect(res.statusCode).toBe(200);
    expect(res.headers).toMatchObject({
      'content-type': 'image/webp',
      'x-content-type-options': 'nosniff',
      'content-disposition': 'inline',
      'cache-control': 'private, max-age=60',
    });
    expect(String(res.headers['content-security-policy'])).toContain('sandbox');
    const stored = res.rawPayload;
    const meta = await sharp(stored).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 80, height: 60 });
    expect(meta.exif).toBeUndefined();
    expect(stored.includes('Secret Artist')).toBe(false);
    expect(stored.includes('GPS')).toBe(false);
    // The wide one is bounded to 1600 pixels on its longest side.
    const wide = await sharp(
      (await t.app.inject({ method: 'GET', url: post.images[1]!, headers: a.auth })).rawPayload,
    ).metadata();
    expect(wide.width).toBe(1600);
    // Names are hashes; anything else is not looked up.
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/community/images/..%2F..%2Fetc%2Fpasswd',
      headers: a.auth,
    });
    expect(bad.statusCode).toBe(404);
  });
});

describe('review', () => {
  it('shows a pending post to its author only, an approved one to all, a rejected one with its reason to the author, and a hidden one to nobody else', async () => {
    const a = await signUp(t.app);
    const b = await signUp(t.app);
    const first = await postOk(a.auth, { content: '第一条' });
    const second = await postOk(a.auth, { content: '第二条' });

    expect((await feed(t, b.auth)).map((p) => p.id)).not.toContain(first.id);
    const hidden = await t.app.inject({
      method: 'GET',
      url: `/api/community/posts/${first.id}`,
      headers: b.auth,
    });
    expect(body(hidden)).toMatchObject({ code: 9506 });
    expect((await myPosts(t, a.auth)).map((p) => [p.id, p.status])).toEqual([
      [second.id, 'pending'],
      [first.id, 'pending'],
    ]);
    // A viewer operator may look at the queue but not decide.
    const queue = await t.app.inject({
      method: 'GET',
      url: '/api/admin/community/posts?status=pending&size=100',
      headers: ops.viewer.auth,
    });
    expect(body<{ data: { id: number; username: string }[] }>(queue).result.data.map((p) => p.id)).toEqual(
      expect.arrayContaining([first.id, second.id]),
    );
    expect(
      (await adminPost(t, ops.viewer.auth, `/api/admin/community/posts/${first.id}/approve`)).statusCode,
    ).toBe(403);

    expect(body(await approve(first.id))).toMatchObject({ code: 200, result: { status: 'approved' } });
    expect(body(await approve(first.id))).toMatchObject({ code: 9512 });
    const rejected = await adminPost(t, ops.support.auth, `/api/admin/community/posts/${second.id}/reject`, {
      reason: '含有广告',
    });
    expect(body(rejected)).toMatchObject({ code: 200, result: { status: 'rejected', reason: '含有广告' } });

    const forB = await feed(t, b.auth);
    expect(forB.map((p) => p.id)).toContain(first.id);
    expect(forB.map((p) => p.id)).not.toContain(second.id);
    expect(forB.find((p) => p.id === first.id)!.author.name).toMatch(/\*\*\*/);
    const mine = await myPosts(t, a.auth);
    expect(mine.find((p) => p.id === second.id)).toMatchObject({ status: 'rejected', reason: '含有广告' });
    expect(mine.find((p) => p.id === first.id)!.author.name).toBe(a.username);

    const hide = await adminPost(t, ops.support.auth, `/api/admin/community/posts/${first.id}/hide`, {
      reason: '违反社区规则',
    });
    expect(body(hide)).toMatchObject({ code: 200, result: { status: 'hidden' } });
    expect((await feed(t, b.auth)).map((p) => p.id)).not.toContain(first.id);
    expect((await myPosts(t, a.auth)).find((p) => p.id === first.id)).toMatchObject({
      status: 'hidden',
      reason: '违反社区规则',
    });

    // Every decision is in the audit log with its reason.
    const logged = await t.database.db.execute(
      `select action, reason from operator_audit where target_type = 'community_post' and target_id in ('${first.id}', '${second.id}') order by seq`,
    );
    expect((logged as unknown as { rows: { action: string; reason: string }[] }).rows).toEqual([
      { action: 'community.post_approve', reason: '' },
      { action: 'community.post_reject', reason: '含有广告' },
      { action: 'community.post_hide', reason: '违反社区规则' },
    ]);
  });

  it('publishes at once when the operator turns review off, and waits again when it is back on', async () => {
    const a = await signUp(t.app);
    const b = await signUp(t.app);
    const off = await adminPost(t, ops.support.auth, '/api/admin/community/settings', {
      review_required: false,
    });
    expect(body(off)).toMatchObject({ code: 200, result: { review_required: false } });
    const post = await postOk(a.auth, { content: '免审核' });
    expect(post.status).toBe('approved');
    expect((await feed(t, b.auth)).map((p) => p.id)).toContain(post.id);
    await adminPost(t, ops.support.auth, '/api/admin/community/settings', { review_required: true });
    expect((await postOk(a.auth, { content: '又要审核' })).status).toBe('pending');
  });
});

describe('bans', () => {
  it('refuses posts and comments of a banned player until the ban is lifted', async () => {
    const { b, post: target } = await approvedPostOfA('to comment on');
    const ban = await adminPost(t, ops.support.auth, '/api/admin/community/bans', {
      username: b.username,
      reason: '刷屏',
    });
    expect(body(ban)).toMatchObject({ code: 200, result: { username: b.username } });
    const playerId = body<{ player_id: number }>(ban).result.player_id;
    expect(body(await createPost(t, b.auth, { content: 'hello' }))).toMatchObject({
      code: 9507,
      error: { message: '您已被禁止在社区发言，如有疑问请联系客服' },
    });
    const comment = await adminPost(t, b.auth, `/api/community/posts/${target.id}/comments`, {
      content: 'hi',
    });
    expect(body(comment)).toMatchObject({ code: 9507 });
    const me = await t.app.inject({ method: 'GET', url: '/api/community/me', headers: b.auth });
    expect(body(me)).toMatchObject({ result: { banned: true } });
    const lift = await adminPost(t, ops.support.auth, `/api/admin/community/bans/${playerId}/lift`, {
      reason: '已改正',
    });
    expect(body(lift)).toMatchObject({ code: 200, result: true });
    expect(
      body(
        await adminPost(t, ops.support.auth, `/api/admin/community/bans/${playerId}/lift`, {
          reason: 'again',
        }),
      ),
    ).toMatchObject({ code: 9514 });
    await postOk(b.auth, { content: 'hello again' });
  });
});

describe('likes, comments, replies and notifications', () => {
  it('counts one like however many times it is given at once, and one unlike likewise', async () => {
    const { a, b, post } = await approvedPostOfA('like me');
    const like = (liked: boolean) => adminPost(t, b.auth, `/api/community/posts/${post.id}/like`, { liked });
    for (let round = 0; round < 2; round += 1) {
      const answers = await Promise.all(Array.from({ length: 50 }, () => like(true)));
      for (const res of answers)
        expect(body(res)).toMatchObject({ code: 200, result: { liked: true, like_count: 1 } });
      expect((await feed(t, b.auth)).find((p) => p.id === post.id)).toMatchObject({
        like_count: 1,
        liked: true,
      });
      const rows = await t.database.db.execute(
        `select count(*)::int as n from community_likes where post_id = ${post.id}`,
      );
      expect((rows as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(1);
      const off = await Promise.all(Array.from({ length: 50 }, () => like(false)));
      for (const res of off)
        expect(body(res)).toMatchObject({ code: 200, result: { liked: false, like_count: 0 } });
    }
    // Liked again and again: the author is told once.
    await like(true);
    const n = await t.app.inject({ method: 'GET', url: '/api/community/notifications', headers: a.auth });
    expect(body<{ data: { kind: string }[] }>(n).result.data.filter((x) => x.kind === 'like')).toHaveLength(
      1,
    );
    // A post others cannot see cannot be liked.
    const pending = await postOk(a.auth, { content: 'not yet' });
    expect(
      body(await adminPost(t, b.auth, `/api/community/posts/${pending.id}/like`, { liked: true })),
    ).toMatchObject({ code: 9506 });
  });

  it('notifies the author of comments and likes, and a commenter of replies, never oneself', async () => {
    const { a, b, post } = await approvedPostOfA('talk to me');
    const c1 = await adminPost(t, b.auth, `/api/community/posts/${post.id}/comments`, {
      content: '<b>nice</b>',
    });
    expect(body(c1)).toMatchObject({ code: 200, result: { content: '<b>nice</b>', parent_id: null } });
    const commentId = body<{ id: number }>(c1).result.id;
    const reply = await adminPost(t, a.auth, `/api/community/posts/${post.id}/comments`, {
      content: 'thanks!',
      parent_id: commentId,
    });
    expect(body(reply)).toMatchObject({ code: 200, result: { parent_id: commentId } });
    await adminPost(t, a.auth, `/api/community/posts/${post.id}/like`, { liked: true });
    await adminPost(t, b.auth, `/api/community/posts/${post.id}/like`, { liked: true });
    expect(
      body(await adminPost(t, b.auth, `/api/community/posts/${post.id}/comments`, { content: ' ' })),
    ).toMatchObject({ code: 9508 });
    expect(
      body(
        await adminPost(t, b.auth, `/api/community/posts/${post.id}/comments`, { content: 'x'.repeat(201) }),
      ),
    ).toMatchObject({ code: 9509 });
    expect(
      body(
        await adminPost(t, b.auth, `/api/community/posts/${post.id}/comments`, {
          content: 'x',
          parent_id: 999999,
        }),
      ),
    ).toMatchObject({ code: 9510 });

    type N = { data: { kind: string; comment_excerpt: string; read: boolean }[]; unread: number };
    const forA = body<N>(
      await t.app.inject({ method: 'GET', url: '/api/community/notifications', headers: a.auth }),
    ).result;
    expect(forA.data.map((n) => n.kind)).toEqual(['like', 'comment']);
    expect(forA.unread).toBe(2);
    const forB = body<N>(
      await t.app.inject({ method: 'GET', url: '/api/community/notifications', headers: b.auth }),
    ).result;
    expect(forB.data).toMatchObject([{ kind: 'reply', comment_excerpt: 'thanks!' }]);
    await adminPost(t, a.auth, '/api/community/notifications/read', {});
    const after = body<N>(
      await t.app.inject({ method: 'GET', url: '/api/community/notifications', headers: a.auth }),
    ).result;
    expect(after.unread).toBe(0);
    expect(after.data.every((n) => n.read)).toBe(true);

    const comments = await t.app.inject({
      method: 'GET',
      url: `/api/community/posts/${post.id}/comments`,
      headers: b.auth,
    });
    expect(body<{ data: { content: string }[] }>(comments).result.data.map((c) => c.content)).toEqual([
      '<b>nice</b>',
      'thanks!',
    ]);
    expect((await feed(t, b.auth)).find((p) => p.id === post.id)).toMatchObject({
      comment_count: 2,
      like_count: 2,
    });
  });

  it('takes a report once per player, lists it for operators, and hiding the post resolves it', async () => {
    const { b, post } = await approvedPostOfA('reported');
    expect(
      body(await adminPost(t, b.auth, `/api/community/posts/${post.id}/report`, { reason: '' })),
    ).toMatchObject({ code: 9511 });
    for (let i = 0; i < 2; i += 1) {
      expect(
        body(await adminPost(t, b.auth, `/api/community/posts/${post.id}/report`, { reason: '诈骗' })),
      ).toMatchObject({ code: 200 });
    }
    type R = { data: { id: number; post_id: number; reason: string }[] };
    const openReportsOfPost = async () =>
      body<R>(
        await t.app.inject({
          method: 'GET',
          url: '/api/admin/community/reports?size=100',
          headers: ops.support.auth,
        }),
      ).result.data.filter((r) => r.post_id === post.id);
    expect(await openReportsOfPost()).toHaveLength(1);
    await adminPost(t, ops.support.auth, `/api/admin/community/posts/${post.id}/hide`, { reason: '诈骗' });
    expect(await openReportsOfPost()).toHaveLength(0);
  });
});

describe('buy links', () => {
  it('lists only https places to buy, refusing anything else with a clear message', async () => {
    for (const link of [
      'http://example.com',
      'javascript:alert(1)',
      'tg://resolve?domain=x',
      'https://user:pw@example.com',
      '//example.com',
    ]) {
      const res = await adminPost(t, ops.support.auth, '/api/admin/buy-links', { name: 'Bad', link });
      expect(body(res), link).toMatchObject({ code: 9520 });
      expect(body(res).error!.message).toContain('https://');
    }
    const created = await adminPost(t, ops.support.auth, '/api/admin/buy-links', {
      name: '测试渠道',
      link: 'https://buy.example.com/usdt',
      note: '仅供测试',
      sort: 0,
    });
    expect(body(created)).toMatchObject({ code: 200, result: { name: '测试渠道', enabled: true } });
    const id = body<{ id: number }>(created).result.id;
    expect(
      body(
        await adminPost(t, ops.support.auth, `/api/admin/buy-links/${id}`, {
          link: 'http://buy.example.com',
        }),
      ),
    ).toMatchObject({ code: 9520 });
    const list = body<{ name: string; link: string }[]>(
      await t.app.inject({ method: 'GET', url: '/api/buy/links' }),
    ).result;
    expect(list[0]).toMatchObject({ name: '测试渠道', link: 'https://buy.example.com/usdt' });
    // The demo's examples are there too, marked as examples.
    expect(list.filter((l) => l.name.includes('示例'))).toHaveLength(2);
    await adminPost(t, ops.support.auth, `/api/admin/buy-links/${id}`, { enabled: false });
    const after = body<{ name: string }[]>(
      await t.app.inject({ method: 'GET', url: '/api/buy/links' }),
    ).result;
    expect(after.map((l) => l.name)).not.toContain('测试渠道');
    expect(body(await adminPost(t, ops.support.auth, `/api/admin/buy-links/${id}/delete`))).toMatchObject({
      result: true,
    });
  });

  it('seeds approved official demo posts with own pictures', async () => {
    const a = await signUp(t.app);
    const official = (await feed(t, a.auth)).filter((p) => p.author.official);
    expect(official.length).toBe(3);
    expect(official.some((p) => p.images.length > 0)).toBe(true);
    const res = await t.app.inject({
      method: 'GET',
      url: official.find((p) => p.images.length > 0)!.images[0]!,
      headers: a.auth,
    });
    expect(res.headers['content-type']).toBe('image/webp');
  });
});

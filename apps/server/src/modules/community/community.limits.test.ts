import { describe, expect, it } from 'vitest';
import { body, signUp, useTestApp } from '../../../test/app';
import { useOperators } from '../operators/operators.fixtures';
import { adminPost, createPost, useDataDir } from './community.fixtures';

const data = useDataDir();
const t = useTestApp(() => ({ dataDir: data.dir, rateLimitEnabled: true }));
const ops = useOperators(t, { support: 'support' });

describe('rate limits per player', () => {
  it('lets a player write 5 posts in 10 minutes, then answers 429 with retry-after; another player is not affected', async () => {
    const a = await signUp(t.app);
    const b = await signUp(t.app);
    for (let i = 0; i < 5; i += 1)
      expect(body(await createPost(t, a.auth, { content: `post ${i}` })).code).toBe(200);
    const refused = await createPost(t, a.auth, { content: 'one more' });
    expect(refused.statusCode).toBe(429);
    expect(body(refused)).toMatchObject({ code: 429, error: { message: '操作过于频繁，请稍后再试' } });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(body(await createPost(t, b.auth, { content: 'mine' })).code).toBe(200);
  });

  it('limits comments to 10 and likes to 60 a minute per player', async () => {
    const a = await signUp(t.app);
    const b = await signUp(t.app);
    const post = body<{ id: number }>(await createPost(t, a.auth, { content: 'target' })).result;
    await adminPost(t, ops.support.auth, `/api/admin/community/posts/${post.id}/approve`);
    for (let i = 0; i < 10; i += 1) {
      expect(
        body(await adminPost(t, b.auth, `/api/community/posts/${post.id}/comments`, { content: `c${i}` }))
          .code,
      ).toBe(200);
    }
    expect(
      (await adminPost(t, b.auth, `/api/community/posts/${post.id}/comments`, { content: 'c10' })).statusCode,
    ).toBe(429);
    const likes = [];
    for (let i = 0; i < 61; i += 1)
      likes.push(
        (await adminPost(t, b.auth, `/api/community/posts/${post.id}/like`, { liked: i % 2 === 0 }))
          .statusCode,
      );
    expect(likes.slice(0, 60).every((s) => s === 200)).toBe(true);
    expect(likes[60]).toBe(429);
  });
});

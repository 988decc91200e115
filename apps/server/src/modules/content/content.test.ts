import { describe, expect, it } from 'vitest';
import { body, useTestApp } from '../../../test/app';
import { seedDemoContent } from '../../db/seed';

describe('content', () => {
  const t = useTestApp();

  it('serves the config items 1-9 with Chinese demo content (8 licence and 9 responsible gambling for /about)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/plat/bulletin' });
    expect(res.statusCode).toBe(200);
    const items = body<{ id: number; content: string }[]>(res).result;
    expect(items.map((i) => i.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(items[0]!.content).toContain('欢迎');
    expect(items[7]!.content).toContain('牌照');
    expect(items[8]!.content).toContain('自我排除');
  });

  it('serves banners in sort order, the first two opening activities 9 and 999', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/banner' });
    const banners = body<{ activity_type: number | null; sort: number; image: string }[]>(res).result;
    expect(banners.length).toBeGreaterThanOrEqual(2);
    expect(banners[0]!.activity_type).toBe(9);
    expect(banners[1]!.activity_type).toBe(999);
    expect(banners.map((b) => b.sort)).toEqual([...banners.map((b) => b.sort)].sort((a, b) => a - b));
  });

  it('seeds idempotently: a second seed adds nothing', async () => {
    const before = body<unknown[]>(await t.app.inject({ method: 'GET', url: '/api/banner' })).result.length;
    await seedDemoContent(t.database.db);
    await seedDemoContent(t.database.db);
    const after = body<unknown[]>(await t.app.inject({ method: 'GET', url: '/api/banner' })).result.length;
    expect(after).toBe(before);
  });
});

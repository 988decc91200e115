import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { body, useTestApp } from '../../../test/app';
import { signedInOperator } from '../operators/operators.fixtures';
import { TERMS } from './promotions.fixtures';
import { promotions } from './promotions.schema';
import { seedDemoPromotions } from './promotions.seed';

/*
 * A promotion's title and summary in the request's language: the same promotions in Chinese and in English,
 * English falling back to Chinese where an operator gave none; the console edits (and the audit keeps) both,
 * and a re-seed fills in only what is still empty.
 */
type PromotionItem = { id: number; type: number; title: string; summary: string };

const t = useTestApp();

const ZH = { 'accept-language': 'zh-CN,zh;q=0.9' };
const EN = { 'accept-language': 'en-US,en;q=0.9' };
const han = /\p{Script=Han}/u;

const list = async (headers: Record<string, string>) =>
  body<PromotionItem[]>(await t.app.inject({ method: 'GET', url: '/api/plat/task/list', headers })).result;
const detail = async (id: number, headers: Record<string, string>) =>
  body<PromotionItem & { content_html: string }>(
    await t.app.inject({ method: 'GET', url: `/api/plat/task/detail?id=${id}`, headers }),
  ).result;

describe('promotion titles and summaries in the request language', () => {
  it('lists the same promotions in Chinese and in English, named in each', async () => {
    const zh = await list(ZH);
    const en = await list(EN);
    expect(zh.length).toBeGreaterThan(5);
    expect(en.map((p) => p.id)).toEqual(zh.map((p) => p.id));
    const first = (items: PromotionItem[]) => items.find((p) => p.type === 1)!;
    expect(first(zh)).toMatchObject({ title: '首充豪礼 最高送 100 USDT' });
    expect(first(en)).toMatchObject({
      title: 'First Deposit Bonus up to 100 USDT',
      summary: 'Deposit 20 USDT or more for the first time and get a 50% bonus',
    });
    expect(en.filter((p) => han.test(p.title) || han.test(p.summary))).toEqual([]);

    const d = await detail(first(en).id, EN);
    expect(d.title).toBe('First Deposit Bonus up to 100 USDT');
    // The rich-text body has one language: English mode reads the Chinese one.
    expect(d.content_html).toContain('首次充值');
    expect((await detail(first(en).id, ZH)).title).toBe('首充豪礼 最高送 100 USDT');
  });

  it('shows the Chinese where the console gave no English, and audits the English an operator sets', async () => {
    const auth = (await signedInOperator(t, 'admin')).auth;
    const post = async (url: string, payload: object) =>
      body<Record<string, unknown>>(await t.app.inject({ method: 'POST', url, headers: auth, payload }));
    const form = {
      type: 3,
      title: '周末体验金',
      summary: '周末专享',
      rules: JSON.stringify({ amount: '5', new_player_days: 7, terms: TERMS }),
      starts_at: new Date(Date.now() - 60_000).toISOString(),
    };
    const created = await post('/api/admin/promotions', form);
    const id = (created.result as { id: number }).id;
    expect(created.result).toMatchObject({ title_en: null, summary_en: null });
    expect((await post(`/api/admin/promotions/${id}/status`, { status: 2 })).code).toBe(200);
    const mine = async (headers: Record<string, string>) => (await list(headers)).find((p) => p.id === id)!;
    expect(await mine(EN)).toMatchObject({ title: '周末体验金', summary: '周末专享' });

    const named = await post(`/api/admin/promotions/${id}`, {
      ...form,
      title_en: '  Weekend Credit ',
      summary_en: 'Weekends only',
    });
    expect(named.result).toMatchObject({ title_en: 'Weekend Credit', summary_en: 'Weekends only' });
    expect(await mine(EN)).toMatchObject({ title: 'Weekend Credit', summary: 'Weekends only' });
    expect(await mine(ZH)).toMatchObject({ title: '周末体验金', summary: '周末专享' });

    // An edit that leaves the English out keeps it; an empty one clears it.
    await post(`/api/admin/promotions/${id}`, { ...form, title: '周末体验金2' });
    expect(await mine(EN)).toMatchObject({ title: 'Weekend Credit' });
    await post(`/api/admin/promotions/${id}`, { ...form, summary_en: '' });
    expect(await mine(EN)).toMatchObject({ title: 'Weekend Credit', summary: '周末专享' });

    const audit = body<{ data: { before: unknown; after: unknown }[] }>(
      await t.app.inject({
        method: 'GET',
        url: '/api/admin/audit?action=promotion.update',
        headers: auth,
      }),
    ).result.data;
    expect(audit.at(-1)).toMatchObject({
      before: { title_en: null, summary_en: null },
      after: { title_en: 'Weekend Credit', summary_en: 'Weekends only' },
    });
    expect(audit[0]).toMatchObject({ before: { summary_en: 'Weekends only' }, after: { summary_en: null } });
  });

  it('re-seeding fills in only the English still missing, never an operator’s', async () => {
    const db = t.database.db;
    const [luck] = await db.select().from(promotions).where(eq(promotions.type, 5));
    const [checkIn] = await db.select().from(promotions).where(eq(promotions.type, 10));
    await db.update(promotions).set({ titleEn: null, summaryEn: null }).where(eq(promotions.id, luck!.id));
    await db.update(promotions).set({ titleEn: 'Check in daily' }).where(eq(promotions.id, checkIn!.id));
    await seedDemoPromotions(db, t.clock.now());
    const en = await list(EN);
    expect(en.find((p) => p.id === luck!.id)).toMatchObject({
      title: 'Daily Lucky Draw',
      summary: 'Bet 10 USDT today to draw; every result is verifiable',
    });
    expect(en.find((p) => p.id === checkIn!.id)!.title).toBe('Check in daily');
  });
});

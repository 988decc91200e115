import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { body, useTestApp } from '../../../test/app';
import { queryRows } from '../../db/client';
import { signedInOperator } from '../operators/operators.fixtures';
import { promotionsHarness, TERMS } from './promotions.fixtures';

describe('the console’s promotions area', () => {
  const t = useTestApp();
  const h = promotionsHarness(() => t);

  const admin = async () => (await signedInOperator(t, 'admin')).auth;
  const post = async (auth: Record<string, string>, url: string, payload: object) =>
    body<Record<string, unknown>>(await t.app.inject({ method: 'POST', url, headers: auth, payload }));
  const get = async <T>(auth: Record<string, string>, url: string) =>
    body<T>(await t.app.inject({ method: 'GET', url, headers: auth }));

  const form = {
    type: 3,
    title: '体验金',
    summary: '新玩家专享',
    content_html: '<p onclick="x()">规则<script>alert(1)</script></p><a href="javascript:x()">x</a>',
    rules: JSON.stringify({ amount: '5', new_player_days: 7, terms: TERMS }),
    starts_at: new Date(Date.now() - 60_000).toISOString(),
    budget: '12',
  };

  it('creates a draft from the template’s rules, sanitises its content, starts it, and audits every write', async () => {
    const auth = await admin();
    const templates = await get<{ templates: Record<string, { properties: Record<string, unknown> }> }>(
      auth,
      '/api/admin/promotions/templates',
    );
    expect(Object.keys(templates.result.templates.trial!.properties)).toEqual([
      'amount',
      'new_player_days',
      'terms',
    ]);
    const created = await post(auth, '/api/admin/promotions', form);
    expect(created.code).toBe(200);
    const p = created.result as { id: number; status: number; content_html: string; budget: string };
    expect(p).toMatchObject({ status: 1, budget: '12' });
    expect(p.content_html).toBe('<p>规则</p><a>x</a>');
    // A draft is not shown to players; started, it is.
    const player = await h.player();
    expect((await h.claim(player.auth, p.id)).code).toBe(7000);
    expect((await post(auth, `/api/admin/promotions/${p.id}/status`, { status: 2 })).code).toBe(200);
    expect((await h.claim(player.auth, p.id)).code).toBe(200);
    expect((await post(auth, `/api/admin/promotions/${p.id}/status`, { status: 3 })).code).toBe(200);
    expect((await h.claim((await h.player()).auth, p.id)).code).toBe(7001);
    expect((await post(auth, `/api/admin/promotions/${p.id}/status`, { status: 4 })).code).toBe(200);
    expect((await post(auth, `/api/admin/promotions/${p.id}/status`, { status: 2 })).code).toBe(7014);
    const list = await get<{ id: number; spent: string; claims: number }[]>(auth, '/api/admin/promotions');
    expect(list.result.find((x) => x.id === p.id)).toMatchObject({ spent: '5', claims: 1 });
    const claims = await get<{ total: number }>(auth, `/api/admin/promotions/claims?promotion_id=${p.id}`);
    expect(claims.result.total).toBe(1);
    const audited = await queryRows<{ action: string }>(
      t.database.db,
      sql`select action from operator_audit where action like 'promotion.%' order by seq`,
    );
    expect(audited.map((r) => r.action)).toEqual([
      'promotion.create',
      'promotion.status',
      'promotion.status',
      'promotion.status',
    ]);
    await h.invariantsClean();
  });

  it('refuses rules that do not fit the template, with the field named', async () => {
    const auth = await admin();
    const bad = await post(auth, '/api/admin/promotions', {
      ...form,
      rules: JSON.stringify({ amount: '-5', new_player_days: 7 }),
    });
    expect(bad.code).toBe(7013);
    expect(JSON.stringify(bad)).toContain('amount');
    const notJson = await post(auth, '/api/admin/promotions', { ...form, rules: '{' });
    expect(notJson.code).toBe(7013);
  });

  it('takes an audience’s countries as assigned ISO 3166-1 alpha-2 codes only, each once', async () => {
    const auth = await admin();
    for (const countries of [['ZZ'], ['vn'], ['SU'], ['VN', 'VN']]) {
      const bad = await post(auth, '/api/admin/promotions', { ...form, audience: { countries } });
      expect(bad.code).toBe(7013);
      expect(JSON.stringify(bad)).toContain('countries');
    }
    const ok = await post(auth, '/api/admin/promotions', { ...form, audience: { countries: ['VN', 'TH'] } });
    expect(ok).toMatchObject({ code: 200, result: { audience: { countries: ['VN', 'TH'] } } });
  });

  it('bars a player with a reason the player is shown, and shows a household with why it is linked', async () => {
    const auth = await admin();
    const promo = await h.promotion(3, { amount: '5', new_player_days: 7, terms: TERMS });
    const a = await h.player({ device: 'console-shared' });
    const b = await h.player({ device: 'console-shared' });
    expect((await post(auth, `/api/admin/promotions/flags/${a.playerId}`, { reason: '套利嫌疑' })).code).toBe(
      200,
    );
    const refused = await h.claim(a.auth, promo.id);
    expect(refused.code).toBe(7007);
    expect(refused.error?.message).toContain('套利嫌疑');
    expect((await post(auth, `/api/admin/promotions/flags/${a.playerId}/clear`, {})).code).toBe(200);
    expect((await h.claim(a.auth, promo.id)).code).toBe(200);
    const group = await get<{ members: { player_id: number; reason: string }[] }>(
      auth,
      `/api/admin/promotions/households/${a.playerId}`,
    );
    expect(group.result.members).toEqual(
      expect.arrayContaining([expect.objectContaining({ player_id: b.playerId, reason: 'device' })]),
    );
  });
});

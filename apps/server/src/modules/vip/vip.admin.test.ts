import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { toMicro } from '@koi/ledger';
import { body, useTestApp } from '../../../test/app';
import { queryRows } from '../../db/client';
import { reportDay } from '../../lib/time-range';
import { signedInOperator, useOperators } from '../operators/operators.fixtures';
import { createWalletService } from '../wallet/wallet.service';
import { vipHarness } from './vip.fixtures';
import { SETTLE_GRACE_MS } from '../bets/valid-bets';
import { addDays } from './vip.service';

/** The console's VIP area: every write audited, refusals explained, a re-run that shows it changed nothing. */
describe('the console VIP area', () => {
  const t = useTestApp({ seedDemo: false });
  const ops = useOperators(t, { admin: 'admin', finance: 'finance' });
  const h = vipHarness(() => t);

  /** The console's sessions expire while the tests move the clock by days: a fresh sign-in after each move. */
  const fresh = async () => {
    ops.admin = await signedInOperator(t, 'admin');
  };
  const call = async <T>(method: 'GET' | 'POST', url: string, payload?: object, auth = ops.admin.auth) => {
    const res = await t.app.inject({ method, url, headers: auth, ...(payload ? { payload } : {}) });
    return { status: res.statusCode, ...body<T>(res) };
  };
  const audited = async (action: string) =>
    (
      await queryRows<{ n: number }>(
        t.database.db,
        sql`select count(*)::int as n from operator_audit where action = ${action}`,
      )
    )[0]!.n;

  const level = (n: number, threshold: string, up = '0', monthly = '0', ppm = 5000) => ({
    level: n,
    threshold,
    level_up_reward: up,
    monthly_reward: monthly,
    rates: [{ game_type_id: 5, rate_ppm: ppm }],
  });

  it('saves the VIP table, weights and settings with an audit entry each, and refuses a table that does not rise', async () => {
    const saved = await call('POST', '/api/admin/vip/levels', {
      levels: [level(0, '0'), level(1, '100', '10', '3', 10_000), level(2, '500', '20', '6', 20_000)],
    });
    expect(saved.code).toBe(200);
    expect(await audited('vip.levels_update')).toBe(1);
    // A level's check-in reward is optional on the wire (0 when left out) and reads back as saved.
    expect(
      (
        await call('POST', '/api/admin/vip/levels', {
          levels: [level(0, '0'), { ...level(1, '100', '10', '3', 10_000), check_in_reward: '0.5' }],
        })
      ).code,
    ).toBe(200);
    const withCheckIn = await call<{ levels: { check_in_reward: string }[] }>('GET', '/api/admin/vip/table');
    expect(withCheckIn.result.levels.map((l) => l.check_in_reward)).toEqual(['0.000000', '0.500000']);
    expect(
      (
        await call('POST', '/api/admin/vip/levels', {
          levels: [level(0, '0'), level(1, '100', '10', '3', 10_000), level(2, '500', '20', '6', 20_000)],
        })
      ).code,
    ).toBe(200);
    expect(await audited('vip.levels_update')).toBe(3);
    const falling = await call('POST', '/api/admin/vip/levels', {
      levels: [level(0, '0'), level(1, '100'), level(2, '100')],
    });
    expect(falling).toMatchObject({ code: 7520, message: 'VIP等级设置不正确：VIP2 的门槛须高于 VIP1' });
    const gap = await call('POST', '/api/admin/vip/levels', { levels: [level(0, '0'), level(2, '100')] });
    expect(gap.code).toBe(7520);
    const badRate = await call('POST', '/api/admin/vip/levels', {
      levels: [{ ...level(0, '0'), rates: [{ game_type_id: 5, rate_ppm: 100_001 }] }],
    });
    expect(badRate.status).toBe(400);
    expect(await audited('vip.levels_update')).toBe(3);

    expect(
      (await call('POST', '/api/admin/vip/weights', { weights: [{ game_type_id: 2, weight_bp: 5000 }] }))
        .code,
    ).toBe(200);
    expect(
      (await call('POST', '/api/admin/vip/weights', { weights: [{ game_type_id: 2, weight_bp: 10_001 }] }))
        .status,
    ).toBe(400);
    expect(
      (
        await call('POST', '/api/admin/vip/settings', {
          rebate_auto_credit: false,
          rebate_turnover_centis: 100,
          reward_turnover_centis: 300,
        })
      ).code,
    ).toBe(200);
    expect(await audited('vip.weights_update')).toBe(1);
    expect(await audited('vip.settings_update')).toBe(1);
    const table = await call<{ levels: unknown[]; weights: unknown[]; settings: object }>(
      'GET',
      '/api/admin/vip/table',
    );
    expect(table.result.levels).toHaveLength(3);
    expect(table.result.weights).toEqual([{ game_type_id: 2, weight_bp: 5000 }]);
    expect(table.result.settings).toMatchObject({ reward_turnover_centis: 300 });

    // Finance may not touch the promotions area.
    expect((await call('GET', '/api/admin/vip/table', undefined, ops.finance.auth)).status).toBe(403);
  });

  it('settles a finished day from the console, and a re-run reports that nothing changed', async () => {
    const p = await h.player();
    const day = reportDay(t.clock.now());
    await h.providerRound(p.id, toMicro('50'));
    const early = await call('POST', '/api/admin/vip/rebate-runs', { day });
    expect(early).toMatchObject({ code: 7512 });
    t.clock.advance(86_400_000 + SETTLE_GRACE_MS);
    await fresh();

    const first = await call<{
      added: number;
      added_amount: string;
      before: unknown;
      run: { amount: string };
    }>('POST', '/api/admin/vip/rebate-runs', { day });
    // 50 at VIP0's 0.5 % slots rate.
    expect(first.result).toMatchObject({ added: 1, added_amount: '0.250000', before: null });
    const again = await call<{
      added: number;
      before: { amount: string; runs: number };
      run: { runs: number; last_added: number; amount: string };
    }>('POST', '/api/admin/vip/rebate-runs', { day });
    expect(again.result).toMatchObject({ added: 0, before: { amount: '0.250000', runs: 1 } });
    expect(again.result.run).toMatchObject({ runs: 2, last_added: 0, amount: '0.250000' });
    expect(await audited('vip.rebate_run')).toBe(2);
    const runs = await call<{ data: { day: string }[] }>('GET', '/api/admin/vip/rebate-runs');
    expect(runs.result.data.map((r) => r.day)).toContain(day);
    expect((await call('POST', '/api/admin/vip/rebate-runs', { day: '2026-13-01' })).status).toBe(400);
  });

  it('grants month-end rewards by level once, to players who bet in the month', async () => {
    await fresh();
    const p = await h.player();
    const idle = await h.player();
    await h.providerRound(p.id, toMicro('200'));
    // Both reach VIP1 (100) but only p bets this month.
    const service = h.service();
    await service.progress(p.id);
    await t.database.db.execute(sql`insert into vip_players (player_id, level) values (${idle.id}, 1)`);
    const month = reportDay(t.clock.now()).slice(0, 7);
    const granted = await call<{ added: number; amount: string }>('POST', '/api/admin/vip/month-end', {
      month,
    });
    expect(granted.result).toEqual({ added: 1, amount: '3.000000' });
    expect((await call<{ added: number }>('POST', '/api/admin/vip/month-end', { month })).result.added).toBe(
      0,
    );
    expect(await audited('vip.month_end')).toBe(2);
    const rewards = await h.get<{ rewards: { type: number; period: string; amount: string }[] }>(
      p.auth,
      '/api/vip/list',
    );
    expect(rewards.result.rewards.filter((r) => r.type === 2)).toEqual([
      expect.objectContaining({ period: month, amount: '3.000000' }),
    ]);
    const claim = await h.post(p.auth, '/api/vip/reward/receive-all');
    expect(claim.code).toBe(200);
    // The reward turnover multiple set above (3×) applies to what was claimed.
    const required = await queryRows<{ total: string }>(
      t.database.db,
      sql`select sum(required_micro)::text as total from turnover_requirements where player_id = ${p.id}`,
    );
    // VIP1's level-up (10) and month-end (3) rewards at 3×.
    expect(required[0]!.total).toBe(toMicro('39').toString());
  });

  it('creates, edits and pays a tournament period, each audited, refusing overlaps and edits once started', async () => {
    await fresh();
    const today = reportDay(t.clock.now());
    const period = {
      name: '周赛',
      start_day: addDays(today, 1),
      end_day: addDays(today, 3),
      top_n: 10,
      turnover_centis: 100,
      prizes: [
        { rank: 1, amount: '30' },
        { rank: 2, amount: '10' },
      ],
    };
    const created = await call<{ id: number }>('POST', '/api/admin/vip/tournaments', period);
    expect(created.code).toBe(200);
    const id = created.result.id;
    expect((await call('POST', '/api/admin/vip/tournaments', { ...period, name: '重叠' })).code).toBe(7532);
    expect(
      (
        await call('POST', '/api/admin/vip/tournaments', {
          ...period,
          start_day: addDays(today, 9),
          end_day: addDays(today, 8),
        })
      ).code,
    ).toBe(7531);
    expect(
      (await call('POST', `/api/admin/vip/tournaments/${id}`, { ...period, name: '周赛（改）' })).code,
    ).toBe(200);
    expect(await audited('tournament.create')).toBe(1);
    expect(await audited('tournament.update')).toBe(1);

    t.clock.advance(86_400_000);
    await fresh();
    expect((await call('POST', `/api/admin/vip/tournaments/${id}`, period)).code).toBe(7533);
    const p = await h.player();
    await h.providerRound(p.id, toMicro('10'));
    expect((await call('POST', `/api/admin/vip/tournaments/${id}/pay`)).code).toBe(7534);
    const detail = await call<{ standings: { player_id: number }[] }>(
      'GET',
      `/api/admin/vip/tournaments/${id}`,
    );
    expect(detail.result.standings.map((s) => s.player_id)).toEqual([p.id]);

    t.clock.advance(3 * 86_400_000 + SETTLE_GRACE_MS);
    await fresh();
    const paid = await call<{ paid: number }>('POST', `/api/admin/vip/tournaments/${id}/pay`);
    expect(paid.result.paid).toBe(1);
    expect((await call<{ paid: number }>('POST', `/api/admin/vip/tournaments/${id}/pay`)).result.paid).toBe(
      0,
    );
    expect(await audited('tournament.pay')).toBe(2);
    const after = await call<{ payouts: { rank: number; status: number }[] }>(
      'GET',
      `/api/admin/vip/tournaments/${id}`,
    );
    expect(after.result.payouts).toEqual([expect.objectContaining({ rank: 1, status: 2 })]);
    expect(await createWalletService({ db: t.database.db, clock: t.clock }).verify()).toEqual([]);
  });
});

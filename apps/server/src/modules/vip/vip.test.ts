import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { SystemAccount, TransferCode, toMicro } from '@koi/ledger';
import type pg from 'pg';
import { useTestApp } from '../../../test/app';
import { testLeg } from '../../../test/db';
import { queryRows } from '../../db/client';
import type { AppError } from '../../errors';
import { reportDay } from '../../lib/time-range';
import { createWalletService } from '../wallet/wallet.service';
import { vipHarness } from './vip.fixtures';
import { vipRebates } from './vip.schema';
import { DEMO_VIP_LEVELS } from './vip.seed';
import { SETTLE_GRACE_MS } from '../bets/valid-bets';
import { levelOf, maskName } from './vip.service';
import { ratePercent, weightPercent } from './vip.wire';

const levels = DEMO_VIP_LEVELS.map(([threshold, up, monthly, checkIn], level) => ({
  level,
  thresholdMicro: toMicro(threshold),
  levelUpRewardMicro: toMicro(up),
  monthlyRewardMicro: toMicro(monthly),
  checkInRewardMicro: toMicro(checkIn),
  updatedAt: new Date(),
}));

describe('the VIP table', () => {
  it('reaches a level exactly at its threshold and not a micro below it', () => {
    expect(levelOf(levels, 0n)).toBe(0);
    expect(levelOf(levels, toMicro('1000') - 1n)).toBe(0);
    expect(levelOf(levels, toMicro('1000'))).toBe(1);
    expect(levelOf(levels, toMicro('4999.999999'))).toBe(1);
    expect(levelOf(levels, toMicro('5000'))).toBe(2);
    expect(levelOf(levels, toMicro('10000000'))).toBe(10);
    expect(levelOf(levels, toMicro('99999999'))).toBe(10);
  });

  it('writes rates and weights as exact percent strings and masks names', () => {
    expect(ratePercent(3500)).toBe('0.35');
    expect(ratePercent(100_000)).toBe('10');
    expect(ratePercent(1)).toBe('0.0001');
    expect(weightPercent(10_000)).toBe('100');
    expect(weightPercent(5_050)).toBe('50.5');
    expect(maskName('player_123')).toBe('pl***23');
    expect(maskName('abc')).toBe('a***');
  });
});

type VipList = {
  level: number;
  valid_bet: string;
  next_level: number | null;
  progress_bp: number;
  rewards: { id: number; type: number; level: number; amount: string; status: number }[];
  claimable_total: string;
  check_in: { day: string; level: number; amount: string; checked_in: boolean };
};

describe('VIP progress and rewards', () => {
  const t = useTestApp();
  const h = vipHarness(() => t);
  const ledgerClean = async () =>
    expect(await createWalletService({ db: t.database.db, clock: t.clock }).verify()).toEqual([]);

  it('counts valid bets up to a level’s threshold at the boundary, weighted by category', async () => {
    await h.seed();
    const p = await h.player();
    await h.providerRound(p.id, toMicro('999.999999'));
    let list = await h.get<VipList>(p.auth, '/api/vip/list');
    expect(list.result).toMatchObject({ level: 0, valid_bet: '999.999999', next_level: 1 });
    expect(list.result.rewards).toEqual([]);
    await h.providerRound(p.id, 1n);
    list = await h.get<VipList>(p.auth, '/api/vip/list');
    expect(list.result).toMatchObject({ level: 1, valid_bet: '1000.000000', next_level: 2, progress_bp: 0 });
    expect(list.result.rewards.map((r) => [r.type, r.level, r.amount])).toEqual([[1, 1, '5.000000']]);

    // The lottery counts 50 % in the demo table: 2000 of it is 1000 points.
    const q = await h.player();
    await h.providerRound(q.id, toMicro('1999.999998'), { category: 2 });
    expect((await h.get<VipList>(q.auth, '/api/vip/list')).result).toMatchObject({
      level: 0,
      valid_bet: '999.999999',
    });
  });

  it('pays every level crossed at once, each once, however often the player looks', async () => {
    const p = await h.player();
    await h.providerRound(p.id, toMicro('20000'));
    await Promise.all(Array.from({ length: 5 }, () => h.get<VipList>(p.auth, '/api/vip/list')));
    const list = await h.get<VipList>(p.auth, '/api/vip/list');
    expect(list.result.level).toBe(3);
    expect(list.result.rewards.map((r) => r.level).sort()).toEqual([1, 2, 3]);
    // 5 + 18 + 58 for the levels crossed, and VIP3's check-in of today (2).
    expect(list.result.claimable_total).toBe('83.000000');
    // The player's info (owned by auth) shows the level reached; its cached snapshot follows within moments.
    let shown = -1;
    for (let i = 0; i < 40 && shown !== 3; i += 1) {
      const info = await h.post<{ vip_level: number }>(p.auth, '/api/plat/info');
      shown = info.result.vip_level;
      if (shown !== 3) await new Promise((r) => setTimeout(r, 50));
    }
    expect(shown).toBe(3);

    const all = await h.post<{ count: number; amount: string }>(p.auth, '/api/vip/reward/receive-all');
    expect(all.result).toEqual({ count: 4, amount: '83.000000' });
    expect((await h.post(p.auth, '/api/vip/reward/receive-all')).code).toBe(7503);
    const paid = await queryRows<{ n: number; total: string }>(
      t.database.db,
      sql`select count(*)::int as n, sum(t.amount_micro)::text as total from ledger_transfers t
          where t.idempotency_key like ${`vip:levelup:${p.id}:%`}`,
    );
    expect(paid[0]).toEqual({ n: 3, total: toMicro('81').toString() });
    // Each reward carries its turnover requirement (1× by default), the check-in's too.
    const required = await queryRows<{ total: string }>(
      t.database.db,
      sql`select sum(required_micro)::text as total from turnover_requirements
          where player_id = ${p.id} and source_type = 'vip_reward'`,
    );
    expect(required[0]!.total).toBe(toMicro('83').toString());
    await ledgerClean();
  });

  it('pays one of 50 concurrent claims of one reward, repeated', async () => {
    const p = await h.player();
    await h.providerRound(p.id, toMicro('5000'));
    const list = await h.get<VipList>(p.auth, '/api/vip/list');
    expect(list.result.rewards).toHaveLength(2);
    for (const reward of list.result.rewards) {
      const answers = await Promise.all(
        Array.from({ length: 50 }, () => h.post(p.auth, '/api/vip/reward/receive', { id: reward.id })),
      );
      expect(answers.filter((a) => a.code === 200)).toHaveLength(1);
      expect(answers.filter((a) => a.code === 7502)).toHaveLength(49);
    }
    const paid = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from ledger_transfers where idempotency_key like ${`vip:levelup:${p.id}:%`}`,
    );
    expect(paid[0]!.n).toBe(2);
    // Someone else's reward is not found for this player.
    const other = await h.player();
    expect(
      (await h.post(other.auth, '/api/vip/reward/receive', { id: list.result.rewards[0]!.id })).code,
    ).toBe(7501);
    await ledgerClean();
  });
});

describe('the VIP daily check-in (reward type 3)', () => {
  const t = useTestApp();
  const h = vipHarness(() => t);
  const checkIns = (playerId: number) =>
    queryRows<{ key: string; amount: string }>(
      t.database.db,
      sql`select idempotency_key as key, amount_micro::text as amount from ledger_transfers
          where idempotency_key like ${`vip:checkin:${playerId}:%`} order by id`,
    );

  it('refuses VIP0, whose level pays none, and shows it so', async () => {
    await h.seed();
    const p = await h.player();
    const list = await h.get<VipList>(p.auth, '/api/vip/list');
    expect(list.result.check_in).toMatchObject({ level: 0, amount: '0.000000', checked_in: false });
    const refused = await h.post(p.auth, '/api/vip/checkin');
    expect(refused).toMatchObject({ code: 7541 });
    expect(await checkIns(p.id)).toEqual([]);
  });

  it('pays one of 50 concurrent check-ins, the level’s amount with its turnover, and again the next day', async () => {
    await h.seed();
    const p = await h.player();
    await h.providerRound(p.id, toMicro('5000'));
    const before = await h.get<VipList>(p.auth, '/api/vip/list');
    const today = reportDay(t.clock.now());
    expect(before.result.check_in).toEqual({ day: today, level: 2, amount: '1.000000', checked_in: false });
    // The two level-up rewards (5 + 18) and today's check-in are claimable.
    expect(before.result.claimable_total).toBe('24.000000');

    const answers = await Promise.all(Array.from({ length: 50 }, () => h.post(p.auth, '/api/vip/checkin')));
    expect(answers.filter((a) => a.code === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.code === 7540)).toHaveLength(49);
    expect(answers.find((a) => a.code === 200)).toMatchObject({ result: { day: today, amount: '1.000000' } });
    expect(await checkIns(p.id)).toEqual([{ key: `vip:checkin:${p.id}:${today}`, amount: '1000000' }]);
    const required = await queryRows<{ total: string }>(
      t.database.db,
      sql`select sum(r.required_micro)::text as total from turnover_requirements r
          join vip_rewards w on r.source_id = w.id::text
          where r.player_id = ${p.id} and r.source_type = 'vip_reward' and w.type = 3`,
    );
    expect(required[0]!.total).toBe(toMicro('1').toString());

    const after = await h.get<VipList>(p.auth, '/api/vip/list');
    expect(after.result.check_in.checked_in).toBe(true);
    expect(after.result.claimable_total).toBe('23.000000');
    expect(after.result.rewards.find((r) => r.type === 3)).toMatchObject({
      level: 2,
      amount: '1.000000',
      status: 2,
    });

    t.clock.advance(24 * 3_600_000);
    const tomorrow = reportDay(t.clock.now());
    // "Claim all" takes the new day's check-in with the two level-up rewards.
    expect(await h.post(p.auth, '/api/vip/reward/receive-all')).toMatchObject({
      code: 200,
      result: { count: 3, amount: '24.000000' },
    });
    expect((await checkIns(p.id)).map((c) => c.key)).toEqual([
      `vip:checkin:${p.id}:${today}`,
      `vip:checkin:${p.id}:${tomorrow}`,
    ]);
    expect((await h.post(p.auth, '/api/vip/checkin')).code).toBe(7540);
    expect(await createWalletService({ db: t.database.db, clock: t.clock }).verify()).toEqual([]);
  });
});

type Rebates = {
  data: {
    day: string;
    amount: string;
    status: number;
    valid_bet: string;
    lines: { game_type_id: number; bet_count: number; valid_bet: string; amount: string }[];
  }[];
  claimable: string;
  claimed: string;
};

describe('daily rebates', () => {
  const t = useTestApp({ demoSignupBonus: '1000' });
  const h = vipHarness(() => t);

  /** Runs the job until no day is due. */
  async function settleAll() {
    const service = h.service();
    let days = 0;
    while ((await service.settleDueDay()) > 0) days += 1;
    return days;
  }

  it('settles a day once: a rolled-back round and a near-certain original count nothing, a re-run pays nothing', async () => {
    await h.seed();
    const p = await h.player();
    const day = reportDay(t.clock.now());
    await h.providerRound(p.id, toMicro('100'));
    await h.providerRound(p.id, toMicro('50'), { rollBack: true });
    // 97 % win chance: above the 95 % threshold, so the stake counts nothing.
    const dice = await h.post(p.auth, '/api/originals/dice/bet', {
      idempotency_key: randomUUID(),
      amount: '40',
      target: '3',
      direction: 'over',
    });
    expect(dice.code).toBe(200);

    // Not before the day is over.
    expect(await settleAll()).toBe(0);
    await expect(h.service().settle(day)).rejects.toMatchObject({ key: 'REBATE_DAY_NOT_OVER' });
    t.clock.advance(86_400_000 + SETTLE_GRACE_MS);
    expect(await settleAll()).toBeGreaterThanOrEqual(1);

    const list = await h.get<Rebates>(p.auth, '/api/vip/rebates');
    expect(list.result.data).toHaveLength(1);
    // Level 0 slots rate 0.3 % of 100.
    expect(list.result.data[0]).toMatchObject({
      day,
      valid_bet: '100.000000',
      amount: '0.300000',
      status: 1,
    });
    expect(list.result.data[0]!.lines).toEqual([
      expect.objectContaining({ game_type_id: 5, amount: '0.300000' }),
    ]);
    expect(list.result.claimable).toBe('0.300000');

    // Re-running the day (job or console) adds nothing.
    const again = await h.service().settle(day);
    expect(again).toMatchObject({ added: 0, amountMicro: toMicro('0.3') });
    expect(await settleAll()).toBe(0);

    const before = await createWalletService({ db: t.database.db, clock: t.clock }).displayBalance(p.id);
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => h.post(p.auth, '/api/vip/rebate/receive', { day })),
    );
    expect(answers.filter((a) => a.code === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.code === 7511)).toHaveLength(49);
    const after = await createWalletService({ db: t.database.db, clock: t.clock }).displayBalance(p.id);
    expect(toMicro(after) - toMicro(before)).toBe(toMicro('0.3'));
    await h.service().settle(day);
    expect((await h.post(p.auth, '/api/vip/rebate/receive-all')).code).toBe(7503);
    const income = await h.get<Rebates>(p.auth, '/api/vip/rebates?status=2');
    expect(income.result).toMatchObject({ claimable: '0.000000', claimed: '0.300000' });
    const transfers = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from ledger_transfers where idempotency_key = ${`rebate:${p.id}:${day}`} and code = 7`,
    );
    expect(transfers[0]!.n).toBe(1);
    expect(await createWalletService({ db: t.database.db, clock: t.clock }).verify()).toEqual([]);
  });

  it("lists a rebate's lines by category, each with its own valid bet, weight, rate and amount", async () => {
    const p = await h.player();
    const day = reportDay(t.clock.now());
    // Board games (7, weight 50 %, VIP0 rate 0.2 %) twice, then sports (1, weight 100 %, rate 0.3 %).
    await h.providerRound(p.id, toMicro('300'), { category: 7 });
    await h.providerRound(p.id, toMicro('100'), { category: 7 });
    await h.providerRound(p.id, toMicro('100'), { category: 1 });
    t.clock.advance(86_400_000 + SETTLE_GRACE_MS);
    await h.service().settle(day);
    const list = await h.get<Rebates>(p.auth, '/api/vip/rebates');
    expect(list.result.data[0]).toMatchObject({ day, valid_bet: '500.000000', amount: '0.700000' });
    expect(list.result.data[0]!.lines).toEqual([
      expect.objectContaining({ game_type_id: 1, bet_count: 1, valid_bet: '100.000000', amount: '0.300000' }),
      expect.objectContaining({ game_type_id: 7, bet_count: 2, valid_bet: '400.000000', amount: '0.400000' }),
    ]);
  });

  it('pays every rebate of a day at once when the operator turns auto-credit on', async () => {
    await t.database.db.execute(sql`update vip_settings set rebate_auto_credit = true where id = 1`);
    try {
      const [a, b] = [await h.player(), await h.player()];
      const day = reportDay(t.clock.now());
      await h.providerRound(a.id, toMicro('1000'));
      await h.providerRound(b.id, toMicro('10'), { category: 3 });
      t.clock.advance(86_400_000 + SETTLE_GRACE_MS);
      expect(await settleAll()).toBeGreaterThanOrEqual(1);
      const paid = await queryRows<{ key: string; amount: string }>(
        t.database.db,
        sql`select idempotency_key as key, amount_micro::text as amount from ledger_transfers
            where idempotency_key in (${`rebate:${a.id}:${day}`}, ${`rebate:${b.id}:${day}`}) order by 1`,
      );
      // a reaches VIP1 with this day's bets, so the day pays VIP1's slots rate (0.35 %); b stays at VIP0 (0.3 %).
      expect(paid.map((r) => r.amount).sort()).toEqual(
        [toMicro('0.03').toString(), toMicro('3.5').toString()].sort(),
      );
      expect((await h.get<Rebates>(a.auth, '/api/vip/rebates')).result).toMatchObject({
        claimable: '0.000000',
        claimed: '3.500000',
      });
      expect(await h.service().settle(day)).toMatchObject({ added: 0 });
    } finally {
      await t.database.db.execute(sql`update vip_settings set rebate_auto_credit = false where id = 1`);
    }
  });

  /**
   * `n` players written straight into the table (signing up 50 through the app would spend the test on
   * password hashing), each with a wallet and a claimable rebate of `day` of (i + 1) × 0.01 USDT.
   */
  async function playersWithRebates(n: number, day: string) {
    const tag = randomUUID().slice(0, 8);
    const rows = await queryRows<{ id: string }>(
      t.database.db,
      sql`insert into players (username, password_hash, invite_code, age_confirmed_at)
          select 'rb' || ${tag} || g, 'x', upper(${tag}) || g, now() from generate_series(1, ${n}::int) g
          returning id::text`,
    );
    const ids = rows.map((r) => Number(r.id)).sort((a, b) => a - b);
    const wallet = createWalletService({ db: t.database.db, clock: t.clock, batching: false });
    for (const id of ids) await wallet.openPlayerAccount(id);
    await t.database.db.insert(vipRebates).values(
      ids.map((playerId, i) => ({
        playerId,
        day,
        level: 0,
        validBetMicro: toMicro('100'),
        amountMicro: toMicro('0.01') * BigInt(i + 1),
        createdAt: t.clock.now(),
      })),
    );
    return ids;
  }

  const standing = { selfExcludedUntil: null };
  const rebateTransfers = (day: string) =>
    queryRows<{ key: string; amount: string }>(
      t.database.db,
      sql`select idempotency_key as key, amount_micro::text as amount from ledger_transfers
          where idempotency_key like ${`rebate:%:${day}`} order by id`,
    );

  it('pays 50 players’ rebates claimed at once in shared batches, each once with its turnover, repeated', async () => {
    for (let round = 0; round < 3; round += 1) {
      const day = `2021-03-0${round + 1}`;
      const ids = await playersWithRebates(50, day);
      // The second round runs under a rebate multiple of 2.5×, which each batch reads as it pays.
      const multiple = round === 1 ? 250n : 100n;
      await t.database.db.execute(
        sql`update vip_settings set rebate_turnover_centis = ${Number(multiple)} where id = 1`,
      );
      const warnings: object[] = [];
      const service = h.service({ warn: (details) => warnings.push(details) });
      // Besides the 50 claims, in the same burst: a second claim of one rebate and a claim of a day with none.
      const claims = [...ids, ids[7]!, ids[9]!].map((id, i) =>
        service.claimRebate(id, i === 51 ? '2021-02-28' : day, standing),
      );
      const results = await Promise.allSettled(claims);
      const refused = results.flatMap((r) => (r.status === 'rejected' ? [(r.reason as AppError).key] : []));
      expect(refused.sort()).toEqual(['REBATE_CLAIMED', 'REBATE_NOT_FOUND']);
      expect(results.slice(0, 50).every((r) => r.status === 'fulfilled')).toBe(true);
      // No batch failed as a whole: the shared path paid them, not the fallback.
      expect(warnings).toEqual([]);

      const paid = await rebateTransfers(day);
      expect(paid).toHaveLength(50);
      expect(new Map(paid.map((r) => [r.key, BigInt(r.amount)]))).toEqual(
        new Map(ids.map((id, i) => [`rebate:${id}:${day}`, toMicro('0.01') * BigInt(i + 1)])),
      );
      const required = await queryRows<{ source: string; required: string }>(
        t.database.db,
        sql`select source_id as source, required_micro::text as required from turnover_requirements
            where source_type = 'rebate' and source_id like ${`%:${day}`}`,
      );
      expect(new Map(required.map((r) => [r.source, BigInt(r.required)]))).toEqual(
        new Map(ids.map((id, i) => [`${id}:${day}`, (toMicro('0.01') * BigInt(i + 1) * multiple) / 100n])),
      );
      await t.database.db.execute(sql`update vip_settings set rebate_turnover_centis = 100 where id = 1`);
      const again = await Promise.allSettled(ids.map((id) => service.claimRebate(id, day, standing)));
      expect(
        again.every((r) => r.status === 'rejected' && (r.reason as AppError).key === 'REBATE_CLAIMED'),
      ).toBe(true);
      expect(await rebateTransfers(day)).toHaveLength(50);
    }
    expect(await createWalletService({ db: t.database.db, clock: t.clock }).verify()).toEqual([]);
  });

  it('claims a failed batch’s rebates one by one: the one that cannot be paid is refused, the others are paid', async () => {
    const day = '2021-04-01';
    const ids = await playersWithRebates(20, day);
    // A transfer already recorded under one rebate's ledger key, for another amount: that rebate's transfer
    // raises a conflict, which undoes the whole batch it is in.
    const wallet = createWalletService({ db: t.database.db, clock: t.clock, batching: false });
    await wallet.transfer({
      key: `rebate:${ids[4]}:${day}`,
      debit: { system: SystemAccount.PROMOTION_EXPENSE },
      credit: { player: ids[4]! },
      amountMicro: 1n,
      code: TransferCode.REBATE,
      reference: { type: 'rebate', id: `${ids[4]}:${day}` },
    });
    const warnings: object[] = [];
    const service = h.service({ warn: (details) => warnings.push(details) });
    const results = await Promise.allSettled(ids.map((id) => service.claimRebate(id, day, standing)));
    expect(warnings.length).toBeGreaterThanOrEqual(1);
    expect(results.map((r) => r.status === 'fulfilled')).toEqual(ids.map((_, i) => i !== 4));
    expect((results[4] as PromiseRejectedResult).reason).toMatchObject({ key: 'IDEMPOTENCY_CONFLICT' });
    // Its rebate is still claimable: the batch that flipped it was undone, and so was its claim alone.
    const [left] = await queryRows<{ status: number }>(
      t.database.db,
      sql`select status::int from vip_rebates where player_id = ${ids[4]} and day = ${day}`,
    );
    expect(left).toEqual({ status: 1 });
    expect(await rebateTransfers(day)).toHaveLength(20);
    expect(await wallet.verify()).toEqual([]);
  });

  /** The player's stored standing: [points, level, the last day settled into the points], or null. */
  async function vipRow(playerId: number) {
    const [row] = await queryRows<{ points: string; level: number; through: string | null }>(
      t.database.db,
      sql`select points_micro::text as points, level, settled_through::text as through
          from vip_players where player_id = ${playerId}`,
    );
    return row ? [BigInt(row.points), row.level, row.through] : null;
  }

  it('adds each settled day to the points once, for players with a VIP row and without, across days', async () => {
    await h.seed();
    const quiet = await h.player();
    const looker = await h.player();
    const day1 = reportDay(t.clock.now());
    await h.providerRound(quiet.id, toMicro('600'));
    // The lottery counts 50 % in the demo table: half of 1.999999 is 0.9999995, rounded down to the micro.
    await h.providerRound(quiet.id, toMicro('1.999999'), { category: 2 });
    await h.providerRound(looker.id, toMicro('1200'));
    // The looker's own look reaches VIP1 live and writes their row before any day is settled.
    expect((await h.get<VipList>(looker.auth, '/api/vip/list')).result.level).toBe(1);
    expect(await vipRow(looker.id)).toEqual([0n, 1, null]);
    expect(await vipRow(quiet.id)).toBeNull();

    t.clock.advance(86_400_000);
    const day2 = reportDay(t.clock.now());
    await h.providerRound(quiet.id, toMicro('500'));
    await h.providerRound(looker.id, toMicro('300'));
    t.clock.advance(86_400_000 + SETTLE_GRACE_MS);
    await h.service().settle(day1);
    expect(await vipRow(quiet.id)).toEqual([toMicro('600.999999'), 0, day1]);
    expect(await vipRow(looker.id)).toEqual([toMicro('1200'), 1, day1]);
    await h.service().settle(day2);
    await h.service().settle(day2);
    await h.service().settle(day1);
    expect(await vipRow(quiet.id)).toEqual([toMicro('1100.999999'), 1, day2]);
    expect(await vipRow(looker.id)).toEqual([toMicro('1500'), 1, day2]);
    // VIP1's level-up reward once each: the settled run's for the quiet one, the look's for the looker.
    const rewards = await queryRows<{ player: number | string; n: number }>(
      t.database.db,
      sql`select player_id as player, count(*)::int as n from vip_rewards
          where player_id in (${quiet.id}, ${looker.id}) and type = 1 group by player_id order by player_id`,
    );
    expect(rewards.map((r) => [Number(r.player), r.n])).toEqual([
      [quiet.id, 1],
      [looker.id, 1],
    ]);
  });

  it.skipIf(testLeg() !== 'postgres')(
    'settles a day when a player’s own look writes their VIP row while the run is writing it',
    async () => {
      await h.seed();
      const p = await h.player();
      const day = reportDay(t.clock.now());
      await h.providerRound(p.id, toMicro('700'));
      t.clock.advance(86_400_000 + SETTLE_GRACE_MS);
      // Another connection writes the player's row and keeps it uncommitted, so the run's insert of the row
      // waits on the primary key; once that commits, the run's insert meets it and must still settle the day.
      const pool = (t.database.db as unknown as { $client: pg.Pool }).$client;
      const look = await pool.connect();
      try {
        await look.query('begin');
        await look.query('insert into vip_players (player_id, updated_at) values ($1, now())', [p.id]);
        const settling = h.service().settle(day);
        for (let i = 0; i < 100; i += 1) {
          const { rows } = await pool.query<{ n: number }>(
            `select count(*)::int as n from pg_stat_activity
             where datname = current_database() and wait_event_type = 'Lock' and query like '%vip_players%'`,
          );
          if (rows[0]!.n > 0) break;
          await new Promise((r) => setTimeout(r, 20));
        }
        await look.query('commit');
        expect(await settling).toMatchObject({ added: 1, players: 1 });
      } finally {
        look.release();
      }
      expect(await vipRow(p.id)).toEqual([toMicro('700'), 0, day]);
      expect(await h.service().settle(day)).toMatchObject({ added: 0 });
      expect(await vipRow(p.id)).toEqual([toMicro('700'), 0, day]);
    },
  );

  it('refuses a malformed day (400) and an unknown one with a message', async () => {
    const p = await h.player();
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/vip/rebate/receive',
      headers: p.auth,
      payload: { day: '2026-02-31' },
    });
    expect(bad.statusCode).toBe(400);
    expect((await h.post(p.auth, '/api/vip/rebate/receive', { day: '2020-01-01' })).code).toBe(7510);
  });
});

type Competition = {
  period: { id: number; status: number } | null;
  top: { rank: number; name: string; score: string; prize: string | null }[];
  me: { rank: number; score: string } | null;
};

describe('the masters tournament', () => {
  // Without the demo content, whose own tournament would overlap the test's period.
  const t = useTestApp({ seedDemo: false });
  const h = vipHarness(() => t);
  const noAudit = async () => undefined;

  it('ranks live by valid bets and pays each prize once across re-runs, with its turnover', async () => {
    await h.seed();
    const today = reportDay(t.clock.now());
    const service = h.service();
    const period = await service.savePeriod(
      null,
      { name: '测试赛', startDay: today, endDay: today, topN: 10, turnoverCentis: 200 },
      [
        { rank: 1, amountMicro: toMicro('100') },
        { rank: 2, amountMicro: toMicro('50') },
        { rank: 3, amountMicro: toMicro('20') },
      ],
      noAudit,
    );
    const [a, b] = [await h.player(), await h.player()];
    await h.providerRound(a.id, toMicro('300'));
    await h.providerRound(b.id, toMicro('200'));
    await h.providerRound(b.id, toMicro('500'), { rollBack: true });
    const view = await h.get<Competition>(b.auth, '/api/task/competition/period');
    expect(view.result.top.map((s) => [s.rank, s.score, s.prize])).toEqual([
      [1, '300.000000', '100.000000'],
      [2, '200.000000', '50.000000'],
    ]);
    expect(view.result.top[0]!.name).toBe(maskName(a.username));
    expect(view.result.me).toMatchObject({ rank: 2, score: '200.000000' });

    await expect(service.payPeriod(period.id)).rejects.toMatchObject({ key: 'TOURNAMENT_NOT_OVER' });
    t.clock.advance(86_400_000 + SETTLE_GRACE_MS);
    const runs = await Promise.all([service.payDuePeriods(), h.service().payDuePeriods()]);
    expect(runs[0] + runs[1]).toBe(2);
    expect(await service.payDuePeriods()).toBe(0);
    expect(await service.payPeriod(period.id)).toBe(0);
    const paid = await queryRows<{ key: string; amount: string }>(
      t.database.db,
      sql`select idempotency_key as key, amount_micro::text as amount from ledger_transfers
          where idempotency_key like ${`tournament:${period.id}:%`} order by 1`,
    );
    expect(paid).toEqual([
      { key: `tournament:${period.id}:1`, amount: toMicro('100').toString() },
      { key: `tournament:${period.id}:2`, amount: toMicro('50').toString() },
    ]);
    const required = await queryRows<{ total: string }>(
      t.database.db,
      sql`select required_micro::text as total from turnover_requirements
          where player_id = ${a.id} and source_type = 'tournament'`,
    );
    expect(required[0]!.total).toBe(toMicro('200').toString());
    expect(
      (await h.get<Competition>(a.auth, `/api/task/competition/period?period_id=${period.id}`)).result.period,
    ).toMatchObject({ status: 2 });
    expect(await createWalletService({ db: t.database.db, clock: t.clock }).verify()).toEqual([]);
  });
});

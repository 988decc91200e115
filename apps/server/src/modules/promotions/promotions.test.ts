import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { toMicro } from '@koi/ledger';
import { useTestApp } from '../../../test/app';
import { expectRaceOutcome } from '../../../test/race';
import { testConfig } from '../../config';
import { queryRows } from '../../db/client';
import { betsForTests } from '../bets/bets.fixtures';
import { withdrawalsHarness } from '../withdrawals/withdrawals.fixtures';
import { fullMatch, promotionsHarness, TERMS } from './promotions.fixtures';
import { bonusWire } from './promotions.wire';

const FIRST_DEPOSIT = {
  deposit: 'first',
  percent_bp: 5000,
  min_deposit: '20',
  max_bonus: '50',
  terms: TERMS,
};

describe('claims: the first-deposit bonus through the API, with its turnover', () => {
  const t = useTestApp({ withdrawals: { ...testConfig().withdrawals, addressDelayMs: 0 } });
  const h = promotionsHarness(() => t);
  const w = withdrawalsHarness(() => t);

  it('lists the promotion for a guest and a player, refuses before the deposit, pays 50 % up to the cap after it', async () => {
    const promo = await h.promotion(1, FIRST_DEPOSIT);
    const guest = await h.call<{ id: number; state: string }[]>(null, 'GET', '/api/plat/task/list');
    expect(guest.result.find((p) => p.id === promo.id)).toMatchObject({ state: 'guest' });

    const p = await h.player();
    const before = await h.claim(p.auth, promo.id);
    expect(before).toMatchObject({ code: 7003 });
    expect(before.error?.message).toContain('首次充值');
    const listed = await h.call<{ id: number; state: string; refusal: string }[]>(
      p.auth,
      'GET',
      '/api/plat/task/list',
    );
    expect(listed.result.find((x) => x.id === promo.id)).toMatchObject({ state: 'locked' });

    await h.deposit(p.playerId, '80');
    const detail = await h.call<{ state: string; amount: string; terms: { multiple: string } }>(
      p.auth,
      'GET',
      `/api/plat/task/detail?id=${promo.id}`,
    );
    expect(detail.result).toMatchObject({ state: 'claimable', amount: '40', terms: { multiple: '10' } });
    const paid = await h.claim(p.auth, promo.id);
    expect(paid).toMatchObject({ code: 200, result: { amount: '40', turnover_required: '400' } });
    expect(await h.available(p.playerId)).toBe(toMicro('120'));
    expect(await h.claim(p.auth, promo.id)).toMatchObject({ code: 7002 });

    const bonuses = await h.call<Record<string, unknown>[]>(p.auth, 'POST', '/api/plat/bonuses', {});
    expect(bonuses.result).toEqual([
      expect.objectContaining({
        amount: '40',
        state: 'open',
        required: '400',
        done: '0',
        remaining: '400',
        percent: 0,
      }),
    ]);
    const log = await h.call<{ total: number }>(p.auth, 'POST', '/api/plat/task/receive/log', {});
    expect(log.result.total).toBe(1);
    await h.invariantsClean();
  });

  it('the bonus turnover blocks withdrawal and releases at the exact amount; near-certain bets count nothing', async () => {
    const promo = await h.promotion(1, fullMatch('10', {}, '20'));
    const p = await w.player({ deposit: '300' });
    expect(await h.claim(p.auth, promo.id)).toMatchObject({
      code: 200,
      result: { amount: '10', turnover_required: '100' },
    });
    const address = await w.bind(p.auth);
    t.clock.advance(60_000);
    const refused = await w.apply(p.auth, { amount: '20', address_id: address.id });
    expect(refused.code).toBe(5020);
    expect(refused.error?.message).toContain('100');
    // A near-certain dice bet (97 % to win) is not a valid bet and clears nothing.
    expect((await h.dice(p.auth, '10', '3')).code).toBe(200);
    expect(await h.turnover().remainingOf(p.playerId)).toBe(toMicro('100'));
    for (let i = 0; i < 9; i += 1) expect((await h.dice(p.auth, '10')).code).toBe(200);
    expect((await h.dice(p.auth, '9.9999')).code).toBe(200);
    expect(await h.turnover().remainingOf(p.playerId)).toBe(toMicro('0.0001'));
    expect((await w.apply(p.auth, { amount: '20', address_id: address.id })).code).toBe(5020);
    expect((await h.dice(p.auth, '0.1')).code).toBe(200);
    expect(await h.turnover().remainingOf(p.playerId)).toBe(0n);
    const bonuses = await h.call<{ state: string; percent: number }[]>(
      p.auth,
      'POST',
      '/api/plat/bonuses',
      {},
    );
    expect(bonuses.result[0]).toMatchObject({ state: 'cleared', percent: 100 });
    expect((await w.apply(p.auth, { amount: '20', address_id: address.id })).code).toBe(200);
    await h.invariantsClean();
  });

  it('refuses a bet above the bonus max bet while its turnover is open, and allows it once cleared', async () => {
    const promo = await h.promotion(1, fullMatch('2', { multiple_centis: 100, max_bet: '5' }, '20'));
    const p = await h.player({ deposit: '100' });
    expect((await h.claim(p.auth, promo.id)).code).toBe(200);
    const big = await h.dice(p.auth, '5.0001');
    expect(big).toMatchObject({ code: 7017 });
    expect(big.error?.message).toContain('5 USDT');
    expect(await h.dice(p.auth, '2')).toMatchObject({ code: 200 });
    // The requirement was 2 (1×): played through, the limit no longer applies.
    expect((await h.dice(p.auth, '6')).code).toBe(200);
    await h.invariantsClean();
  });

  it('50 concurrent clearings and withdrawal applications cut the winnings above max win once', async () => {
    const promo = await h.promotion(1, fullMatch('10', { multiple_centis: 100, max_win: '3' }, '20'));
    const p = await w.player({ deposit: '20' });
    expect((await h.claim(p.auth, promo.id)).code).toBe(200);
    // One round that plays the 10 USDT of turnover through and wins 5 net, recorded without its bet.settled
    // event, so the grant is still open when the race starts.
    const now = t.clock.now();
    await betsForTests({ database: t.database, clock: t.clock }).recordSettledRound(t.database.db, {
      providerId: 1,
      roundId: randomUUID(),
      playerId: p.playerId,
      gameCode: 'slots-demo',
      gameTypeId: 5,
      stakeMicro: toMicro('10'),
      payoutMicro: toMicro('15'),
      openedAt: now,
      settledAt: now,
    });
    const address = await w.bind(p.auth);
    t.clock.advance(60_000);
    const service = h.service();
    const [clearings, applies] = await Promise.all([
      Promise.allSettled(Array.from({ length: 25 }, () => service.clearCompleted(p.playerId))),
      Promise.all(Array.from({ length: 25 }, () => w.apply(p.auth, { amount: '1', address_id: address.id }))),
    ]);
    expect(clearings.filter((c) => c.status === 'rejected')).toEqual([]);
    expect(applies.every((a) => a.status === 200)).toBe(true);
    const cuts = await queryRows<{ amount: string }>(
      t.database.db,
      sql`select amount_micro::text as amount from ledger_transfers where reference_type = 'bonus_max_win'
            and debit_account_id in (select id from ledger_accounts where player_id = ${p.playerId})`,
    );
    expect(cuts).toEqual([{ amount: '2000000' }]);
    const [grant] = await queryRows<{ status: number; forfeited_micro: string }>(
      t.database.db,
      sql`select status, forfeited_micro::text from bonus_grants where player_id = ${p.playerId}`,
    );
    expect(grant).toEqual({ status: 2, forfeited_micro: '2000000' });
    await h.invariantsClean();
  });

  it('self-exclusion forfeits the promotional part of open bonuses (BONUS_FORFEIT) and waives their turnover', async () => {
    const promo = await h.promotion(1, fullMatch('30', {}, '20'));
    const p = await h.player({ deposit: '50' });
    expect((await h.claim(p.auth, promo.id)).code).toBe(200);
    expect(await h.available(p.playerId)).toBe(toMicro('80'));
    const res = await h.call(p.auth, 'POST', '/api/plat/self-exclude', { period: '24h' });
    expect(res.code).toBe(200);
    // The forfeit follows the event after commit.
    for (let i = 0; i < 80 && (await h.available(p.playerId)) !== toMicro('50'); i += 1) {
      await new Promise((r) => setTimeout(r, 25));
    }
    expect(await h.available(p.playerId)).toBe(toMicro('50'));
    expect(await h.turnover().remainingOf(p.playerId)).toBe(0n);
    const rows = await queryRows<{ status: number; forfeited_micro: string }>(
      t.database.db,
      sql`select status, forfeited_micro::text from bonus_grants where player_id = ${p.playerId}`,
    );
    expect(rows).toEqual([{ status: 3, forfeited_micro: '30000000' }]);
    // Self-excluded, the player is signed out: what /api/plat/bonuses would show, from its wire.
    const [shown] = (await h.service().bonuses(p.playerId)).map(bonusWire);
    expect(shown).toMatchObject({ state: 'forfeited', forfeited: '30', forfeit_reason: 'forfeited' });
    await h.invariantsClean();
  });
});

describe('claims under concurrency', () => {
  const t = useTestApp();
  const h = promotionsHarness(() => t);

  it('50 concurrent claims of one reward pay once (twice over)', async () => {
    const promo = await h.promotion(3, { amount: '8', new_player_days: 7, terms: TERMS });
    for (let round = 0; round < 2; round += 1) {
      const p = await h.player();
      const service = h.service();
      const outcomes = await Promise.allSettled(
        Array.from({ length: 50 }, () => service.claim(p.playerId, promo.id)),
      );
      expectRaceOutcome(outcomes, { through: 1, refusedWith: 'PROMOTION_ALREADY_CLAIMED' });
      expect(await h.available(p.playerId)).toBe(toMicro('8'));
    }
    await h.invariantsClean();
  });

  // Fifty sign-ups hash fifty passwords first (argon2), which takes a while on a shared machine.
  it('a budget is spent exactly to its limit by 50 concurrent claims of 50 players', async () => {
    const promo = await h.promotion(3, { amount: '10', new_player_days: 7, terms: TERMS }, { budget: '250' });
    const players = [];
    for (let i = 0; i < 50; i += 1) players.push(await h.player());
    const service = h.service();
    const outcomes = await Promise.allSettled(players.map((p) => service.claim(p.playerId, promo.id)));
    expectRaceOutcome(outcomes, { through: 25, refusedWith: 'PROMOTION_BUDGET_EXHAUSTED' });
    const row = await queryRows<{ spent: string }>(
      t.database.db,
      sql`select spent_micro::text spent from promotions where id = ${promo.id}`,
    );
    expect(row[0]!.spent).toBe('250000000');
    await h.invariantsClean();
  }, 240_000);

  it('once per household: two accounts on one device claim at the same moment, one is paid, and the group says why', async () => {
    const promo = await h.promotion(
      3,
      { amount: '5', new_player_days: 7, terms: TERMS },
      { household: true },
    );
    const a = await h.player({ device: 'shared-device-1' });
    const b = await h.player({ device: 'shared-device-1' });
    const service = h.service();
    const outcomes = await Promise.allSettled([
      service.claim(a.playerId, promo.id),
      service.claim(b.playerId, promo.id),
    ]);
    expectRaceOutcome(outcomes, { through: 1, refusedWith: 'PROMOTION_HOUSEHOLD_CLAIMED' });
    const later = await h.claim(a.auth, promo.id);
    expect(later.code === 7002 || later.code === 7008).toBe(true);
    const group = await service.household(a.playerId);
    expect(group.members).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ playerId: b.playerId, reason: 'device', value: 'shared-device-1' }),
      ]),
    );
    await h.invariantsClean();
  });
});

describe('households through the app: a shared withdrawal address or TRC20 sender links accounts', () => {
  const t = useTestApp();
  const h = promotionsHarness(() => t);

  /** A player on a device and a sign-up IP of their own (test players all sign up from 127.0.0.1). */
  let nextIp = 1;
  async function alone(device: string) {
    const p = await h.player({ device });
    await t.database.db.execute(
      sql`update players set register_ip = ${`198.51.100.${nextIp++}`} where id = ${p.playerId}`,
    );
    return p;
  }

  it('pays a once-per-household promotion once to players who share a withdrawal address, or a sender', async () => {
    const promo = await h.promotion(
      3,
      { amount: '5', new_player_days: 7, terms: TERMS },
      { household: true },
    );
    const now = new Date().toISOString();
    // Two players on different devices who saved the same TRC20 withdrawal address.
    const a = await alone('household-a');
    const b = await alone('household-b');
    const shared = 'TQ4fXh1bGUGJt1mpbDqb8cd3ixsXbYKrw9';
    for (const p of [a, b]) {
      await t.database.db.execute(
        sql`insert into withdrawal_addresses (player_id, type, address, area, created_at, usable_at)
            values (${p.playerId}, 1, ${shared}, '', ${now}::timestamptz, ${now}::timestamptz)`,
      );
    }
    expect((await h.claim(a.auth, promo.id)).code).toBe(200);
    expect((await h.claim(b.auth, promo.id)).code).toBe(7008);

    // Two more, linked only because one TRC20 wallet paid deposits to both.
    const c = await alone('household-c');
    const d = await alone('household-d');
    const sender = 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8';
    for (const [i, p] of [c, d].entries()) {
      await t.database.db.execute(
        sql`insert into chain_transfers (tx_id, event_key, token_contract, token_symbol, from_address, to_address,
              amount_micro, block_timestamp, confirmed, status, player_id, first_seen_at)
            values (${`hh-${p.playerId}-${i}`}, '0', 'usdt', 'USDT', ${sender}, ${`TTo${p.playerId}`}, 1000000,
              ${now}::timestamptz, true, 3, ${p.playerId}, ${now}::timestamptz)`,
      );
    }
    expect((await h.claim(d.auth, promo.id)).code).toBe(200);
    expect((await h.claim(c.auth, promo.id)).code).toBe(7008);
    // A player linked to nobody is paid as usual.
    const e = await alone('household-e');
    expect((await h.claim(e.auth, promo.id)).code).toBe(200);
    await h.invariantsClean();
  });
});

describe('valid bets only: rolled-back and near-certain rounds count nothing for a turnover tier', () => {
  const t = useTestApp();
  const h = promotionsHarness(() => t);

  it('pays the tier for yesterday’s valid bets and nothing for rounds that do not count', async () => {
    const tiers = {
      window: 'day',
      categories: [],
      tiers: [{ min_valid_bet: '10', reward: '3' }],
      terms: TERMS,
    };
    const promo = await h.promotion(9, tiers);
    const a = await h.player({ deposit: '100' });
    const b = await h.player({ deposit: '100' });
    // a: 5 valid, 20 near-certain, and a provider round of 20 settled then rolled back.
    expect((await h.dice(a.auth, '5')).code).toBe(200);
    expect((await h.dice(a.auth, '20', '3')).code).toBe(200);
    const now = t.clock.now().toISOString();
    await t.database.db.execute(
      sql`select koi_bet_round_record(2, 'promo-r1', ${a.playerId}, 'slot-1', 5, 20000000, 0, true, ${now}::timestamptz)`,
    );
    await t.database.db.execute(
      sql`select koi_bet_round_rolled_back(2, 'promo-r1', ${a.playerId}, 20000000, ${now}::timestamptz)`,
    );
    // b: exactly 10 valid.
    expect((await h.dice(b.auth, '4')).code).toBe(200);
    expect((await h.dice(b.auth, '6')).code).toBe(200);
    t.clock.advance(86_400_000);
    const refused = await h.claim(a.auth, promo.id);
    expect(refused.code).toBe(7003);
    const detail = await h.call<{ progress: { label: string; current: string }[] }>(
      a.auth,
      'GET',
      `/api/plat/task/detail?activity_type=9`,
    );
    expect(detail.result.progress[0]).toMatchObject({ label: 'valid_bet', current: '5' });
    expect(await h.claim(b.auth, promo.id)).toMatchObject({ code: 200, result: { amount: '3' } });
    await h.invariantsClean();
  });
});

describe('audience by country: the sign-up country against the promotion’s list', () => {
  const t = useTestApp();
  const h = promotionsHarness(() => t);
  const TRIAL = { amount: '5', new_player_days: 7, terms: TERMS };

  const signUpCountry = async (playerId: number) =>
    (
      await queryRows<{ country: string | null }>(
        t.database.db,
        sql`select register_country as country from players where id = ${playerId}`,
      )
    )[0]!.country;

  it('keeps an assigned country from the geo header at sign-up, and nothing for unknown, Tor or none', async () => {
    expect(await signUpCountry((await h.player({ country: 'vn' })).playerId)).toBe('VN');
    for (const country of ['XX', 'T1', undefined]) {
      expect(await signUpCountry((await h.player({ country })).playerId)).toBeNull();
    }
  });

  it('pays a player in the list, refuses one outside it or of unknown country with the list by name, and shows why', async () => {
    const promo = await h.promotion(3, TRIAL, { audience: { countries: ['VN', 'TH'] } });
    const inside = await h.player({ country: 'TH' });
    expect(await h.claim(inside.auth, promo.id)).toMatchObject({ code: 200, result: { amount: '5' } });

    const outside = await h.player({ country: 'BR' });
    const refused = await h.claim(outside.auth, promo.id);
    expect(refused.code).toBe(7020);
    expect(refused.error?.message).toBe('本活动仅限以下国家或地区的玩家参加：越南、泰国');
    const detail = await h.call<{ state: string; refusal: string; refusal_code: number }>(
      outside.auth,
      'GET',
      `/api/plat/task/detail?id=${promo.id}`,
    );
    expect(detail.result).toMatchObject({ state: 'locked', refusal_code: 7020 });
    expect(detail.result.refusal).toContain('越南、泰国');

    const unknown = await h.player();
    const notKnown = await h.claim(unknown.auth, promo.id);
    expect(notKnown.code).toBe(7021);
    expect(notKnown.error?.message).toContain('未能确认');
    expect(await h.available(outside.playerId)).toBe(0n);
    expect(await h.available(unknown.playerId)).toBe(0n);
    await h.invariantsClean();
  });

  it('an empty list is every country, the unknown included', async () => {
    const promo = await h.promotion(3, TRIAL, { audience: { countries: [] } });
    for (const country of ['BR', undefined]) {
      const p = await h.player({ country });
      expect((await h.claim(p.auth, promo.id)).code).toBe(200);
    }
    await h.invariantsClean();
  });
});

import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { GameProvider } from '@koi/contract';
import { toMicro } from '@koi/ledger';
import { diceMultiplier, limboMultiplier, minesMultiplier } from '@koi/fair';
import { body, signUp, useTestApp } from '../../../test/app';
import { players } from '../../db/schema';
import { reportDay } from '../../lib/time-range';
import { createTurnoverService } from '../turnover/turnover.service';
import { betsForTests, validBetFeedDrift } from './bets.fixtures';
import { isValidBet, NEAR_CERTAIN_DEFAULT_BP, winChanceOf } from './valid-bets';

describe('the valid-bet rule', () => {
  const chanceBp = (c: { numerator: bigint; denominator: bigint }) =>
    Number((c.numerator * 10_000n) / c.denominator);

  it('reads an original’s win chance from what it pays, for every game', () => {
    expect(
      chanceBp(winChanceOf(diceMultiplier({ targetHundredths: 300, direction: 'over' }, 100), 100)),
    ).toBe(9700);
    expect(
      chanceBp(winChanceOf(diceMultiplier({ targetHundredths: 5000, direction: 'under' }, 100), 100)),
    ).toBe(5000);
    // Limbo at 1.01×: 99 % / 1.01 = 98.0 %.
    expect(chanceBp(winChanceOf(limboMultiplier({ targetHundredths: 101 }), 100))).toBe(9801);
    // Mines, one mine, one reveal: 24 of 25 tiles are safe.
    expect(chanceBp(winChanceOf(minesMultiplier(1, 1, 100), 100))).toBe(9600);
  });

  it('counts a chance up to the threshold, not above it, and every provider round', () => {
    const at = (bp: number) => ({ numerator: BigInt(bp), denominator: 10_000n });
    expect(isValidBet(at(9500), NEAR_CERTAIN_DEFAULT_BP)).toBe(true);
    expect(isValidBet(at(9501), NEAR_CERTAIN_DEFAULT_BP)).toBe(false);
    expect(isValidBet(at(9800), 9900)).toBe(true);
    expect(isValidBet(undefined, 0)).toBe(true);
  });
});

describe('the valid-bet feed of originals', () => {
  const t = useTestApp({ demoSignupBonus: '1000' });
  const bets = () => betsForTests({ database: t.database, clock: t.clock });

  const dice = async (
    auth: Record<string, string>,
    amount: string,
    target: string,
    key: string = randomUUID(),
  ) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/originals/dice/bet',
      headers: auth,
      payload: { idempotency_key: key, amount, target, direction: 'over' },
    });
    const b = body<{ payout: string }>(res);
    expect(b.code).toBe(200);
    return toMicro(b.result.payout);
  };
  const playerOf = async (username: string) =>
    (await t.database.db.select({ id: players.id }).from(players).where(eq(players.username, username)))[0]!
      .id;

  it('counts a settled original once, leaves a near-certain one out of the feed (but in the records), and never twice for a retried bet', async () => {
    const { auth, username } = await signUp(t.app);
    const id = await playerOf(username);
    const day = reportDay(t.clock.now());
    // 50.00 % and exactly 95.00 % count; 97.00 % is near-certain.
    const p1 = await dice(auth, '2', '50');
    const p2 = await dice(auth, '3', '5');
    const key: string = randomUUID();
    await dice(auth, '7', '3', key);
    // The same bet again (its idempotency key) is answered from the first and counts nothing more.
    await dice(auth, '7', '3', key);
    const p3 = await dice(
      auth,
      '4',
      '50',
      key.replace(/.$/, (c) => (c === '0' ? '1' : '0')),
    );

    const [total] = await bets().validBets(id, day, day);
    expect(total).toEqual({
      betCount: 3,
      stakeMicro: toMicro('9'),
      payoutMicro: p1 + p2 + p3,
      resultMicro: p1 + p2 + p3 - toMicro('9'),
    });
    const records = body<{ summary: { bet_count: number; stake: string } }>(
      await t.app.inject({
        method: 'POST',
        url: '/api/plat/bet-records',
        headers: auth,
        payload: { range: 2 },
      }),
    );
    // The near-certain bet is still a bet the player made and sees.
    expect(records.result.summary).toMatchObject({ bet_count: 4, stake: '16.000000' });
    expect(await validBetFeedDrift(t.database.db)).toEqual([]);
  });

  it('groups by day, category and provider, and sums a team over a period', async () => {
    const a = await signUp(t.app);
    const b = await signUp(t.app);
    const [ida, idb] = [await playerOf(a.username), await playerOf(b.username)];
    const today = reportDay(t.clock.now());
    await dice(a.auth, '1', '50');
    await dice(b.auth, '2', '50');
    t.clock.advance(86_400_000);
    const tomorrow = reportDay(t.clock.now());
    await dice(a.auth, '5', '50');
    await dice(a.auth, '6', '3');

    const byDay = await bets().validBets(ida, today, tomorrow, ['day']);
    expect(byDay.map((r) => [r.day, r.betCount, r.stakeMicro])).toEqual([
      [today, 1, toMicro('1')],
      [tomorrow, 1, toMicro('5')],
    ]);
    const byAll = await bets().validBets(ida, today, tomorrow, ['category', 'provider', 'day']);
    expect(byAll.every((r) => r.providerId === GameProvider.KOI && typeof r.gameTypeId === 'number')).toBe(
      true,
    );
    expect(byAll.map((r) => r.day)).toEqual([today, tomorrow]);
    // A day outside the range, and a player with no bets, answer nothing.
    expect(await bets().validBets(ida, tomorrow, tomorrow)).toMatchObject([{ betCount: 1 }]);
    const team = await bets().validBetsOfPlayers([ida, idb, 999_999_999], today, tomorrow);
    expect(team.map((r) => [r.playerId, r.betCount, r.stakeMicro])).toEqual([
      [ida, 2, toMicro('6')],
      [idb, 1, toMicro('2')],
    ]);
    expect(await bets().validBetsOfPlayers([], today, tomorrow)).toEqual([]);
  });

  it('counts a near-certain original toward turnover no more than toward the feed', async () => {
    const { auth, username } = await signUp(t.app);
    const id = await playerOf(username);
    const turnover = createTurnoverService({
      db: t.database.db,
      clock: t.clock,
      records: bets(),
      multiples: { depositMultipleCentis: 100, bonusMultipleCentis: 1000 },
    });
    t.clock.advance(1_000);
    await turnover.addRequirement({
      playerId: id,
      sourceType: 'deposit',
      sourceId: `vb-${id}`,
      amountMicro: toMicro('30'),
    });
    const before = await turnover.remainingOf(id);
    t.clock.advance(1_000);
    await dice(auth, '20', '3');
    expect(await turnover.remainingOf(id)).toBe(before);
    await dice(auth, '10', '50');
    expect(await turnover.remainingOf(id)).toBe(before - toMicro('10'));
  });

  it('keeps the feed exact under 50 concurrent bets of one player, repeated', async () => {
    const { auth, username } = await signUp(t.app);
    const id = await playerOf(username);
    const day = reportDay(t.clock.now());
    for (let run = 1; run <= 2; run += 1) {
      const keys = Array.from({ length: 25 }, () => randomUUID());
      // Every key twice at once: 50 requests, 25 bets.
      await Promise.all([...keys, ...keys].map((key) => dice(auth, '1', '50', key)));
      const [total] = await bets().validBets(id, day, day);
      expect(total!.betCount).toBe(25 * run);
      expect(total!.stakeMicro).toBe(toMicro(String(25 * run)));
    }
    expect(await validBetFeedDrift(t.database.db)).toEqual([]);
  });
});

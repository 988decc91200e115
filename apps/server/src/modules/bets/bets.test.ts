import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { body, signUp, useTestApp } from '../../../test/app';
import { betRounds, players } from '../../db/schema';

type Records = {
  data: {
    game_code: string;
    game_name: string;
    plat_type_id: number;
    plat_name: string;
    bet_count: number;
    stake: string;
    payout: string;
    profit: string;
  }[];
  total: number;
  summary: { bet_count: number; stake: string; payout: string; profit: string };
};
type Detail = {
  data: {
    round_id: string;
    game_name: string;
    stake: string;
    payout: string;
    status: number;
    fairness: null | { nonce: number; server_seed: string | null; outcome: unknown };
  }[];
  total: number;
};

describe('bet records and win/loss report', () => {
  const t = useTestApp({ demoSignupBonus: '100' });

  const post = <T>(auth: Record<string, string>, url: string, payload: object = {}) =>
    t.app
      .inject({ method: 'POST', url, headers: auth, payload })
      .then((res) => ({ status: res.statusCode, ...body<T>(res) }));
  const dice = (auth: Record<string, string>, amount: string) =>
    post(auth, '/api/originals/dice/bet', {
      idempotency_key: randomUUID(),
      amount,
      target: '50',
      direction: 'over',
    });
  const playerOf = async (username: string) =>
    (await t.database.db.select({ id: players.id }).from(players).where(eq(players.username, username)))[0];
  const limbo = (auth: Record<string, string>, amount: string) =>
    post(auth, '/api/originals/limbo/bet', { idempotency_key: randomUUID(), amount, target: '2' });

  it('sums today’s bets per game with a summary, and pages', async () => {
    const { auth } = await signUp(t.app);
    for (let i = 0; i < 3; i += 1) await dice(auth, '1');
    await dice(auth, '2');
    await dice(auth, '2');
    await limbo(auth, '1');
    const res = await post<Records>(auth, '/api/plat/bet-records', { range: 2 });
    expect(res.code).toBe(200);
    const byGame = Object.fromEntries(res.result.data.map((r) => [r.game_code, r]));
    expect(byGame.dice).toMatchObject({
      plat_type_id: 15,
      plat_name: 'Koi原创',
      game_name: '骰子',
      bet_count: 5,
      stake: '7.000000',
    });
    expect(byGame.limbo).toMatchObject({ game_name: '极限倍数', bet_count: 1, stake: '1.000000' });
    // The same records in English mode: the same rows, the provider and the games named in English.
    const en = await post<Records>({ ...auth, 'accept-language': 'en' }, '/api/plat/bet-records', {
      range: 2,
    });
    expect(en.result.data.map((r) => [r.game_code, r.plat_name, r.game_name, r.bet_count])).toEqual(
      res.result.data.map((r) => [
        r.game_code,
        'Koi Originals',
        { dice: 'Dice', limbo: 'Limbo' }[r.game_code],
        r.bet_count,
      ]),
    );
    const detail = await post<Detail>({ ...auth, 'accept-language': 'en' }, '/api/plat/bet-detail', {
      plat_type_id: 15,
      game_code: 'dice',
      range: 2,
    });
    expect(detail.result.data[0]?.game_name).toBe('Dice');
    expect(res.result.summary.bet_count).toBe(6);
    expect(res.result.summary.stake).toBe('8.000000');
    expect(res.result.total).toBe(2);
    const page = await post<Records>(auth, '/api/plat/bet-records', { range: 2, size: 1, page: 2 });
    expect(page.result.data).toHaveLength(1);
  });

  it('moves today into yesterday when the day turns, and the week keeps both', async () => {
    const { auth } = await signUp(t.app);
    await dice(auth, '1');
    t.clock.advance(24 * 3_600_000);
    await dice(auth, '1');
    const count = async (range: number) =>
      (await post<Records>(auth, '/api/plat/bet-records', { range })).result.summary.bet_count;
    expect(await count(1)).toBe(1);
    expect(await count(2)).toBe(1);
    expect(await count(3)).toBe(2);
  });

  it('lists the rounds of one game with fairness data; the server seed shows only after rotation', async () => {
    const { auth } = await signUp(t.app);
    await dice(auth, '1');
    await dice(auth, '1');
    const before = await post<Detail>(auth, '/api/plat/bet-detail', {
      plat_type_id: 15,
      game_code: 'dice',
      range: 3,
    });
    expect(before.result.total).toBe(2);
    expect(before.result.data.map((r) => r.game_name)).toEqual(['骰子', '骰子']);
    expect(before.result.data[0]!.fairness).toMatchObject({ nonce: 1, server_seed: null });
    // The round's outcome is on the snake_case wire, as the bet answered it.
    expect(before.result.data[0]!.fairness!.outcome).toMatchObject({
      roll_hundredths: expect.any(Number),
      win_chance: expect.any(String),
    });
    await post(auth, '/api/originals/seeds/rotate', {});
    const after = await post<Detail>(auth, '/api/plat/bet-detail', {
      plat_type_id: 15,
      game_code: 'dice',
      range: 3,
    });
    expect(after.result.data[0]!.fairness!.server_seed).toMatch(/^[0-9a-f]{64}$/);
  });

  it('stores an original round’s seed pair and nonce as columns and joins its bet by them, not by the round id', async () => {
    const { auth, username } = await signUp(t.app);
    await dice(auth, '1');
    const player = await playerOf(username);
    const [round] = await t.database.db.select().from(betRounds).where(eq(betRounds.playerId, player!.id));
    expect(round!.seedId).toEqual(expect.any(Number));
    expect(round!.nonce).toBe(0);
    expect(round!.roundId).toBe(`${round!.seedId}:0`);
    // A round id that no longer spells the seed and nonce still finds its bet: the join reads the columns.
    await t.database.db.update(betRounds).set({ roundId: 'renamed' }).where(eq(betRounds.id, round!.id));
    const diceDetail = () =>
      post<Detail>(auth, '/api/plat/bet-detail', { plat_type_id: 15, game_code: 'dice', range: 3 });
    expect((await diceDetail()).result.data[0]!.fairness).toMatchObject({ nonce: 0 });
    // Without the columns (a provider's round) there is no fairness data to show.
    await t.database.db
      .update(betRounds)
      .set({ seedId: null, nonce: null })
      .where(eq(betRounds.id, round!.id));
    expect((await diceDetail()).result.data[0]!.fairness).toBeNull();
  });

  it('leaves rolled-back rounds out of the sums, and sums per day and category', async () => {
    const { auth, username } = await signUp(t.app);
    await dice(auth, '3');
    const player = await playerOf(username);
    await t.database.db.insert(betRounds).values({
      providerId: 14,
      roundId: randomUUID(),
      playerId: player!.id,
      gameCode: 'sim-fruit',
      gameTypeId: 5,
      stakeMicro: 0n,
      payoutMicro: 0n,
      status: 3,
      openedAt: t.clock.now(),
    });
    const report = await post<{
      data: { game_type_id: number; category_name: string; bet_count: number; stake: string }[];
      total: { bet_count: number; stake: string };
    }>(auth, '/api/plat/win-loss-report', { range: 2 });
    expect(report.result.total).toMatchObject({ bet_count: 1, stake: '3.000000' });
    expect(report.result.data[0]!.category_name).not.toBe('5');
    expect(report.result.data[0]!.category_name.length).toBeGreaterThan(0);
    expect(report.result.data).toEqual([
      expect.objectContaining({
        game_type_id: 5,
        category_name: expect.any(String),
        bet_count: 1,
        stake: '3.000000',
      }),
    ]);
  });

  it('shows nothing of another player and refuses bad ranges', async () => {
    const a = await signUp(t.app);
    const b = await signUp(t.app);
    await dice(a.auth, '1');
    expect((await post<Records>(b.auth, '/api/plat/bet-records', {})).result.total).toBe(0);
    expect((await post(b.auth, '/api/plat/bet-records', { range: 4 })).status).toBe(400);
    expect((await post(b.auth, '/api/plat/bet-detail', { plat_type_id: 15 })).status).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: '/api/plat/win-loss-report' })).statusCode).toBe(401);
  });
});

import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { verify, type Settlement } from '@koi/fair';
import { toMicro } from '@koi/ledger';
import { body, createTestApp, signUp, useTestApp } from '../../../test/app';
import { queryRows } from '../../db/client';
import { createWalletService } from '../wallet/wallet.service';
import { outcomeToWire } from './originals.wire';

type Bet = {
  bet_id: number;
  amount: string;
  payout: string;
  win: boolean;
  multiplier: string;
  outcome: Record<string, unknown>;
  balance: string;
  fairness: { server_seed_hash: string; client_seed: string; nonce: number };
};

describe('originals (provably fair)', () => {
  const t = useTestApp({ demoSignupBonus: '100' });

  const bet = (auth: Record<string, string>, game: string, fields: Record<string, unknown>) =>
    t.app
      .inject({
        method: 'POST',
        url: `/api/originals/${game}/bet`,
        headers: auth,
        payload: { idempotency_key: randomUUID(), ...fields },
      })
      .then((res) => ({ status: res.statusCode, ...body<Bet>(res) }));
  const balance = async (auth: Record<string, string>) =>
    body<{ balance: string }>(await t.app.inject({ method: 'POST', url: '/api/plat/info', headers: auth }))
      .result.balance;
  const ledgerClean = async () =>
    expect(await createWalletService({ db: t.database.db, clock: t.clock }).verify()).toEqual([]);

  it('plays 10 dice bets through the ledger, and every one verifies with the revealed seed', async () => {
    const { auth } = await signUp(t.app);
    const seeds = body<{ current: { server_seed_hash: string; nonce: number } }>(
      await t.app.inject({ method: 'GET', url: '/api/originals/seeds', headers: auth }),
    ).result.current;
    expect(seeds.nonce).toBe(0);

    const placed: Bet[] = [];
    let expected = toMicro('100');
    for (let i = 0; i < 10; i += 1) {
      const res = await bet(auth, 'dice', { amount: '1.5', target: '50.50', direction: 'over' });
      expect(res.code).toBe(200);
      expect(res.result.fairness).toMatchObject({ server_seed_hash: seeds.server_seed_hash, nonce: i });
      expected = expected - toMicro('1.5') + toMicro(res.result.payout);
      placed.push(res.result);
    }
    expect(toMicro(await balance(auth))).toBe(expected - (expected % 100n));

    const rotated = body<{
      previous: { server_seed: string; server_seed_hash: string; client_seed: string; bets: number };
    }>(
      await t.app.inject({
        method: 'POST',
        url: '/api/originals/seeds/rotate',
        headers: auth,
        payload: { client_seed: 'my-lucky-seed' },
      }),
    ).result;
    expect(rotated.previous).toMatchObject({ server_seed_hash: seeds.server_seed_hash, bets: 10 });
    for (const b of placed) {
      const check = verify(
        'dice',
        { target: '50.50', direction: 'over' },
        {
          serverSeed: rotated.previous.server_seed,
          serverSeedHash: b.fairness.server_seed_hash,
          clientSeed: b.fairness.client_seed,
          nonce: b.fairness.nonce,
        },
        { amountMicro: toMicro('1.5') },
      );
      expect(check.ok).toBe(true);
      if (!check.ok) continue;
      const settled = check.value as Settlement<'dice'>;
      expect(outcomeToWire(settled.outcome)).toEqual(b.outcome);
      expect(settled.payoutMicro).toBe(toMicro(b.payout));
    }
    const after = body<{ current: { client_seed: string; nonce: number; server_seed_hash: string } }>(
      await t.app.inject({ method: 'GET', url: '/api/originals/seeds', headers: auth }),
    ).result.current;
    expect(after).toMatchObject({ client_seed: 'my-lucky-seed', nonce: 0 });
    expect(after.server_seed_hash).not.toBe(seeds.server_seed_hash);
    await ledgerClean();
  });

  it('serialises seed rotation with bets: 20 rotations beside 50 bets, no 5xx, each bet numbered once and verified', async () => {
    const { auth } = await signUp(t.app);
    const fields = { amount: '1', target: '50.50', direction: 'over' };
    const rotate = () =>
      t.app
        .inject({ method: 'POST', url: '/api/originals/seeds/rotate', headers: auth, payload: {} })
        .then((res) => ({
          status: res.statusCode,
          ...body<{ previous: { server_seed: string; server_seed_hash: string; bets: number } }>(res),
        }));
    const betJobs: ReturnType<typeof bet>[] = [];
    const rotateJobs: ReturnType<typeof rotate>[] = [];
    for (let i = 0; i < 50; i += 1) {
      betJobs.push(bet(auth, 'dice', fields));
      if (i % 5 === 2) rotateJobs.push(rotate(), rotate());
    }
    const [bets, rotations] = await Promise.all([Promise.all(betJobs), Promise.all(rotateJobs)]);
    expect(rotations).toHaveLength(20);
    expect(rotations.every((r) => r.status === 200 && r.code === 200)).toBe(true);
    expect(bets).toHaveLength(50);
    expect(bets.every((r) => r.status === 200 && r.code === 200)).toBe(true);
    // One more rotation reveals the seed the last bets used.
    const last = await rotate();
    const revealed = new Map(
      [...rotations, last].map((r) => [r.result.previous.server_seed_hash, r.result.previous]),
    );
    expect(revealed.size).toBe(21);
    const numbered = new Set(
      bets.map((b) => `${b.result.fairness.server_seed_hash}:${b.result.fairness.nonce}`),
    );
    expect(numbered.size).toBe(50);
    for (const [hash, seed] of revealed) {
      const nonces = bets
        .filter((b) => b.result.fairness.server_seed_hash === hash)
        .map((b) => b.result.fairness.nonce)
        .sort((a, b) => a - b);
      expect(nonces).toEqual(Array.from({ length: seed.bets }, (_, i) => i));
    }
    for (const b of bets) {
      const seed = revealed.get(b.result.fairness.server_seed_hash);
      // The revealed seed is the one whose hash the bet showed: the commitment held.
      expect(seed?.server_seed_hash).toBe(b.result.fairness.server_seed_hash);
      const check = verify(
        'dice',
        { target: '50.50', direction: 'over' },
        {
          serverSeed: seed!.server_seed,
          serverSeedHash: b.result.fairness.server_seed_hash,
          clientSeed: b.result.fairness.client_seed,
          nonce: b.result.fairness.nonce,
        },
        { amountMicro: toMicro('1') },
      );
      expect(check.ok).toBe(true);
      if (check.ok) expect((check.value as Settlement<'dice'>).payoutMicro).toBe(toMicro(b.result.payout));
    }
    await ledgerClean();
  });

  it('plays limbo and mines and records the rounds for bet records', async () => {
    const { auth, username } = await signUp(t.app);
    expect((await bet(auth, 'limbo', { amount: '2', target: '2.00' })).code).toBe(200);
    const mines = await bet(auth, 'mines', { amount: '1', mines: 3, picks: [0, 6, 12] });
    expect(mines.code).toBe(200);
    expect(mines.result.outcome).toMatchObject({ mines: 3, picks: [0, 6, 12] });
    expect(Object.keys(mines.result.outcome).sort()).toEqual([
      'hit_tile',
      'mine_tiles',
      'mines',
      'picks',
      'safe_reveals',
    ]);
    const rows = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from bet_rounds r join players p on p.id = r.player_id where p.username = ${username} and r.provider_id = 15`,
    );
    expect(rows[0]!.n).toBe(2);
    await ledgerClean();
  });

  it('answers a retried bet with its first result and moves money once; refuses the key with another bet', async () => {
    const { auth } = await signUp(t.app);
    const key = randomUUID();
    const fields = { idempotency_key: key, amount: '3', target: '1.50' };
    const results = await Promise.all(Array.from({ length: 10 }, () => bet(auth, 'limbo', fields)));
    expect(new Set(results.map((r) => JSON.stringify(r.result))).size).toBe(1);
    const first = results[0]!.result;
    expect(toMicro(await balance(auth))).toBe(toMicro('97') + toMicro(first.payout));
    const conflict = await bet(auth, 'limbo', { ...fields, amount: '4' });
    expect(conflict.code).toBe(2003);
    await ledgerClean();
  });

  it('accepts idempotency keys up to the documented 128 characters, and keeps two long keys with one prefix apart', async () => {
    const { auth } = await signUp(t.app);
    const prefix = 'k'.repeat(119);
    const fields = { amount: '1', target: '1.50' };
    const first = await bet(auth, 'limbo', { ...fields, idempotency_key: `${prefix}${'a'.repeat(9)}` });
    const second = await bet(auth, 'limbo', { ...fields, idempotency_key: `${prefix}${'b'.repeat(9)}` });
    expect([first.code, second.code]).toEqual([200, 200]);
    expect(second.result.bet_id).not.toBe(first.result.bet_id);
    // A retry of the 128-character key answers the first bet again, and one character more is refused.
    const retry = await bet(auth, 'limbo', { ...fields, idempotency_key: `${prefix}${'a'.repeat(9)}` });
    expect(retry.result.bet_id).toBe(first.result.bet_id);
    const tooLong = await bet(auth, 'limbo', { ...fields, idempotency_key: 'k'.repeat(129) });
    expect(tooLong.status).toBe(400);
    const keys = await queryRows<{ n: number }>(
      t.database.db,
      sql`select max(length(idempotency_key))::int as n from ledger_transfers where idempotency_key like 'o:%'`,
    );
    expect(keys[0]!.n).toBeLessThanOrEqual(128);
    await ledgerClean();
  });

  it('refuses a bet the balance cannot cover without using up a nonce', async () => {
    const { auth } = await signUp(t.app);
    expect((await bet(auth, 'dice', { amount: '100.0001', target: '50', direction: 'under' })).code).toBe(
      2002,
    );
    const ok = await bet(auth, 'dice', { amount: '1', target: '50', direction: 'under' });
    expect(ok.result.fairness.nonce).toBe(0);
  });

  it.each([
    ['dice', { amount: '1', target: '50' }, 3101],
    ['dice', { amount: '1', target: '99.999', direction: 'over' }, 3101],
    ['dice', { amount: '1', target: '1.00', direction: 'over' }, 3101],
    ['limbo', { amount: '1', target: '1.00' }, 3101],
    ['limbo', { amount: '1', target: '2', direction: 'over' }, 3101],
    ['mines', { amount: '1', mines: 3, picks: [0, 0] }, 3101],
    ['mines', { amount: '1', mines: 24, picks: [0, 1] }, 3101],
    ['dice', { amount: '1.0000001', target: '50', direction: 'over' }, 2001],
    ['dice', { amount: '-1', target: '50', direction: 'over' }, 2001],
    ['dice', { amount: '0', target: '50', direction: 'over' }, 2001],
    ['dice', { amount: '0.01', target: '50', direction: 'over' }, 3102],
    ['dice', { amount: '10001', target: '50', direction: 'over' }, 3102],
  ])('refuses %s %j with code %i and moves nothing', async (game, fields, code) => {
    const { auth } = await signUp(t.app);
    const res = await bet(auth, game, fields);
    expect(res.code).toBe(code);
    expect(res.error?.message).toBeTruthy();
    expect(await balance(auth)).toBe('100.0000');
  });

  it.each([
    ['12.12345', 'zh-CN', '金额格式不正确：最多4位小数'],
    ['12.12345', 'en', 'Invalid amount: at most 4 decimals'],
    ['-5', 'zh-CN', '金额格式不正确：金额必须大于0，不能为负数'],
    ['-5', 'en', 'Invalid amount: amount must be greater than 0, not negative'],
  ])('refuses the amount %s in one language (%s)', async (amount, language, message) => {
    const { auth } = await signUp(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/originals/dice/bet',
      headers: { ...auth, 'accept-language': language },
      payload: { idempotency_key: randomUUID(), amount, target: '50', direction: 'over' },
    });
    expect(body(res)).toMatchObject({ code: 2001, message });
    expect(await balance(auth)).toBe('100.0000');
  });

  it('refuses an unknown game (400) and requires sign-in (401)', async () => {
    const { auth } = await signUp(t.app);
    expect((await bet(auth, 'crash', { amount: '1' })).status).toBe(400);
    expect((await bet({}, 'dice', { amount: '1', target: '50', direction: 'over' })).status).toBe(401);
  });

  it('caps the payout of one bet at the configured maximum', async () => {
    const capped = await createTestApp({
      demoSignupBonus: '100',
      originals: { houseEdgeBp: 100, maxPayoutMicro: toMicro('5') },
    });
    try {
      const { auth } = await signUp(capped.app);
      for (let i = 0; i < 20; i += 1) {
        const res = body<Bet>(
          await capped.app.inject({
            method: 'POST',
            url: '/api/originals/dice/bet',
            headers: auth,
            payload: { idempotency_key: randomUUID(), amount: '2', target: '90', direction: 'over' },
          }),
        );
        expect(toMicro(res.result.payout)).toBeLessThanOrEqual(toMicro('5'));
      }
    } finally {
      await capped.close();
    }
  });
});

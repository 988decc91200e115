import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toMicro } from '@koi/ledger';
import { body, createTestApp, type TestApp } from '../../../test/app';
import { testConfig } from '../../config';
import { signedInOperator } from '../operators/operators.fixtures';
import { trc20, withdrawalsHarness } from './withdrawals.fixtures';

type Row = {
  id: number;
  player_id: number;
  amount: string;
  two_operators_required: boolean;
  needs_second_approval: boolean;
  context: {
    flags: string[];
    same_device_players: number[];
    other_players: number[];
    recent_games: unknown[];
  };
};

/** The console's review queue: its filters and the player context an operator decides on. */
describe('withdrawal review queue: filters and context', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      withdrawals: {
        ...testConfig().withdrawals,
        fee: { kind: 'fixed', micro: 0n },
        addressDelayMs: 0,
        twoOperatorsAboveMicro: toMicro('50'),
      },
    });
  });
  afterAll(() => t.close());
  const h = withdrawalsHarness(() => t);
  const queue = async (auth: Record<string, string>, query: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/admin/withdrawals?${query}`, headers: auth });
    return { status: res.statusCode, ...body<{ data: Row[]; total: number }>(res) };
  };

  it('filters by player, address and minimum amount, and refuses a malformed minimum in Chinese', async () => {
    const a = await h.player({ deposit: '200' });
    const b = await h.player({ deposit: '200' });
    const addressA = await h.bind(a.auth, trc20());
    const addressB = await h.bind(b.auth, trc20());
    for (const amount of ['20', '60']) {
      expect((await h.apply(a.auth, { amount, address_id: addressA.id })).code).toBe(200);
    }
    expect((await h.apply(b.auth, { amount: '30', address_id: addressB.id })).code).toBe(200);
    const op = await signedInOperator(t, 'finance');

    const ofA = await queue(op.auth, `status=applied&player_id=${a.playerId}`);
    expect(ofA.result.total).toBe(2);
    expect(ofA.result.data.map((r) => r.amount)).toEqual(['20.000000', '60.000000']);
    const big = await queue(op.auth, `player_id=${a.playerId}&min_amount=50`);
    expect(big.result.data.map((r) => r.amount)).toEqual(['60.000000']);
    expect(big.result.data[0]!.two_operators_required).toBe(true);
    expect(ofA.result.data[0]!.two_operators_required).toBe(false);
    const byAddress = await queue(op.auth, `status=all&address=${addressB.address}`);
    expect(byAddress.result.data.map((r) => r.player_id)).toEqual([b.playerId]);

    const bad = await queue(op.auth, 'min_amount=1.2.3');
    expect(bad.status).toBe(200);
    expect(bad.code).not.toBe(200);
    expect(bad.message).toMatch(/[\u4e00-\u9fa5]/);
  });

  it('shows other players on the same device and the recent bets, and flags the shared device', async () => {
    const device = `review-${Date.now()}`;
    const other = await h.player({ device });
    const p = await h.player({ deposit: '100', device });
    const address = await h.bind(p.auth, trc20());
    const applied = await h.apply(p.auth, { amount: '20', address_id: address.id });
    const op = await signedInOperator(t, 'finance');
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/admin/withdrawals/${applied.result.id}`,
      headers: op.auth,
    });
    const row = body<Row>(res).result;
    expect(row.context.same_device_players).toEqual([other.playerId]);
    expect(row.context.flags).toContain('shared_device');
    expect(row.context.recent_games).toEqual([]);
    await h.ledgerClean();
  });
});

import { describe, expect, it } from 'vitest';
import { toMicro } from '@koi/ledger';
import { body, useTestApp } from '../../../test/app';
import { testConfig } from '../../config';
import { signedInOperator } from '../operators/operators.fixtures';
import { trc20, withdrawalsHarness } from './withdrawals.fixtures';

type Row = {
  id: number;
  player_id: number;
  amount: string;
  state: string;
  approved_by: number | null;
  approved_by_name: string | null;
  second_approved_by: number | null;
  second_approved_by_name: string | null;
  two_operators_required: boolean;
  needs_second_approval: boolean;
  context: {
    deposits: string;
    withdrawn: string;
    withdrawing: string;
    flags: string[];
    same_device_players: number[];
    other_players: number[];
    recent_games: unknown[];
  };
};

/** The console's review queue: its filters and the player context an operator decides on. */
describe('withdrawal review queue: filters and context', () => {
  const t = useTestApp({
    withdrawals: {
      ...testConfig().withdrawals,
      fee: { kind: 'fixed', micro: 0n },
      addressDelayMs: 0,
      twoOperatorsAboveMicro: toMicro('50'),
    },
  });
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
    // The 20 alone is below the threshold, but the player's withdrawals of 24 hours (20 + 60) are not.
    expect(ofA.result.data[0]!.two_operators_required).toBe(true);
    const ofB = await queue(op.auth, `status=applied&player_id=${b.playerId}`);
    expect(ofB.result.data[0]!.two_operators_required).toBe(false);
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

  it('names the approvers by username, and counts completed withdrawals apart from the held ones', async () => {
    const p = await h.player({ deposit: '300' });
    const address = await h.bind(p.auth, trc20());
    const ids: number[] = [];
    for (const amount of ['20', '30', '60']) {
      const applied = await h.apply(p.auth, { amount, address_id: address.id });
      expect(applied.code).toBe(200);
      ids.push(applied.result.id);
    }
    const [paidId, heldId, bigId] = ids as [number, number, number];
    const a = await signedInOperator(t, 'finance');
    const b = await signedInOperator(t, 'finance');
    const approve = (auth: Record<string, string>, id: number) =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/withdrawals/${id}/approve`,
        headers: auth,
        payload: {},
      });
    // 20 is approved and paid out; 30 stays applied (held); 60 too needs two operators. The player's 24
    // hours together (110) exceed the threshold, so each approval takes two.
    expect(body(await approve(a.auth, paidId)).code).toBe(200);
    expect(body(await approve(b.auth, paidId)).code).toBe(200);
    // A rail that pays at once: what is under test is the console's figures, not the payout rail.
    const rail = {
      send: async (key: string) => ({
        kind: 'paid' as const,
        txHash: `tx-${key}`.padEnd(64, '0').slice(0, 64),
      }),
      query: async () => ({ kind: 'absent' as const }),
    };
    await h.service(rail).payOut(paidId);
    expect(body(await approve(a.auth, bigId)).code).toBe(200);
    expect(body(await approve(b.auth, bigId)).code).toBe(200);

    const list = await queue(a.auth, `status=all&player_id=${p.playerId}`);
    const byId = new Map(list.result.data.map((r) => [r.id, r]));
    const paid = byId.get(paidId)!;
    expect(paid.state).toBe('paid');
    expect(paid.approved_by_name).toBe(a.username);
    expect(paid.second_approved_by_name).toBe(b.username);
    const big = byId.get(bigId)!;
    expect([big.approved_by_name, big.second_approved_by_name]).toEqual([a.username, b.username]);
    expect(big.approved_by).not.toBe(big.second_approved_by);
    // For the held 30: completed = the paid 20 only; held = the 60 (approved, not yet paid), not itself.
    const held = byId.get(heldId)!;
    expect(held.approved_by_name).toBeNull();
    expect(held.context.withdrawn).toBe('20.000000');
    expect(held.context.withdrawing).toBe('60.000000');
    expect(held.context.deposits).toBe('300.000000');
    expect(held.context.flags).not.toContain('withdraws_more_than_deposited');
    // For the 60: the paid 20 completed, the 30 held.
    expect(big.context.withdrawn).toBe('20.000000');
    expect(big.context.withdrawing).toBe('30.000000');
    await h.ledgerClean();
  });
});

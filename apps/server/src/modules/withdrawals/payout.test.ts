import { describe, expect, it } from 'vitest';
import type { AdminWithdrawal as Admin } from '@koi/contract';
import { toMicro } from '@koi/ledger';
import { body, useTestApp } from '../../../test/app';
import { useSandbox } from '../../../test/sim';
import { testConfig } from '../../config';
import { signedInOperator } from '../operators/operators.fixtures';
import { payoutSandbox, RAIL_TIMEOUT_MS, withdrawalsHarness } from './withdrawals.fixtures';

/**
 * Review and payout against the sandbox's payout rail as a real process: every chain transfer is counted
 * on the sandbox chain itself (TronGrid's TRC20 history of the destination address).
 */
describe('withdrawal review and payout (sandbox rail)', () => {
  const sb = useSandbox();
  const t = useTestApp(() => ({
    withdrawals: { ...testConfig().withdrawals, twoOperatorsAboveMicro: toMicro('500') },
    payout: sb.koiConfig.payout,
  }));
  const h = withdrawalsHarness(() => t);
  const admin = h.adminApi<Admin>();
  const { faults, chainTransfersTo, shortRail } = payoutSandbox(sb);
  const { applied, auditActions } = h;

  it('rejects with a reason: the holds are voided, the money is back exactly, the player sees status 3', async () => {
    const op = await signedInOperator(t, 'finance');
    const { p, id, address } = await applied('50', '80');
    expect(await h.balances(p.playerId)).toMatchObject({ available: toMicro('29'), held: toMicro('51') });
    const queue = await t.app.inject({
      method: 'GET',
      url: '/api/admin/withdrawals?status=applied',
      headers: op.auth,
    });
    const listed = body<{ data: Admin[] }>(queue).result.data.find((w) => w.id === id)!;
    expect(listed.context).toMatchObject({ deposits: '80.000000', other_players: [] });
    expect(listed.context.flags).toEqual(expect.arrayContaining(['new_address', 'first_withdrawal']));
    expect((await admin(op.auth, `/${id}/reject`, { reason: '' })).status).toBe(400);
    const rejected = await admin(op.auth, `/${id}/reject`, { reason: '地址与实名信息不符' });
    expect(rejected.result).toMatchObject({ state: 'rejected', status: 3, reason: '地址与实名信息不符' });
    expect(await h.balances(p.playerId)).toEqual({
      available: toMicro('80'),
      held: 0n,
      posted: toMicro('80'),
    });
    expect((await admin(op.auth, `/${id}/reject`, { reason: 'again' })).code).toBe(5024);
    expect((await admin(op.auth, `/${id}/approve`, {})).code).toBe(5024);
    expect(await chainTransfersTo(address)).toEqual([]);
    expect((await auditActions(id)).map(([action]) => action)).toEqual(['withdrawal.reject']);
    await h.ledgerClean();
  });

  it('approves and pays: one chain transfer, hold posted, status 1 with the tx hash', async () => {
    const op = await signedInOperator(t, 'finance');
    const { p, id, address } = await applied('50');
    const paid = await admin(op.auth, `/${id}/approve`, {});
    expect(paid.result).toMatchObject({ state: 'paid', status: 1 });
    const onChain = await chainTransfersTo(address);
    expect(onChain).toHaveLength(1);
    expect(onChain[0]).toMatchObject({ transaction_id: paid.result.tx_hash, value: '50000000' });
    expect(await h.balances(p.playerId)).toEqual({
      available: toMicro('49'),
      held: 0n,
      posted: toMicro('49'),
    });
    expect((await auditActions(id)).map(([action]) => action)).toEqual(['withdrawal.approve']);
    // A player without the finance permission cannot reach the console at all.
    expect((await admin(p.auth, `/${id}/approve`, {})).status).toBe(401);
    await h.ledgerClean();
  });

  it('needs two different operators above the threshold', async () => {
    const a = await signedInOperator(t, 'finance');
    const b = await signedInOperator(t, 'finance');
    const { p, id, address } = await applied('600', '700');
    const first = await admin(a.auth, `/${id}/approve`, { reason: 'checked' });
    expect(first.result).toMatchObject({ state: 'applied', needs_second_approval: true });
    expect(await chainTransfersTo(address)).toEqual([]);
    expect((await admin(a.auth, `/${id}/approve`, {})).code).toBe(5025);
    const second = await admin(b.auth, `/${id}/approve`, {});
    expect(second.result).toMatchObject({ state: 'paid', status: 1, needs_second_approval: false });
    expect(await chainTransfersTo(address)).toHaveLength(1);
    expect((await auditActions(id)).map(([, operatorId]) => operatorId)).toEqual([a.id, b.id]);
    expect(await h.balances(p.playerId)).toMatchObject({ held: 0n, available: toMicro('99') });
    await h.ledgerClean();
  });

  it('keeps a payout that timed out `paying`, then settles it from the rail: one chain transfer', async () => {
    const { p, id, address } = await applied('50');
    const service = h.service(shortRail());
    await faults({ timeout_next: 1, timeout_ms: RAIL_TIMEOUT_MS * 2 });
    const { row } = await service.approve(id, 1);
    expect(row.state).toBe(3); // paying: the answer did not come in time
    expect(row.txHash).toBeNull();
    // Asked again at once, before the rail has finished its slow first request: nothing settles on a guess.
    t.clock.advance(31_000);
    await service.reconcile();
    await new Promise((r) => setTimeout(r, RAIL_TIMEOUT_MS * 2));
    t.clock.advance(31_000);
    await service.reconcile();
    const settled = await service.findById(id);
    expect(settled).toMatchObject({ state: 4 });
    expect(await chainTransfersTo(address)).toHaveLength(1);
    expect(await h.balances(p.playerId)).toMatchObject({ held: 0n, available: toMicro('49') });
    await h.ledgerClean();
  });

  it('settles a payout whose answer was lost after sending, without sending again', async () => {
    const { p, id, address } = await applied('50');
    const service = h.service(shortRail());
    await faults({ drop_answer_next: 1 });
    const { row } = await service.approve(id, 1);
    expect(row.state).toBe(3);
    expect(await chainTransfersTo(address)).toHaveLength(1);
    // The reconciler waits until the withdrawal has been quiet for a while.
    expect(await service.reconcile()).toBe(0);
    t.clock.advance(31_000);
    expect(await service.reconcile()).toBe(1);
    const settled = await service.findById(id);
    expect(settled?.state).toBe(4);
    expect(settled?.txHash).toBe((await chainTransfersTo(address))[0]!.transaction_id);
    expect(await chainTransfersTo(address)).toHaveLength(1);
    expect(await h.balances(p.playerId)).toMatchObject({ held: 0n, available: toMicro('49') });
    await h.ledgerClean();
  });

  it('resends a payout the rail never received (5xx) under the same key, and refunds a definite failure', async () => {
    const service = h.service(shortRail());
    const lost = await applied('50');
    await faults({ fail_next: 1, fail_status: 503 });
    expect((await service.approve(lost.id, 1)).row.state).toBe(3);
    expect(await chainTransfersTo(lost.address)).toEqual([]);
    t.clock.advance(31_000);
    await service.reconcile();
    expect((await service.findById(lost.id))?.state).toBe(4);
    expect(await chainTransfersTo(lost.address)).toHaveLength(1);

    const refused = await applied('50');
    await faults({ reject_next: 1 });
    const { row } = await service.approve(refused.id, 1);
    expect(row).toMatchObject({ state: 5 });
    expect(row.rejectReason).toContain('出款失败');
    expect(await chainTransfersTo(refused.address)).toEqual([]);
    expect(await h.balances(refused.p.playerId)).toEqual({
      available: toMicro('100'),
      held: 0n,
      posted: toMicro('100'),
    });
    await h.ledgerClean();
  });
});

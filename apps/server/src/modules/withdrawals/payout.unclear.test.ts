import { afterEach, describe, expect, it } from 'vitest';
import type { AdminWithdrawal as Admin } from '@koi/contract';
import { toMicro } from '@koi/ledger';
import { body, useTestApp } from '../../../test/app';
import { useSandbox } from '../../../test/sim';
import { testConfig } from '../../config';
import { signedInOperator } from '../operators/operators.fixtures';
import { payoutSandbox, RAIL_TIMEOUT_MS, withdrawalsHarness } from './withdrawals.fixtures';
import { WithdrawalState } from './withdrawals.schema';

const ALERT_AFTER_MS = 10 * 60_000;

/**
 * Payouts whose outcome the rail's status query does not make clear: they stay `paying` with the money held,
 * whatever the query answers, until the rail gives a documented terminal answer or two operators settle them
 * after the alert. Against the sandbox rail as a real process, chain transfers counted on its chain.
 */
describe('unclear payouts stay unknown until the rail or two operators settle them', () => {
  const sb = useSandbox();
  const t = useTestApp(() => ({
    withdrawals: { ...testConfig().withdrawals, payoutAlertAfterMs: ALERT_AFTER_MS },
    payout: sb.koiConfig.payout,
  }));
  const h = withdrawalsHarness(() => t);
  const { faults, chainTransfersTo, shortRail } = payoutSandbox(sb);
  const { applied, approver, auditActions } = h;
  const admin = h.adminApi<Admin>();
  // Each test leaves no fault behind and no payout paying: the rail, asked again, settles what is left.
  afterEach(async () => {
    await faults({
      query_fail_next: 0,
      query_garbage_next: 0,
      query_delay_next: 0,
      fail_next: 0,
      drop_answer_next: 0,
    });
    t.clock.advance(600_000);
    await h.service(shortRail()).reconcile();
  });

  /** Approved and sent, the send's answer lost: on the chain once, `paying` here. */
  async function sentAnswerLost() {
    const w = await applied();
    await faults({ drop_answer_next: 1 });
    const { row } = await h.service(shortRail()).approve(w.id, await approver());
    expect(row.state).toBe(WithdrawalState.PAYING);
    expect(await chainTransfersTo(w.address)).toHaveLength(1);
    return w;
  }

  async function stillHeld(w: Awaited<ReturnType<typeof applied>>) {
    expect(await h.service(shortRail()).findById(w.id)).toMatchObject({
      state: WithdrawalState.PAYING,
      txHash: null,
    });
    expect(await h.balances(w.p.playerId)).toMatchObject({ available: toMicro('49'), held: toMicro('51') });
  }

  it('keeps a sent payout paying when the status query answers 400 (the status-400 double payout)', async () => {
    const w = await sentAnswerLost();
    const service = h.service(shortRail());
    await faults({ query_fail_next: 1, query_fail_status: 400 });
    t.clock.advance(31_000);
    expect(await service.reconcile()).toBe(1);
    // Not refunded: the player would have the money back and the transfer on the chain.
    await stillHeld(w);
    expect(await chainTransfersTo(w.address)).toHaveLength(1);
    // Asked again after the backoff, the rail answers: paid once, the hold posted.
    // The send was the first unclear attempt, this query the second: the next one waits 60 s.
    t.clock.advance(31_000);
    expect(await service.reconcile()).toBe(0);
    t.clock.advance(30_000);
    expect(await service.reconcile()).toBe(1);
    const paid = await service.findById(w.id);
    expect(paid).toMatchObject({ state: WithdrawalState.PAID });
    expect(paid?.txHash).toBe((await chainTransfersTo(w.address))[0]!.transaction_id);
    expect(await h.balances(w.p.playerId)).toEqual({
      available: toMicro('49'),
      held: 0n,
      posted: toMicro('49'),
    });
    await h.ledgerClean();
  });

  it('keeps a payout paying when the send answers 400 without the rail’s documented refusal, then pays it once', async () => {
    const w = await applied();
    const service = h.service(shortRail());
    await faults({ fail_next: 1, fail_status: 400 });
    expect((await service.approve(w.id, await approver())).row.state).toBe(WithdrawalState.PAYING);
    await stillHeld(w);
    // The rail never stored the key (404 NOT_FOUND): sending again under the same key pays it once.
    t.clock.advance(31_000);
    await service.reconcile();
    expect(await service.findById(w.id)).toMatchObject({ state: WithdrawalState.PAID });
    expect(await chainTransfersTo(w.address)).toHaveLength(1);
    await h.ledgerClean();
  });

  const queryFaults: [string, Record<string, number>][] = [
    ['404 without the rail’s NOT_FOUND', { query_fail_next: 1, query_fail_status: 404 }],
    ['500', { query_fail_next: 1, query_fail_status: 500 }],
    ['a body that is not JSON', { query_garbage_next: 1 }],
    ['only after the client gave up', { query_delay_next: 1, query_delay_ms: RAIL_TIMEOUT_MS * 2 }],
  ];
  it.each(queryFaults)('keeps a sent payout paying when the status query answers %s', async (_, fault) => {
    const w = await sentAnswerLost();
    const service = h.service(shortRail());
    await faults(fault);
    t.clock.advance(31_000);
    await service.reconcile();
    await stillHeld(w);
    expect((await service.findById(w.id))?.lastPayoutError).toMatch(
      /status query|readable|rail status|abort|timeout/i,
    );
    t.clock.advance(61_000);
    await service.reconcile();
    expect(await service.findById(w.id)).toMatchObject({ state: WithdrawalState.PAID });
    expect(await chainTransfersTo(w.address)).toHaveLength(1);
    await h.ledgerClean();
  });

  it('asks again with a growing interval, alerts once after the configured time, and audits the alert', async () => {
    const w = await sentAnswerLost();
    const service = h.service(shortRail());
    await faults({ query_fail_next: 1_000, query_fail_status: 500 });
    const asked: number[] = [];
    // Minute by minute past the alert time. The lost send was the first unclear attempt; the queries after it
    // thin out (60 s, 2 min, 4 min, 5 min apart), and the alert time brings one more query and the alert.
    for (let minute = 1; minute <= 11; minute++) {
      t.clock.advance(60_000);
      asked.push(await service.reconcile());
      const row = (await service.findById(w.id))!;
      // Alerted in the first run at or after the alert time, not before.
      expect(row.alertedAt !== null, `minute ${minute}`).toBe(minute * 60_000 >= ALERT_AFTER_MS);
    }
    expect(asked).toEqual([1, 1, 0, 1, 0, 0, 0, 1, 0, 1, 0]);
    const row = (await service.findById(w.id))!;
    expect(row.payoutAttempts).toBe(6);
    expect(row.alertedAt).not.toBeNull();
    expect(row.alertedAt!.getTime() - row.payingSince!.getTime()).toBeGreaterThanOrEqual(ALERT_AFTER_MS);
    expect((await auditActions(w.id)).filter(([a]) => a === 'withdrawal.payout_alert')).toEqual([
      ['withdrawal.payout_alert', null],
    ]);
    await stillHeld(w);
    await h.ledgerClean();
  });

  /** A payout the rail cannot clear up (every status query fails), alerted for a person. */
  async function alerted(send: 'lost' | 'refused', earlier?: Awaited<ReturnType<typeof applied>>) {
    const w = earlier ?? (send === 'lost' ? await sentAnswerLost() : await applied());
    if (send === 'refused') {
      // The send never reached the rail (503), and from now on the status query fails too.
      await faults({ fail_next: 1, fail_status: 503 });
      expect((await h.service(shortRail()).approve(w.id, await approver())).row.state).toBe(
        WithdrawalState.PAYING,
      );
    }
    await faults({ query_fail_next: 1_000, query_fail_status: 500 });
    t.clock.advance(ALERT_AFTER_MS + 1_000);
    await h.service(shortRail()).reconcile();
    expect((await h.service(shortRail()).findById(w.id))?.alertedAt).not.toBeNull();
    return w;
  }

  it('settles an alerted payout as paid with two operators; the proposer cannot confirm it', async () => {
    const a = await signedInOperator(t, 'finance');
    const b = await signedInOperator(t, 'finance');
    const early = await sentAnswerLost();
    // Before the alert the reconciler is still at work: a person may not settle it yet.
    const tooEarly = await admin(a.auth, `/${early.id}/settle/propose`, { outcome: 'failed', note: 'x' });
    expect(tooEarly.code).toBe(5040);
    const other = await applied();
    expect(other).toBeDefined();

    const w = await alerted('lost', early);
    const listed = await t.app.inject({
      method: 'GET',
      url: '/api/admin/withdrawals?attention=1',
      headers: a.auth,
    });
    const page = body<{ data: Admin[]; attention: { alerts: number } }>(listed).result;
    expect(page.data.map((r) => r.id)).toContain(w.id);
    expect(page.data.map((r) => r.id)).not.toContain(other.id);
    expect(page.attention.alerts).toBeGreaterThanOrEqual(1);

    const [onChain] = await chainTransfersTo(w.address);
    const badHash = await admin(a.auth, `/${w.id}/settle/propose`, { outcome: 'paid', reference: 'abc' });
    expect(badHash.code).toBe(5044);
    expect((await admin(a.auth, `/${w.id}/settle/propose`, { outcome: 'failed' })).code).toBe(5046);
    const proposed = await admin(a.auth, `/${w.id}/settle/propose`, {
      outcome: 'paid',
      reference: `0x${onChain!.transaction_id.toUpperCase()}`,
      note: '链上已确认到账',
    });
    expect(proposed.result).toMatchObject({
      state: 'paying',
      settlement: { outcome: 'paid', reference: onChain!.transaction_id, proposed_by: a.id },
    });
    expect((await admin(b.auth, `/${w.id}/settle/propose`, { outcome: 'failed', note: 'x' })).code).toBe(
      5041,
    );
    // The same operator twice is refused, and nothing moved.
    expect((await admin(a.auth, `/${w.id}/settle/confirm`, {})).code).toBe(5043);
    await stillHeld(w);
    const confirmed = await admin(b.auth, `/${w.id}/settle/confirm`, {});
    expect(confirmed.result).toMatchObject({
      state: 'paid',
      status: 1,
      tx_hash: onChain!.transaction_id,
      settled_by: b.id,
    });
    expect(await h.balances(w.p.playerId)).toEqual({
      available: toMicro('49'),
      held: 0n,
      posted: toMicro('49'),
    });
    expect((await admin(b.auth, `/${w.id}/settle/confirm`, {})).code).toBe(5024);
    expect((await auditActions(w.id)).slice(-2)).toEqual([
      ['withdrawal.settle_propose', a.id],
      ['withdrawal.settle_confirm', b.id],
    ]);
    await faults({ query_fail_next: 0 });
    // The rail answering later changes nothing: the withdrawal is settled.
    t.clock.advance(600_000);
    await h.service(shortRail()).reconcile();
    expect(await chainTransfersTo(w.address)).toHaveLength(1);
    await h.ledgerClean();
  });

  it('settles an alerted payout as failed with two operators after a withdrawn proposal: money back once', async () => {
    const a = await signedInOperator(t, 'finance');
    const b = await signedInOperator(t, 'finance');
    const paidElsewhere = await applied();
    const { row: other } = await h.service(shortRail()).approve(paidElsewhere.id, await approver());
    expect(other.state).toBe(WithdrawalState.PAID);
    const w = await alerted('refused');
    expect(await chainTransfersTo(w.address)).toEqual([]);
    // The hash of another withdrawal's transfer is a wrong paste.
    const reused = await admin(a.auth, `/${w.id}/settle/propose`, {
      outcome: 'paid',
      reference: other.txHash!,
    });
    expect(reused.code).toBe(5050);
    const first = await admin(a.auth, `/${w.id}/settle/propose`, {
      outcome: 'paid',
      reference: 'f'.repeat(64),
    });
    expect(first.result.settlement?.outcome).toBe('paid');
    // A wrong proposal is withdrawn (any operator may), then the right one made.
    expect((await admin(b.auth, `/${w.id}/settle/cancel`, {})).result.settlement).toBeNull();
    expect((await admin(b.auth, `/${w.id}/settle/cancel`, {})).code).toBe(5042);
    expect((await admin(b.auth, `/${w.id}/settle/confirm`, {})).code).toBe(5042);
    await admin(a.auth, `/${w.id}/settle/propose`, {
      outcome: 'failed',
      note: '链上无此笔转账，出款商确认未发送',
    });
    const confirmed = await admin(b.auth, `/${w.id}/settle/confirm`, {});
    expect(confirmed.result).toMatchObject({ state: 'rejected', status: 3, tx_hash: null });
    expect(await h.balances(w.p.playerId)).toEqual({
      available: toMicro('100'),
      held: 0n,
      posted: toMicro('100'),
    });
    expect((await auditActions(w.id)).map(([action]) => action)).toEqual([
      'withdrawal.payout_alert',
      'withdrawal.settle_propose',
      'withdrawal.settle_cancel',
      'withdrawal.settle_propose',
      'withdrawal.settle_confirm',
    ]);
    await faults({ query_fail_next: 0 });
    await h.ledgerClean();
  });

  it('settles once when confirmations race (two operators over HTTP, then 50 through the service)', async () => {
    const a = await signedInOperator(t, 'finance');
    const b = await signedInOperator(t, 'finance');
    const c = await signedInOperator(t, 'finance');
    const w = await alerted('refused');
    await admin(a.auth, `/${w.id}/settle/propose`, { outcome: 'failed', note: '链上无此笔转账' });
    const answers = await Promise.all([b, c].map((o) => admin(o.auth, `/${w.id}/settle/confirm`, {})));
    expect(answers.map((r) => r.code).sort()).toEqual([200, 5024]);
    expect(await h.balances(w.p.playerId)).toEqual({
      available: toMicro('100'),
      held: 0n,
      posted: toMicro('100'),
    });

    const v = await alerted('lost');
    const [onChain] = await chainTransfersTo(v.address);
    const service = h.service(shortRail());
    // Proposals racing: one is recorded, the others find it; a hash that settles another withdrawal is refused.
    const proposals = await Promise.allSettled(
      [1, 2, 3, 4, 5].map((op) =>
        service.proposeSettlement(v.id, 900 + op, { outcome: 'failed', reference: '', note: 'race' }),
      ),
    );
    expect(proposals.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(
      proposals.flatMap((r) => (r.status === 'rejected' ? [(r.reason as { key: string }).key] : [])),
    ).toEqual(Array(4).fill('SETTLE_PROPOSAL_OPEN'));
    await service.cancelSettlement(v.id, await approver());
    await service.proposeSettlement(v.id, 1_000, {
      outcome: 'paid',
      reference: onChain!.transaction_id,
      note: '',
    });
    const raced = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) => service.confirmSettlement(v.id, 2_000 + i)),
    );
    expect(raced.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(await service.findById(v.id)).toMatchObject({
      state: WithdrawalState.PAID,
      txHash: onChain!.transaction_id,
    });
    expect(await h.balances(v.p.playerId)).toEqual({
      available: toMicro('49'),
      held: 0n,
      posted: toMicro('49'),
    });
    await faults({ query_fail_next: 0 });
    await h.ledgerClean();
  });
});

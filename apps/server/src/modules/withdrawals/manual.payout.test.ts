import { describe, expect, it } from 'vitest';
import type { AdminWithdrawal as Admin } from '@koi/contract';
import { toMicro } from '@koi/ledger';
import { body, useTestApp } from '../../../test/app';
import { useSandbox } from '../../../test/sim';
import { testConfig } from '../../config';
import { signedInOperator } from '../operators/operators.fixtures';
import { createHttpPayoutRail } from './payout.client';
import { withdrawalsHarness } from './withdrawals.fixtures';

type Method = { type: string; name: string; enabled: boolean; manual: boolean };
type InoutRecord = {
  id: string;
  status: number;
  channel: string;
  step: string | null;
  withdrawal_state: string;
};

/**
 * Decision 35: phone-number wallets (type 2) and other wallets (type 3) are offered only while an operator has
 * enabled them under a display name of the operator's choosing (never a sanctioned institution's), and are
 * paid by hand: after approval one operator records the external reference, a second confirms, the hold
 * posts. TRC20 stays on the rail. The sandbox rail runs as a real process and must never see these payouts.
 */
describe('off-chain payout methods, paid by hand with two operators', () => {
  const sb = useSandbox();
  const t = useTestApp(() => ({ withdrawals: testConfig().withdrawals, payout: sb.koiConfig.payout }));
  const h = withdrawalsHarness(() => t);
  const inject = (auth: Record<string, string>, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app
      .inject({ method, url, headers: auth, payload })
      .then((res) => ({ status: res.statusCode, ...body(res) }));
  const admin = h.adminApi<Admin>();
  const types = async (auth: Record<string, string>) =>
    (await h.call<{ type: string; name: string }[]>(auth, 'address-types')).result;
  const railTransfers = async () => (await sb.control('/control/payout/transfers')) as { key: string }[];
  // The last seven days, not today: a test clock moved forward can cross midnight in UTC+8 (the records' day).
  const records = async (auth: Record<string, string>) =>
    (await h.call<{ list: InoutRecord[] }>(auth, 'inout-records', { range: 3, type: 2 })).result.list;
  const auditActions = async (type: string, id: number) =>
    (await h.auditActions(id, type)).map(([action]) => action);

  it('offers types 2 and 3 only once enabled, under the operator’s name, never Huione, and audits the change', async () => {
    const op = await signedInOperator(t, 'finance');
    const p = await h.player();
    expect(await types(p.auth)).toEqual([{ type: '1', name: 'USDT-TRC20' }]);
    expect((await h.call(p.auth, 'bind-address', { type: '3', address: 'wallet-42' })).code).toBe(5047);
    const methods = (await inject(op.auth, 'GET', '/api/admin/withdrawals/payout-methods'))
      .result as Method[];
    expect(methods).toEqual([
      expect.objectContaining({ type: '1', enabled: true, manual: false }),
      expect.objectContaining({ type: '2', name: '转账钱包（手机号）', enabled: false, manual: true }),
      expect.objectContaining({ type: '3', name: '其他钱包', enabled: false, manual: true }),
    ]);
    const set = (type: number, payload: object) =>
      inject(op.auth, 'POST', `/api/admin/withdrawals/payout-methods/${type}`, payload);
    for (const name of ['汇旺钱包（手机号）', 'Huione Pay', 'HUI ONE', '', 'x'.repeat(33)]) {
      expect((await set(2, { enabled: true, name })).code, name).toBe(5049);
    }
    expect((await set(1, { enabled: false, name: 'TRC20' })).code).toBe(5048);
    expect((await set(2, { enabled: 'maybe', name: 'x' })).status).toBe(400);
    expect((await types(p.auth)).map((m) => m.type)).toEqual(['1']);
    expect((await set(2, { enabled: true, name: '手机转账' })).result).toMatchObject({
      type: '2',
      name: '手机转账',
      enabled: true,
    });
    expect(await types(p.auth)).toEqual([
      { type: '1', name: 'USDT-TRC20' },
      { type: '2', name: '手机转账' },
    ]);
    expect(await auditActions('payout_method', 2)).toEqual(['withdrawal.method_update']);
    await set(2, { enabled: false, name: '手机转账' });
    expect((await types(p.auth)).map((m) => m.type)).toEqual(['1']);
  });

  /**
   * What both manual payouts start from: two finance operators, the manual methods enabled, and a player with
   * 100 USDT who has applied to withdraw `amount` to the manual `address` it bound.
   */
  async function manualApplication(address: Record<string, string>, amount: string) {
    const a = await signedInOperator(t, 'finance');
    const b = await signedInOperator(t, 'finance');
    await h.enableMethods();
    const p = await h.player({ deposit: '100' });
    const bound = await h.call<{ id: number }>(p.auth, 'bind-address', address);
    const applied = await h.apply(p.auth, { amount, address_id: bound.result.id });
    expect(applied.code, applied.message).toBe(200);
    return { a, b, p, id: applied.result.id, addressId: bound.result.id };
  }

  it('pays a phone-wallet withdrawal by hand: recorded by one operator, confirmed by another, never on the rail', async () => {
    const { a, b, p, id } = await manualApplication({ type: '2', area: '86', address: '13800138000' }, '50');
    expect((await records(p.auth)).find((r) => r.id === String(id))).toMatchObject({
      step: '待审核',
      channel: '转账钱包（手机号）',
    });

    const approved = await admin(a.auth, `/${id}/approve`, {});
    expect(approved.result).toMatchObject({ state: 'paying', manual_payout: true, tx_hash: null });
    expect((await railTransfers()).map((r) => r.key)).not.toContain(String(id));
    expect((await records(p.auth)).find((r) => r.id === String(id))?.step).toBe('已批准，等待人工付款');
    // The reconciler leaves manual payouts alone, however long they wait.
    t.clock.advance(600_000);
    const service = h.service(createHttpPayoutRail(sb.koiConfig.payout!));
    await service.reconcile();
    await service.payApproved();
    expect(await service.findById(id)).toMatchObject({ state: 3, payoutAttempts: 0, alertedAt: null });

    expect((await admin(a.auth, `/${id}/settle/propose`, { outcome: 'paid', reference: ' ' })).code).toBe(
      5045,
    );
    const recorded = await admin(a.auth, `/${id}/settle/propose`, {
      outcome: 'paid',
      reference: 'BANK-REF-0001',
      note: '已通过手机转账付款',
    });
    expect(recorded.result.settlement).toMatchObject({ outcome: 'paid', reference: 'BANK-REF-0001' });
    expect((await records(p.auth)).find((r) => r.id === String(id))?.step).toBe('已付款，等待复核确认');
    expect(await h.balances(p.playerId)).toMatchObject({ held: toMicro('51') });
    expect((await admin(a.auth, `/${id}/settle/confirm`, {})).code).toBe(5043);

    const confirmed = await admin(b.auth, `/${id}/settle/confirm`, {});
    expect(confirmed.result).toMatchObject({ state: 'paid', status: 1, tx_hash: null });
    expect(await h.balances(p.playerId)).toEqual({
      available: toMicro('49'),
      held: 0n,
      posted: toMicro('49'),
    });
    expect((await records(p.auth)).find((r) => r.id === String(id))).toMatchObject({
      status: 1,
      withdrawal_state: 'paid',
      step: '已完成（付款凭证：BANK-REF-0001）',
    });
    expect((await railTransfers()).map((r) => r.key)).not.toContain(String(id));
    expect(await auditActions('withdrawal', id)).toEqual([
      'withdrawal.approve',
      'withdrawal.settle_propose',
      'withdrawal.settle_confirm',
    ]);
    await h.ledgerClean();
  });

  it('gives an other-wallet withdrawal back when two operators settle it as not paid; refuses a disabled method', async () => {
    const { a, b, p, id, addressId } = await manualApplication({ type: '3', address: 'wallet-id-77' }, '30');
    await admin(a.auth, `/${id}/approve`, {});
    await admin(b.auth, `/${id}/settle/propose`, { outcome: 'failed', note: '收款钱包已停用，无法付款' });
    const settled = await admin(a.auth, `/${id}/settle/confirm`, {});
    expect(settled.result).toMatchObject({ state: 'rejected', status: 3 });
    expect(await h.balances(p.playerId)).toEqual({
      available: toMicro('100'),
      held: 0n,
      posted: toMicro('100'),
    });
    expect((await records(p.auth)).find((r) => r.id === String(id))?.step).toBe('已驳回，资金已退回');

    // Disabled again: an address bound before cannot be withdrawn to.
    await h.service(null).setPayoutMethod(3, { enabled: false, name: '其他钱包' }, 1);
    const refused = await h.apply(p.auth, { amount: '30', address_id: addressId });
    expect(refused.code).toBe(5047);
    expect(await h.balances(p.playerId)).toMatchObject({ held: 0n });
    await h.ledgerClean();
  });
});

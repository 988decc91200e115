import {
  adminIdParams,
  adminWithdrawal,
  adminWithdrawalApproveRequest,
  adminWithdrawalRejectRequest,
  adminWithdrawalSettleRequest,
  adminPayoutMethodParams,
  adminPayoutMethodRequest,
  adminPayoutMethodsResult,
  payoutMethod,
  adminWithdrawalsQuery,
  adminWithdrawalsResult,
} from '@koi/contract';
import { parseAmount } from '@koi/ledger';
import { AppError } from '../../errors';
import { pageWindow } from '../../lib/paging';
import { type AuditedRoutes, auditedRoutesPlugin } from '../../plugins/routes';
import { actorOf } from '../../plugins/console';
import type { AuditWrite } from '../audit';
import type { OperatorsService } from '../operators';
import type { WithdrawalRow } from './withdrawals.schema';
import type { WithdrawalState } from './withdrawals.schema';
import { WITHDRAWAL_STATES } from './withdrawals.context';
import type { SettleProposal, WithdrawalsService } from './withdrawals.service';

/** What the propose step carries (the other steps carry nothing). */
type SettleInput = SettleProposal | null;
import { adminWithdrawalWire, payoutMethodWire } from './withdrawals.wire';

/** The console's withdrawal review (finance): the queue with each player's context, approve, reject. */
function withdrawalsAdminApi(
  { read, write, audit }: AuditedRoutes,
  opts: {
    service: WithdrawalsService;
    /** Operator usernames for the approvers (the operators module owns them). */
    operators: Pick<OperatorsService, 'usernamesOf'>;
  },
) {
  const { service, operators } = opts;

  /** Rows with their context and the approvers' names (one name query for the whole page). */
  const withContexts = async (rows: WithdrawalRow[]) => {
    const [contexts, names] = await Promise.all([
      Promise.all(rows.map((row) => service.reviewContext(row))),
      operators.usernamesOf(
        rows
          .flatMap((r) => [r.approvedBy, r.secondApprovedBy, r.settleProposedBy, r.settledBy])
          .filter((id): id is number => id !== null),
      ),
    ]);
    return rows.map((row, i) => adminWithdrawalWire(row, contexts[i]!, names));
  };
  const withContext = async (row: WithdrawalRow) => (await withContexts([row]))[0]!;
  const found = async (id: number) => {
    const row = await service.findById(id);
    if (!row) throw new AppError('WITHDRAWAL_NOT_FOUND');
    return row;
  };

  read.get(
    '/api/admin/withdrawals',
    {
      summary: '提现审核队列（含玩家充提、投注、流水、标记、地址信息）',
      querystring: adminWithdrawalsQuery,
      result: adminWithdrawalsResult,
    },
    async (request) => {
      const q = request.query;
      const address = q.address?.trim();
      // A malformed minimum is refused with the amount message, never a 500.
      const min = q.min_amount ? parseAmount(q.min_amount, { allowZero: true }) : null;
      if (min && !min.ok) throw new AppError('AMOUNT_INVALID', { reason: min.text });
      const [{ rows, total }, attention] = await Promise.all([
        service.listByStates(
          WITHDRAWAL_STATES.codes(q.status) as WithdrawalState[],
          {
            playerId: q.player_id,
            address: address ? address : undefined,
            minAmountMicro: min?.ok ? min.micro : undefined,
            attention: q.attention === true,
          },
          pageWindow(q),
        ),
        service.attentionCount(),
      ]);
      return { data: await withContexts(rows), total, attention };
    },
  );

  read.get(
    '/api/admin/withdrawals/payout-methods',
    {
      summary: '出款方式：TRC20 走出款通道；转账钱包（手机号）与其他钱包须开启后才向玩家开放，人工出款',
      result: adminPayoutMethodsResult,
    },
    async () => (await service.payoutMethods()).map(payoutMethodWire),
  );

  write.post(
    '/api/admin/withdrawals/payout-methods/:type',
    {
      summary: '开启或关闭人工出款方式（类型2、3）并设置显示名称',
      params: adminPayoutMethodParams,
      body: adminPayoutMethodRequest,
      result: payoutMethod,
    },
    async (request) => {
      const type = request.params.type;
      const logged = audit.writer(request, 'withdrawal.method_update', { type: 'payout_method', id: type });
      const saved = await service.setPayoutMethod(
        type,
        { enabled: request.body.enabled, name: request.body.name },
        actorOf(request).operatorId,
        logged,
      );
      return payoutMethodWire(saved);
    },
  );

  read.get(
    '/api/admin/withdrawals/:id',
    {
      summary: '提现单详情',
      params: adminIdParams,
      result: adminWithdrawal,
    },
    async (request) => await withContext(await found(request.params.id)),
  );

  /**
   * Approve and reject: the signed-in operator decides on one withdrawal, and the audit entry written with the
   * decision carries the reason given (optional for an approval, shown to the player on a rejection).
   */
  const decision = (
    verb: 'approve' | 'reject',
    spec: {
      summary: string;
      body: typeof adminWithdrawalApproveRequest | typeof adminWithdrawalRejectRequest;
    },
    decide: (id: number, operatorId: number, reason: string, logged: AuditWrite) => Promise<WithdrawalRow>,
  ) =>
    write.post(
      `/api/admin/withdrawals/:id/${verb}`,
      { ...spec, params: adminIdParams, result: adminWithdrawal },
      async (request) => {
        const id = request.params.id;
        const reason = request.body?.reason ?? '';
        const logged = audit.writer(request, `withdrawal.${verb}`, { type: 'withdrawal', id }, reason);
        return await withContext(await decide(id, actorOf(request).operatorId, reason, logged));
      },
    );

  decision(
    'approve',
    { summary: '批准提现（大额须两位不同操作员）；批准后立即出款', body: adminWithdrawalApproveRequest },
    async (id, operatorId, _reason, logged) => (await service.approve(id, operatorId, logged)).row,
  );
  decision(
    'reject',
    { summary: '驳回提现（冻结资金全额退回，原因展示给玩家）', body: adminWithdrawalRejectRequest },
    (id, operatorId, reason, logged) => service.reject(id, operatorId, reason, logged),
  );

  /**
   * Settling a paying withdrawal by hand, with two operators: one proposes (paid with the chain transaction
   * or the external reference, or failed after checking the chain), a different one confirms; anyone may
   * withdraw an open proposal. Each step is audited with the withdrawal before and after it.
   */
  const settleSteps = {
    propose: {
      summary: '人工处理出款（第一位操作员）：已付款（链上交易哈希或付款凭证号）或未付款（核查说明）',
      body: adminWithdrawalSettleRequest,
      // The body schema makes the proposal present on this step.
      step: (id: number, operatorId: number, input: SettleInput, logged: AuditWrite) =>
        service.proposeSettlement(id, operatorId, input!, logged),
    },
    confirm: {
      summary: '复核确认人工处理（须另一位操作员）：已付款则扣款完成，未付款则资金退回玩家',
      body: undefined,
      step: (id: number, operatorId: number, _input: SettleInput, logged: AuditWrite) =>
        service.confirmSettlement(id, operatorId, logged),
    },
    cancel: {
      summary: '撤销待复核的人工处理方案',
      body: undefined,
      step: (id: number, operatorId: number, _input: SettleInput, logged: AuditWrite) =>
        service.cancelSettlement(id, operatorId, logged),
    },
  } as const;
  for (const verb of Object.keys(settleSteps) as (keyof typeof settleSteps)[]) {
    const spec = settleSteps[verb];
    write.post(
      `/api/admin/withdrawals/:id/settle/${verb}`,
      {
        summary: spec.summary,
        params: adminIdParams,
        ...(spec.body ? { body: spec.body } : {}),
        result: adminWithdrawal,
      },
      async (request) => {
        const id = request.params.id;
        const input = (request.body ?? null) as SettleInput;
        const logged = audit.writer(
          request,
          `withdrawal.settle_${verb}`,
          { type: 'withdrawal', id },
          input?.note,
        );
        return await withContext(await spec.step(id, actorOf(request).operatorId, input, logged));
      },
    );
  }
}

export const withdrawalsAdminRoutes = auditedRoutesPlugin(
  ['后台：提现审核'],
  'withdrawals',
  withdrawalsAdminApi,
);

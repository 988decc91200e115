import { createAddressBook } from './addresses';
import { createApply } from './apply';
import { createWithdrawPassword } from './password';
import { createPayout } from './payout';
import { createReview } from './review';
import { createSettlement } from './settlement';
import {
  createWithdrawalsContext,
  type ApplyGuard,
  type WithdrawalsServiceDeps,
} from './withdrawals.context';

export type { ApplyGuard, WithdrawalsServiceDeps } from './withdrawals.context';
export type { BindAddressInput } from './addresses';
export type { ApplyInput } from './apply';
export type { SettleProposal } from './settlement';

/**
 * The withdrawal service: one object composed of its parts, one job a file (the design note in
 * withdrawals.context.ts lists them). Routes, jobs and other modules see only this object, so they keep one
 * dependency whichever part serves a call.
 */
export function createWithdrawalsService(deps: WithdrawalsServiceDeps) {
  const ctx = createWithdrawalsContext(deps);
  const addresses = createAddressBook(ctx);
  const password = createWithdrawPassword(ctx);
  const payout = createPayout(ctx);
  const settlement = createSettlement(ctx);
  const review = createReview(ctx, payout);
  const apply = createApply(ctx, { addresses, password, review });
  return {
    // Addresses (decision 12) and the payout methods offered for them (decision 35).
    listAddresses: addresses.listAddresses,
    linkedByAddress: addresses.linkedByAddress,
    bindAddress: addresses.bindAddress,
    deleteAddress: addresses.deleteAddress,
    payoutMethods: addresses.payoutMethods,
    setPayoutMethod: addresses.setPayoutMethod,
    // Withdrawal password (decision 10).
    setPassword: password.setPassword,
    updatePassword: password.updatePassword,
    // Applying.
    feeOf: apply.feeOf,
    info: apply.info,
    apply: apply.apply,
    /** Registers a step run before a withdrawal is applied for (see ApplyGuard). */
    addApplyGuard: (guard: ApplyGuard) => {
      ctx.applyGuards.push(guard);
    },
    records: apply.records,
    // Review (decision 22) and separation of duties (decision 33).
    reviewContext: review.reviewContext,
    findById: review.findById,
    listByStates: review.listByStates,
    attentionCount: review.attentionCount,
    approve: review.approve,
    reject: review.reject,
    assertMayDecide: review.assertMayDecide,
    assertIndependent: review.assertIndependent,
    withdrawnSince: review.withdrawnSince,
    // Payout, reconciliation and the two-operator settlement.
    payOut: payout.payOut,
    reconcileOne: payout.reconcileOne,
    payApproved: payout.payApproved,
    reconcile: payout.reconcile,
    proposeSettlement: settlement.proposeSettlement,
    confirmSettlement: settlement.confirmSettlement,
    cancelSettlement: settlement.cancelSettlement,
  };
}

export type WithdrawalsService = ReturnType<typeof createWithdrawalsService>;

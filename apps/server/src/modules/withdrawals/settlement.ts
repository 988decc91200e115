import { AppError } from '../../errors';
import type { AuditWrite } from '../audit';
import { auditView, WITHDRAWAL_STATES, type WithdrawalsContext } from './withdrawals.context';
import { createWithdrawalsRepository, type WithdrawalsRepository } from './withdrawals.repository';
import type { WithdrawalRow } from './withdrawals.schema';
import { SettleOutcome, WithdrawalState } from './withdrawals.schema';

/*
 * Design note: settling a payout by hand, with two operators.
 *
 * A rail payout the reconciler could not clear up (alerted, payout.ts) and every manual payout (off-chain
 * methods, never sent to the rail) are settled by two people. One proposes "paid" with the chain
 * transaction (rail) or the external payment reference (manual), or "failed" with what was checked; a
 * different operator confirms, and the confirmation posts or voids the holds in the same transaction as the
 * state change. Any operator may withdraw an open proposal (a wrong reference, or the rail answered
 * meanwhile). The withdrawal row is locked for each step, so two confirmations racing settle once, and one
 * chain transaction can settle only one withdrawal.
 */

/** A chain transaction id as the console enters it (TRON: 64 hex digits). */
const TX_HASH = /^[0-9a-f]{64}$/;
const SETTLE_REFERENCE_MAX = 128;
const SETTLE_NOTE_MAX = 256;

/** A person's settlement proposal for a paying withdrawal (the first of two operators). */
export interface SettleProposal {
  outcome: 'paid' | 'failed';
  /** The chain transaction (rail payouts) or the external payment reference (manual payouts). */
  reference: string;
  note: string;
}

/**
 * The withdrawal locked for a settlement step: it must be paying, and a rail payout must have been
 * alerted (before that the reconciler is still working on it and a person would only guess).
 */
async function lockedForSettlement(txRepo: WithdrawalsRepository, id: number) {
  const current = await txRepo.lockWithdrawal(id);
  if (!current) throw new AppError('WITHDRAWAL_NOT_FOUND');
  if (current.state !== WithdrawalState.PAYING) {
    throw new AppError('WITHDRAWAL_STATE', { state: WITHDRAWAL_STATES.name(current.state) });
  }
  if (!current.manualPayout && !current.alertedAt) throw new AppError('SETTLE_NOT_DUE');
  return current;
}

/** The reference a proposal carries: a chain transaction for a rail payout, free text for a manual one. */
function settleReferenceOf(row: WithdrawalRow, input: SettleProposal): string | null {
  const reference = input.reference.trim();
  if (input.outcome === 'failed') return reference || null;
  if (!row.manualPayout) {
    const hash = reference.toLowerCase().replace(/^0x/, '');
    if (!TX_HASH.test(hash)) throw new AppError('SETTLE_TX_HASH_INVALID');
    return hash;
  }
  if (!reference || [...reference].length > SETTLE_REFERENCE_MAX || /\p{Cc}/u.test(reference)) {
    throw new AppError('SETTLE_REFERENCE_INVALID', { max: SETTLE_REFERENCE_MAX });
  }
  return reference;
}

const NO_PROPOSAL = {
  settleOutcome: null,
  settleReference: null,
  settleNote: null,
  settleProposedBy: null,
  settleProposedAt: null,
};

export function createSettlement(ctx: WithdrawalsContext) {
  const { deps, resolveHolds } = ctx;
  const { db, clock } = deps;

  /**
   * One settlement step: the withdrawal locked (see lockedForSettlement), the step's change, and its audit
   * entry with the withdrawal before and after, in one transaction.
   */
  const step = (
    id: number,
    audit: AuditWrite | undefined,
    change: (txRepo: WithdrawalsRepository, current: WithdrawalRow) => Promise<WithdrawalRow | null>,
  ): Promise<WithdrawalRow> =>
    db.transaction(async (tx) => {
      const txRepo = createWithdrawalsRepository(tx);
      const current = await lockedForSettlement(txRepo, id);
      const row = await change(txRepo, current);
      if (!row) throw new Error(`withdrawal ${id} changed under its row lock`);
      await audit?.(tx, { before: auditView(current), after: auditView(row) });
      return row;
    });

  /**
   * The first operator's step: propose "paid" (with the chain transaction or the external reference) or
   * "failed" (with what was checked). Nothing moves yet; a second, different operator confirms.
   */
  async function proposeSettlement(
    id: number,
    operatorId: number,
    input: SettleProposal,
    audit?: AuditWrite,
  ): Promise<WithdrawalRow> {
    const note = input.note.trim();
    if ([...note].length > SETTLE_NOTE_MAX) throw new AppError('SETTLE_NOTE_REQUIRED');
    if (input.outcome === 'failed' && !note) throw new AppError('SETTLE_NOTE_REQUIRED');
    return step(id, audit, async (txRepo, current) => {
      if (current.settleProposedBy !== null) throw new AppError('SETTLE_PROPOSAL_OPEN');
      const reference = settleReferenceOf(current, input);
      // One chain transaction pays one withdrawal: a hash already used elsewhere is a wrong paste.
      if (input.outcome === 'paid' && !current.manualPayout && (await txRepo.txHashTaken(reference!, id))) {
        throw new AppError('SETTLE_TX_HASH_USED');
      }
      const now = clock.now();
      return txRepo.setProposal(
        id,
        {
          settleOutcome: input.outcome === 'paid' ? SettleOutcome.PAID : SettleOutcome.FAILED,
          settleReference: reference,
          settleNote: note || null,
          settleProposedBy: operatorId,
          settleProposedAt: now,
        },
        now,
      );
    });
  }

  /**
   * The second operator's step: confirms the open proposal and settles the withdrawal in the same
   * transaction (paid posts the holds, failed voids them). The proposer can never confirm their own.
   */
  function confirmSettlement(id: number, operatorId: number, audit?: AuditWrite): Promise<WithdrawalRow> {
    return db.transaction(async (tx) => {
      const txRepo = createWithdrawalsRepository(tx);
      const current = await lockedForSettlement(txRepo, id);
      if (current.settleProposedBy === null || current.settleOutcome === null) {
        throw new AppError('SETTLE_NO_PROPOSAL');
      }
      if (current.settleProposedBy === operatorId) throw new AppError('SETTLE_SECOND_OPERATOR');
      const paid = current.settleOutcome === SettleOutcome.PAID;
      const row = await txRepo.transition(id, [WithdrawalState.PAYING], {
        state: paid ? WithdrawalState.PAID : WithdrawalState.REJECTED,
        settledBy: operatorId,
        ...(paid
          ? { txHash: current.manualPayout ? null : current.settleReference }
          : { rejectReason: '出款未完成，资金已退回' }),
        updatedAt: clock.now(),
      });
      if (!row) throw new Error(`withdrawal ${id} changed under its row lock`);
      await resolveHolds(tx, row, paid);
      await audit?.(tx, { before: auditView(current), after: auditView(row) });
      return row;
    });
  }

  /** Withdraws the open proposal (a wrong reference, or the rail answered meanwhile); any operator may. */
  function cancelSettlement(id: number, _operatorId: number, audit?: AuditWrite): Promise<WithdrawalRow> {
    return step(id, audit, async (txRepo, current) => {
      if (current.settleProposedBy === null) throw new AppError('SETTLE_NO_PROPOSAL');
      return txRepo.setProposal(id, NO_PROPOSAL, clock.now());
    });
  }

  return { proposeSettlement, confirmSettlement, cancelSettlement };
}

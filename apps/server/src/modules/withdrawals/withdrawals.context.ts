import { formatMicro } from '@koi/ledger';
import type { WithdrawalsConfig } from '../../config';
import type { Db, Tx } from '../../db/client';
import { AppError } from '../../errors';
import type { Clock } from '../../lib/clock';
import { sha256Hex } from '../../lib/crypto';
import { stateNames } from '../../lib/state-names';
import type { AuditPort, AuditWrite } from '../audit';
import type { AuthService } from '../auth/auth.service';
import type { BetsService } from '../bets/bets.service';
import type { DepositsService } from '../deposits/deposits.service';
import type { OperatorsService } from '../operators/operators.service';
import type { TurnoverService } from '../turnover';
import type { WalletAdmin } from '../wallet/wallet.admin';
import type { WalletService } from '../wallet/wallet.service';
import type { PayoutRail } from './payout.client';
import { createWithdrawalsRepository } from './withdrawals.repository';
import type { WithdrawalRow } from './withdrawals.schema';
import { SettleOutcome, WithdrawalState } from './withdrawals.schema';

/*
 * Design note: withdrawals, the parts and what they share.
 *
 * The withdrawal service is one object composed of five parts, one file each: the address book with its
 * poisoning guard (addresses.ts), the withdrawal password and its lockout (password.ts), applying with its
 * limits (apply.ts), the operators' review with separation of duties (review.ts), and the payout with its
 * reconciliation (payout.ts) and two-operator settlement (settlement.ts). This file holds what they share: the
 * dependencies, the states, the ledger keys, the player's standing, and `finish`, the one place a withdrawal
 * ends.
 *
 * States (decision 22): applied -> approved -> paying -> paid | rejected. Every change is one conditional
 * UPDATE (`transition`): two operators, or an operator and a job, racing on one withdrawal cannot both
 * move it. The ledger resolution (post on paid, void on rejected) runs in the same transaction as the state
 * change, so a rejected withdrawal always has its money back and a paid one always has its hold posted.
 */

export interface WithdrawalsServiceDeps {
  db: Db;
  clock: Clock;
  config: WithdrawalsConfig;
  players: Pick<
    AuthService,
    'withdrawProfile' | 'replaceWithdrawPasswordHash' | 'playersSharingDevice' | 'playersLinkedTo'
  >;
  /** Who an operator is (username, devices) and whom they enrolled: separation of duties. */
  operators: Pick<OperatorsService, 'linkHints' | 'enrolledEachOther'>;
  /** Manual adjustments: who adjusted the player recently, and how much (two-person threshold). */
  adjustments: Pick<WalletAdmin, 'operatorAdjustedPlayer' | 'playerAdjustedSince'>;
  wallet: Pick<WalletService, 'holdIn' | 'resolveIn' | 'availableIn' | 'codeTotals'>;
  records: Pick<BetsService, 'winLoss' | 'betRecords'>;
  /** What the player still owes in valid bets: withdraw-info shows it, applying and the review check it. */
  turnover: Pick<TurnoverService, 'remainingOf'>;
  /** Where the player's deposits came from (the address-poisoning guard compares against those senders). */
  deposits: Pick<DepositsService, 'senderAddresses'>;
  /** The payout rail; null when none is configured (approved withdrawals then wait for one). */
  rail: PayoutRail | null;
  /** The payout alert is a system entry in the audit log, written with the alert. */
  audit: Pick<AuditPort, 'record'>;
}

export const RECORD_STATUS: Record<WithdrawalState, 1 | 2 | 3> = {
  [WithdrawalState.APPLIED]: 2,
  [WithdrawalState.APPROVED]: 2,
  [WithdrawalState.PAYING]: 2,
  [WithdrawalState.PAID]: 1,
  [WithdrawalState.REJECTED]: 3,
};

/** A withdrawal's states; `open` is every state before the money is out or the request refused. */
export const WITHDRAWAL_STATES = stateNames(WithdrawalState, {
  open: [WithdrawalState.APPLIED, WithdrawalState.APPROVED, WithdrawalState.PAYING],
});

/**
 * Where a withdrawal stands, as the player reads it: each step of a manual payout too (approved and waiting
 * for the payment, paid and waiting for the second operator's confirmation, completed with its reference).
 */
export type WithdrawalStep =
  'review' | 'approved' | 'paying' | 'manual_waiting' | 'manual_confirming' | 'paid' | 'rejected';

export function withdrawalStep(w: WithdrawalRow): WithdrawalStep {
  switch (w.state) {
    case WithdrawalState.APPLIED:
      return 'review';
    case WithdrawalState.APPROVED:
      return 'approved';
    case WithdrawalState.PAYING:
      if (!w.manualPayout) return 'paying';
      return w.settleProposedBy !== null && w.settleOutcome === SettleOutcome.PAID
        ? 'manual_confirming'
        : 'manual_waiting';
    case WithdrawalState.PAID:
      return 'paid';
    default:
      return 'rejected';
  }
}

/** A withdrawal as a row of the player's deposit-and-withdrawal records (record status of spec §3). */
export function withdrawalRecord(w: WithdrawalRow) {
  return {
    addressType: w.addressType,
    step: withdrawalStep(w),
    manualReference: w.manualPayout && w.state === WithdrawalState.PAID ? w.settleReference : null,
    id: String(w.id),
    createdAt: w.createdAt,
    amountMicro: w.amountMicro,
    paidMicro: w.state === WithdrawalState.PAID ? w.amountMicro : 0n,
    feeMicro: w.feeMicro,
    status: RECORD_STATUS[w.state as WithdrawalState],
    state: WITHDRAWAL_STATES.name(w.state),
    txHash: w.txHash,
    reason: w.rejectReason,
  };
}

/** What the audit log keeps of a withdrawal: its decision-relevant fields, amounts as decimal strings. */
export function auditView(w: WithdrawalRow) {
  return {
    state: WITHDRAWAL_STATES.name(w.state),
    playerId: w.playerId,
    amount: formatMicro(w.amountMicro),
    fee: formatMicro(w.feeMicro),
    address: w.address,
    approvedBy: w.approvedBy,
    secondApprovedBy: w.secondApprovedBy,
    rejectReason: w.rejectReason,
    // Named apart from "hash": the audit log drops keys that look like secrets.
    chainTransaction: w.txHash,
    manualPayout: w.manualPayout,
    alertedAt: w.alertedAt,
    settleOutcome:
      w.settleOutcome === null ? null : w.settleOutcome === SettleOutcome.PAID ? 'paid' : 'failed',
    settleReference: w.settleReference,
    settleNote: w.settleNote,
    settleProposedBy: w.settleProposedBy,
    settledBy: w.settledBy,
  };
}

/** Whole minutes until `until` (at least one), as refusals name a wait. */
export const minutesUntil = (until: Date, now: Date) =>
  Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 60_000));

// The player's request id enters the ledger key hashed: any id the contract allows fits the ledger's 128
// characters with the fee suffix, and two ids never share a key.
export const holdKeyOf = (playerId: number, requestId: string) =>
  `withdrawal:${playerId}:${sha256Hex(requestId)}`;
export const feeKeyOf = (holdKey: string) => `${holdKey}:fee`;

/** What a final transition may write beside the state. */
export interface FinishPatch {
  txHash?: string;
  rejectReason?: string;
  rejectedBy?: number | null;
  lastPayoutError?: string;
  settledBy?: number;
}

/** The shared helpers every part is built with. */
export function createWithdrawalsContext(deps: WithdrawalsServiceDeps) {
  const { db, clock, players, wallet } = deps;
  const repo = createWithdrawalsRepository(db);

  async function profileOf(playerId: number) {
    const profile = await players.withdrawProfile(playerId);
    if (!profile) throw new AppError('UNAUTHORIZED');
    return profile;
  }

  /** Why a withdrawal of this player must not move on now (frozen, self-excluded), or null. */
  function standingHold(profile: Awaited<ReturnType<typeof players.withdrawProfile>>): string | null {
    if (!profile || profile.frozen) return '已冻结';
    if (profile.selfExcludedUntil && profile.selfExcludedUntil.getTime() > clock.now().getTime()) {
      return '处于自我限制期';
    }
    return null;
  }

  async function resolveHolds(tx: Tx, row: WithdrawalRow, post: boolean) {
    const keys = row.feeMicro > 0n ? [row.holdKey, feeKeyOf(row.holdKey)] : [row.holdKey];
    // The holds change only here, in the transaction that moves the state, so they are still pending.
    for (const key of keys) await wallet.resolveIn(tx, key, post);
  }

  /**
   * The final transition and its ledger resolution in one transaction: paid posts the holds, rejected voids
   * them. A crash between the two is impossible: both commit or neither does. `audit` records an
   * operator's decision in the same transaction.
   */
  async function finish(
    id: number,
    from: WithdrawalState[],
    paid: boolean,
    patch: FinishPatch,
    audit?: AuditWrite,
  ): Promise<WithdrawalRow> {
    return db.transaction(async (tx) => {
      const txRepo = createWithdrawalsRepository(tx);
      const row = await txRepo.transition(id, from, {
        ...patch,
        state: paid ? WithdrawalState.PAID : WithdrawalState.REJECTED,
        updatedAt: clock.now(),
      });
      if (!row) {
        const current = await txRepo.findById(id);
        if (!current) throw new AppError('WITHDRAWAL_NOT_FOUND');
        throw new AppError('WITHDRAWAL_STATE', { state: WITHDRAWAL_STATES.name(current.state) });
      }
      await resolveHolds(tx, row, paid);
      await audit?.(tx, { after: auditView(row) });
      return row;
    });
  }

  /** The player's profile, refusing when no withdrawal password is set yet (addresses, changing it). */
  async function requirePasswordSet(playerId: number) {
    const profile = await profileOf(playerId);
    if (!profile.withdrawPasswordHash) throw new AppError('WITHDRAW_PASSWORD_NOT_SET');
    return profile;
  }

  /** Checks registered by modules above this one, run before a withdrawal is applied for (see ApplyGuard). */
  const applyGuards: ApplyGuard[] = [];

  return { deps, repo, profileOf, requirePasswordSet, standingHold, resolveHolds, finish, applyGuards };
}

/**
 * A step a module above this one runs when the player applies for a withdrawal, after the turnover check and
 * before any money is held (promotions: clearing played-through bonuses, cutting winnings above their
 * largest convertible win, decision 36). It may move money or throw the refusal.
 */
export type ApplyGuard = (playerId: number) => Promise<void>;

export type WithdrawalsContext = ReturnType<typeof createWithdrawalsContext>;

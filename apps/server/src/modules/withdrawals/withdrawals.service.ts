import { hash } from '@node-rs/argon2';
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { formatMicro, parseAmount, SystemAccount, TransferCode, withdrawalFeeMicro } from '@koi/ledger';
import type { WithdrawalsConfig } from '../../config';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { AppError } from '../../errors';
import { sha256Hex } from '../../lib/crypto';
import type { Clock } from '../../lib/clock';
import { pgConstraint, pgErrorCode, UNIQUE_VIOLATION } from '../../lib/pg-errors';
import { startOfReportDay, timeRangeBounds, type TimeRange } from '../../lib/time-range';
import { isTronAddress } from '../../lib/tron-address';
import { lengthWithin, passwordMatches } from '../../lib/passwords';
import type { AuthService } from '../auth/auth.service';
import type { DepositsService } from '../deposits/deposits.service';
import type { AuditPort, AuditWrite } from '../audit';
import type { BetsService } from '../bets/bets.service';
import type { TurnoverService } from '../turnover';
import type { WalletService } from '../wallet/wallet.service';
import type { WalletAdmin } from '../wallet/wallet.admin';
import type { OperatorsService } from '../operators/operators.service';
import type { PayoutOutcome, PayoutRail } from './payout.client';
import {
  createWithdrawalsRepository,
  type AddressRow,
  type WithdrawalFilter,
  type WithdrawalRow,
  type WithdrawalsRepository,
} from './withdrawals.repository';
import { AddressAction, AddressType, SettleOutcome, WithdrawalState } from './withdrawals.schema';
import { stateNames } from '../../lib/state-names';

/*
 * Design note: withdrawals.
 *
 * Held at once. Applying places a pending ledger transfer (player -> withdrawal payable) for the amount, and
 * a second one (player -> fee income) for the fee, in the same database transaction that inserts the
 * withdrawal row: the balance drops at once, and there is never a hold without its withdrawal or the other
 * way round. The ledger's conditional debit refuses an overdraft, so 50 concurrent applications that the
 * balance covers once produce one withdrawal; the other 49 roll back whole.
 *
 * One per request id. (player, request_id) is unique; a retry finds the first withdrawal and answers it.
 * Daily limits and the address count are checked under a per-player advisory lock taken inside the same
 * transaction, so two concurrent requests cannot both see "one left".
 *
 * States (decision 22): applied -> approved -> paying -> paid | rejected. Every change is one conditional
 * UPDATE (`transition`): two operators, or an operator and a job, racing on one withdrawal cannot both
 * move it. The ledger resolution (post on paid, void on rejected) runs in the same transaction as the state
 * change, so a rejected withdrawal always has its money back and a paid one always has its hold posted.
 *
 * Paying. The state moves approved -> paying before the rail is called, so only one caller ever sends. The
 * rail is keyed by the withdrawal id (its idempotency key). A definite answer settles the withdrawal: paid
 * (post, tx hash) or failed (void: the rail is certain nothing left). Anything else (timeout, 5xx, lost
 * answer, a crash between sending and recording) leaves it `paying`: the reconciler asks the rail about the
 * key and settles it from the rail's answer. Nothing is refunded on a guess, and since the rail deduplicates
 * by key, a send repeated after "the rail never saw it" cannot pay twice.
 *
 * Unclear payouts. Only the rail's documented terminal answers settle a payout (payout.client.ts); an error
 * from the status query (any 4xx or 5xx, a garbled body, a timeout) is no answer about the transfer. The
 * reconciler asks again with a growing interval, and once a payout has been unclear for the configured time
 * it raises an alert (audited) on the console. A person then checks the chain and settles it with two
 * operators: one proposes "paid" with the chain transaction or "failed", a different one confirms, and the
 * confirmation posts or voids the holds in the same transaction as the state change. The withdrawal row is
 * locked for each step, so two confirmations racing settle once. Manual payouts (off-chain methods, never
 * sent to the rail) are settled by the same two steps: the first operator records the external reference
 * after paying, the second confirms.
 *
 * Standing. A player frozen or self-excluded after applying keeps the withdrawal held: approving refuses with
 * the reason, and an approved one is not sent (its console row says why) until an operator either restores
 * the account (the payout job then sends it) or rejects the withdrawal (the holds are voided). Nothing is
 * refunded on a guess.
 *
 * Separation of duties (decision 33). An operator never approves or rejects a withdrawal of a player account
 * linked to them (their username, a device they signed in from, or a payout address shared with such an
 * account) nor of a player they adjusted in the last 30 days. Two operators are needed when the player's
 * withdrawals and adjustments of the 24 hours before the withdrawal (and since) exceed the threshold, not when
 * this one request does; the two must not have enrolled one another within 7 days. Each operator's approvals
 * are limited per UTC+8 day in sum, read and written under the operator's money-decision advisory lock (see
 * wallet.admin.ts for why a lock and not a row lock). The same checks serve the wallet's adjustments
 * (`duties`), which cannot see devices or payout addresses from its layer.
 */

const ADDRESS_MAX = 10;
const OTHER_WALLET_MAX = 128;
const PASSWORD_MIN = 8;
const PASSWORD_MAX = 20;
/** Poisoning guard (address poisoning): the characters a person usually compares at each end. */
const SIMILAR_EDGE = 4;
/** A paying withdrawal is first asked about once it has been quiet this long. */
const RECONCILE_AFTER_MS = 30_000;
/** Each further unclear answer doubles the wait before the next status query, up to this. */
const RECONCILE_MAX_MS = 5 * 60_000;
/** The wait before the next status query after `attempts` unclear answers (30 s, 60 s, 2 min, … 5 min). */
export const reconcileDelayMs = (attempts: number) =>
  Math.min(RECONCILE_MAX_MS, (RECONCILE_AFTER_MS / 2) * 2 ** Math.min(Math.max(attempts, 1), 10));
/** A chain transaction id as the console enters it (TRON: 64 hex digits). */
const TX_HASH = /^[0-9a-f]{64}$/;
const SETTLE_REFERENCE_MAX = 128;
const METHOD_NAME_MAX = 32;
/** Default display names of the off-chain methods: generic words, never an institution's name. */
export const DEFAULT_METHOD_NAMES: Record<number, string> = {
  [AddressType.PHONE_WALLET]: '转账钱包（手机号）',
  [AddressType.OTHER_WALLET]: '其他钱包',
};
/** Decision 14: Huione (汇旺) and its wallet are sanctioned; no display name may name them. */
const SANCTIONED_NAME = /汇旺|huione|hui\s*one/i;
const SETTLE_NOTE_MAX = 256;
const JOB_BATCH = 50;
/** Review flag: an address younger than this. */
const NEW_ADDRESS_MS = 24 * 3_600_000;
/** How many of the player's most played games of the last 7 days the review shows. */
const REVIEW_GAMES = 5;
/** The two-person threshold sums a player's money movements over this window. */
const TWO_PERSON_WINDOW_MS = 24 * 3_600_000;
/** An operator who adjusted a player may not decide on that player's money for this long. */
const ADJUSTED_COOLING_MS = 30 * 24 * 3_600_000;
/** Two operators of whom one enrolled the other within this long cannot make a two-person decision. */
const ENROLLED_PAIR_MS = 7 * 24 * 3_600_000;

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
function withdrawalRecord(w: WithdrawalRow) {
  return {
    addressType: w.addressType,
    step: withdrawalStep(w),
    manualReference: w.manualPayout && w.state === WithdrawalState.PAID ? w.settleReference : null,
    id: String(w.id),
    createdAt: w.createdAt,
    amountMicro: w.amountMicro,
    paidMicro: w.state === WithdrawalState.PAID ? w.amountMicro : 0n,
    status: RECORD_STATUS[w.state as WithdrawalState],
    state: WITHDRAWAL_STATES.name(w.state),
    txHash: w.txHash,
    reason: w.rejectReason,
  };
}

export interface BindAddressInput {
  type: string;
  address: string;
  area: string;
  confirmSimilar: boolean;
}

export interface ApplyInput {
  amount: string;
  addressId: number;
  password: string;
  requestId: string;
}

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

/** A person's settlement proposal for a paying withdrawal (the first of two operators). */
export interface SettleProposal {
  outcome: 'paid' | 'failed';
  /** The chain transaction (rail payouts) or the external payment reference (manual payouts). */
  reference: string;
  note: string;
}

const minutesUntil = (until: Date, now: Date) =>
  Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 60_000));

const passwordLengthOk = (password: string) => lengthWithin(password, PASSWORD_MIN, PASSWORD_MAX);

/**
 * Address poisoning: same first and last SIMILAR_EDGE characters, but a different address. These are the
 * characters wallets show and people compare; a poisoner grinds a vanity address that matches them. Against
 * the player's own addresses (saved, withdrawn to, deposited from) the player is asked to confirm; against
 * another player's (saved or withdrawn to) the bind goes through unannounced and its withdrawals are flagged
 * look_alike_address for an operator's review.
 */
export function looksAlike(a: string, b: string): boolean {
  return (
    a !== b &&
    a.slice(0, SIMILAR_EDGE) === b.slice(0, SIMILAR_EDGE) &&
    a.slice(-SIMILAR_EDGE) === b.slice(-SIMILAR_EDGE)
  );
}

export function createWithdrawalsService(deps: WithdrawalsServiceDeps) {
  const { db, clock, config, players, wallet, records, turnover } = deps;
  const repo = createWithdrawalsRepository(db);

  // The player's request id enters the ledger key hashed: any id the contract allows fits the ledger's 128
  // characters with the fee suffix, and two ids never share a key.
  const holdKeyOf = (playerId: number, requestId: string) => `withdrawal:${playerId}:${sha256Hex(requestId)}`;
  const feeKeyOf = (holdKey: string) => `${holdKey}:fee`;

  function feeOf(amountMicro: bigint): bigint {
    return withdrawalFeeMicro(config.fee, amountMicro);
  }

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

  async function assertPlayerInStanding(playerId: number) {
    const standing = standingHold(await players.withdrawProfile(playerId));
    if (standing) throw new AppError('WITHDRAWAL_PLAYER_STANDING', { standing });
  }

  /**
   * Refuses an operator deciding on the money of a player account linked to them, or (`approving`: a decision
   * that lets money move) of a player they adjusted in the last 30 days.
   */
  async function assertMayDecide(operatorId: number, playerId: number, approving: boolean) {
    const hints = await deps.operators.linkHints(operatorId);
    if (!hints) throw new AppError('OPERATOR_NOT_FOUND');
    const linked = await players.playersLinkedTo(hints.username, hints.devices);
    const direct = linked.find((l) => l.id === playerId);
    if (direct) {
      throw new AppError('DUTY_LINKED_PLAYER', { link: direct.by === 'username' ? '同用户名' : '同设备' });
    }
    if (await repo.sharesPayoutAddress(playerId, [...new Set(linked.map((l) => l.id))])) {
      throw new AppError('DUTY_LINKED_PLAYER', { link: '同收款地址' });
    }
    if (!approving) return;
    const since = new Date(clock.now().getTime() - ADJUSTED_COOLING_MS);
    if (await deps.adjustments.operatorAdjustedPlayer(operatorId, playerId, since)) {
      throw new AppError('DUTY_RECENTLY_ADJUSTED');
    }
  }

  async function assertIndependent(first: number, second: number, conn: DbOrTx = db) {
    if (await deps.operators.enrolledEachOther(first, second, ENROLLED_PAIR_MS, conn)) {
      throw new AppError('DUTY_ENROLLED_PAIR');
    }
  }

  /**
   * Whether the withdrawal needs two operators: the player's withdrawals (this one included) and adjustments
   * from 24 hours before it was asked for until now, summed, exceed the threshold.
   */
  async function twoOperatorsRequired(row: WithdrawalRow, conn: DbOrTx = db) {
    const since = new Date(row.createdAt.getTime() - TWO_PERSON_WINDOW_MS);
    const withdrawn = await createWithdrawalsRepository(conn).playerWithdrawnSince(row.playerId, since);
    const adjusted = await deps.adjustments.playerAdjustedSince(row.playerId, since, conn);
    // A rejected withdrawal is not in the sum; this one is counted even while it is being decided.
    const own = row.state === WithdrawalState.REJECTED ? row.amountMicro : 0n;
    return withdrawn + own + adjusted > config.twoOperatorsAboveMicro;
  }

  function assertStanding(profile: NonNullable<Awaited<ReturnType<typeof profileOf>>>) {
    if (profile.frozen) throw new AppError('ACCOUNT_FROZEN');
    if (profile.selfExcludedUntil && profile.selfExcludedUntil.getTime() > clock.now().getTime()) {
      throw new AppError('SELF_EXCLUDED');
    }
  }

  /**
   * Checks the withdrawal password: refuses while locked, reserves an attempt before the slow argon2 check
   * (reserve, then validate), locks withdrawals for the configured time after the last allowed failure.
   * Returns the refusal instead of throwing it, so a caller inside a transaction can commit the counted
   * attempt first (a thrown error would roll the count back).
   */
  async function checkPassword(
    conn: WithdrawalsRepository,
    playerId: number,
    passwordHash: string,
    password: string,
  ): Promise<AppError | null> {
    const now = clock.now();
    const guard = await conn.passwordGuard(playerId);
    if (guard.lockedUntil && guard.lockedUntil.getTime() > now.getTime()) {
      return new AppError('WITHDRAW_LOCKED', { minutes: minutesUntil(guard.lockedUntil, now) });
    }
    if (guard.lockedUntil) await conn.clearExpiredLock(playerId, now);
    const attempt = await conn.reservePasswordAttempt(playerId, config.passwordMaxFailures, now);
    if (attempt === null) {
      const fresh = await conn.passwordGuard(playerId);
      if (fresh.lockedUntil && fresh.lockedUntil.getTime() > now.getTime()) {
        return new AppError('WITHDRAW_LOCKED', { minutes: minutesUntil(fresh.lockedUntil, now) });
      }
      // Every attempt is taken by requests still being checked; none may start until they finish.
      return new AppError('WITHDRAW_PASSWORD_BUSY');
    }
    const ok = password.length > 0 && (await passwordMatches(passwordHash, password));
    if (ok) {
      await conn.clearPasswordAttempts(playerId);
      return null;
    }
    if (attempt >= config.passwordMaxFailures) {
      const until = new Date(now.getTime() + config.passwordLockMs);
      await conn.lockWithdrawals(playerId, until);
      return new AppError('WITHDRAW_LOCKED', { minutes: minutesUntil(until, now) });
    }
    return new AppError('WITHDRAW_PASSWORD_WRONG', { left: config.passwordMaxFailures - attempt });
  }

  /** Normalises and validates an address of one type (decision 12); returns what is stored. */
  function normaliseAddress(input: BindAddressInput): { type: AddressType; address: string; area: string } {
    const address = input.address.trim();
    switch (input.type) {
      case '1':
        if (!isTronAddress(address)) throw new AppError('ADDRESS_TRC20_INVALID');
        return { type: AddressType.TRC20, address, area: '' };
      case '2': {
        const area = input.area.trim().replace(/^\+/, '');
        if (!/^\d{1,4}$/.test(area) || !/^[\d\s-]{4,20}$/.test(address)) {
          throw new AppError('ADDRESS_PHONE_INVALID');
        }
        const phone = parsePhoneNumberFromString(`+${area}${address.replace(/[\s-]/g, '')}`);
        if (!phone || !phone.isValid() || phone.countryCallingCode !== area) {
          throw new AppError('ADDRESS_PHONE_INVALID');
        }
        return { type: AddressType.PHONE_WALLET, address: phone.nationalNumber, area };
      }
      case '3':
        if (!address || [...address].length > OTHER_WALLET_MAX || /\s/.test(address)) {
          throw new AppError('ADDRESS_TEXT_INVALID', { max: OTHER_WALLET_MAX });
        }
        return { type: AddressType.OTHER_WALLET, address, area: '' };
      default:
        throw new AppError('ADDRESS_TYPE_INVALID');
    }
  }

  async function requirePasswordSet(playerId: number) {
    const profile = await profileOf(playerId);
    if (!profile.withdrawPasswordHash) throw new AppError('WITHDRAW_PASSWORD_NOT_SET');
    return profile;
  }

  // Payout.

  /**
   * Settles a paying withdrawal from a definite rail answer. An unclear answer changes nothing but the time
   * of the next status query (backoff) and, once the payout has been unclear past the configured time, the
   * alert that asks a person to settle it.
   */
  async function settle(row: WithdrawalRow, outcome: PayoutOutcome): Promise<WithdrawalRow> {
    if (outcome.kind === 'paid') {
      return finish(row.id, [WithdrawalState.PAYING], true, { txHash: outcome.txHash });
    }
    if (outcome.kind === 'failed') {
      return finish(row.id, [WithdrawalState.PAYING], false, {
        rejectReason: `出款失败，资金已退回：${outcome.reason}`.slice(0, 256),
        lastPayoutError: outcome.reason.slice(0, 256),
      });
    }
    const now = clock.now();
    const noted = await repo.notePayoutAttempt(
      row.id,
      outcome.kind === 'absent' ? 'absent' : outcome.reason.slice(0, 256),
      now,
      new Date(now.getTime() + reconcileDelayMs(row.payoutAttempts + 1)),
    );
    return alertIfOverdue(noted ?? row);
  }

  /** Raises the payout alert once, with its audit entry, when a payout has been unclear too long. */
  async function alertIfOverdue(row: WithdrawalRow): Promise<WithdrawalRow> {
    if (row.state !== WithdrawalState.PAYING || row.manualPayout || row.alertedAt) return row;
    const now = clock.now();
    const since = row.payingSince ?? row.approvedAt ?? row.updatedAt;
    if (now.getTime() - since.getTime() < config.payoutAlertAfterMs) return row;
    return db.transaction(async (tx) => {
      const alerted = await createWithdrawalsRepository(tx).raiseAlert(row.id, now);
      if (!alerted) return (await repo.findById(row.id)) ?? row;
      await deps.audit.record(
        {
          actor: null,
          action: 'withdrawal.payout_alert',
          target: { type: 'withdrawal', id: row.id },
          reason: row.lastPayoutError ?? '',
          after: auditView(alerted),
        },
        tx,
      );
      return alerted;
    });
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
    patch: {
      txHash?: string;
      rejectReason?: string;
      rejectedBy?: number | null;
      lastPayoutError?: string;
      settledBy?: number;
    },
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

  async function resolveHolds(tx: Tx, row: WithdrawalRow, post: boolean) {
    const keys = row.feeMicro > 0n ? [row.holdKey, feeKeyOf(row.holdKey)] : [row.holdKey];
    // The holds change only here, in the transaction that moves the state, so they are still pending.
    for (const key of keys) await wallet.resolveIn(tx, key, post);
  }

  /** approved -> paying (only one caller wins), then the rail; returns the withdrawal as it now stands. */
  async function payOut(id: number): Promise<WithdrawalRow> {
    const approved = await repo.findById(id);
    if (!approved) throw new AppError('WITHDRAWAL_NOT_FOUND');
    if (approved.state === WithdrawalState.APPROVED) {
      // The player's standing is read again right before sending: a freeze after the approval holds it here.
      const standing = standingHold(await players.withdrawProfile(approved.playerId));
      if (standing) {
        await repo.noteHeld(
          id,
          `玩家账户${standing}，出款暂停（资金仍冻结，未退回）：请恢复账户或拒绝该提现`,
          clock.now(),
        );
        return (await repo.findById(id)) ?? approved;
      }
    }
    if (approved.addressType !== AddressType.TRC20) return startManualPayout(id);
    if (!deps.rail) throw new AppError('UNAVAILABLE');
    const now = clock.now();
    const row = await repo.transition(id, [WithdrawalState.APPROVED], {
      state: WithdrawalState.PAYING,
      payingSince: now,
      nextCheckAt: new Date(now.getTime() + RECONCILE_AFTER_MS),
      updatedAt: now,
    });
    if (!row) {
      const current = await repo.findById(id);
      if (!current) throw new AppError('WITHDRAWAL_NOT_FOUND');
      return current;
    }
    const outcome = await deps.rail.send(String(row.id), row.address, row.amountMicro);
    return settle(row, outcome);
  }

  /**
   * approved -> paying for an off-chain method: never sent to the rail. It waits for an operator to pay it
   * outside and record the reference, and for a second operator to confirm (the settlement steps).
   */
  async function startManualPayout(id: number): Promise<WithdrawalRow> {
    const now = clock.now();
    const row = await repo.transition(id, [WithdrawalState.APPROVED], {
      state: WithdrawalState.PAYING,
      manualPayout: true,
      payingSince: now,
      updatedAt: now,
    });
    return row ?? (await repo.findById(id))!;
  }

  /** Asks the rail about one paying withdrawal and settles it; resends only when the rail never saw it. */
  async function reconcileOne(id: number): Promise<WithdrawalRow | null> {
    if (!deps.rail) return null;
    const row = await repo.findById(id);
    if (!row || row.state !== WithdrawalState.PAYING) return row;
    const answer = await deps.rail.query(String(row.id));
    const outcome =
      answer.kind === 'absent' ? await deps.rail.send(String(row.id), row.address, row.amountMicro) : answer;
    return settle(row, outcome);
  }

  /**
   * An operator approves. Above the two-operator threshold the first approval is recorded and a second,
   * different operator completes it. The withdrawal row is locked for the decision, so two operators
   * approving at once are decided one after the other. A completed approval starts the payout at once.
   */
  async function approve(
    id: number,
    operatorId: number,
    audit?: AuditWrite,
  ): Promise<{ row: WithdrawalRow; needsSecond: boolean }> {
    const seen = await repo.findById(id);
    if (!seen) throw new AppError('WITHDRAWAL_NOT_FOUND');
    if (seen.state !== WithdrawalState.APPLIED) {
      throw new AppError('WITHDRAWAL_STATE', { state: WITHDRAWAL_STATES.name(seen.state) });
    }
    await assertPlayerInStanding(seen.playerId);
    await assertMayDecide(operatorId, seen.playerId, true);
    const decided = await db.transaction(async (tx) => {
      const txRepo = createWithdrawalsRepository(tx);
      const current = await txRepo.lockWithdrawal(id);
      if (!current) throw new AppError('WITHDRAWAL_NOT_FOUND');
      if (current.state !== WithdrawalState.APPLIED) {
        throw new AppError('WITHDRAWAL_STATE', { state: WITHDRAWAL_STATES.name(current.state) });
      }
      const now = clock.now();
      // Once a first approval is recorded the second is always needed, whatever the sums are by then.
      // Every read below goes through `tx`: PGlite has one connection, which the open transaction holds.
      const twoNeeded = current.approvedBy !== null || (await twoOperatorsRequired(current, tx));
      if (twoNeeded && current.approvedBy !== null) {
        if (current.approvedBy === operatorId) throw new AppError('WITHDRAWAL_SECOND_APPROVER');
        await assertIndependent(current.approvedBy, operatorId, tx);
      }
      await txRepo.lockOperatorDecisions(operatorId);
      const used = await txRepo.operatorApprovedSince(operatorId, new Date(startOfReportDay(now.getTime())));
      if (used + current.amountMicro > config.operatorDailyApprovalsMicro) {
        throw new AppError('DUTY_APPROVE_DAILY_LIMIT', {
          max: formatMicro(config.operatorDailyApprovalsMicro),
          used: formatMicro(used),
        });
      }
      let row: WithdrawalRow | null;
      if (twoNeeded && current.approvedBy === null) {
        row = await txRepo.recordFirstApproval(id, operatorId, now);
      } else {
        row = await txRepo.completeApproval(id, operatorId, twoNeeded, now);
      }
      if (!row) throw new Error(`withdrawal ${id} changed under its row lock`);
      await audit?.(tx, { before: auditView(current), after: auditView(row) });
      return { row, needsSecond: row.state === WithdrawalState.APPLIED };
    });
    if (decided.needsSecond || !deps.rail) return decided;
    return { row: await payOut(id), needsSecond: false };
  }

  /**
   * Automatic approval (off unless WITHDRAW_AUTO_APPROVE_BELOW is set): a small withdrawal of a player whose
   * review shows no flag is approved by the system; the payout job pays it like any other.
   */
  async function autoApprove(row: WithdrawalRow): Promise<WithdrawalRow> {
    if (config.autoApproveBelowMicro === 0n || row.amountMicro >= config.autoApproveBelowMicro) return row;
    const { flags, twoOperatorsRequired: two } = await reviewContext(row);
    if (flags.length > 0 || two) return row;
    return (await repo.completeApproval(row.id, null, false, clock.now())) ?? row;
  }

  /** What the audit log keeps of a withdrawal: its decision-relevant fields, amounts as decimal strings. */
  function auditView(w: WithdrawalRow) {
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

  return {
    feeOf,
    reviewContext,

    // Addresses (decision 12).

    listAddresses: (playerId: number) => repo.listAddresses(playerId),

    async bindAddress(playerId: number, input: BindAddressInput, ip: string): Promise<AddressRow> {
      await requirePasswordSet(playerId);
      const normalised = normaliseAddress(input);
      await assertMethodEnabled(normalised.type);
      let similarTo: string | null = null;
      if (normalised.type === AddressType.TRC20) {
        // Address poisoning: an attacker sends dust from an address whose ends match one the player knows
        // (one they withdrew to, or one they paid deposits from) so that it shows up in the player's wallet
        // history and gets copied by mistake. Both sources are compared.
        const [used, senders] = await Promise.all([
          repo.usedTrc20Addresses(playerId),
          deps.deposits.senderAddresses(playerId),
        ]);
        similarTo = [...used, ...senders].find((u) => looksAlike(u, normalised.address)) ?? null;
        if (similarTo && !input.confirmSimilar) {
          throw new AppError(
            'ADDRESS_SIMILAR',
            { address: normalised.address, similar: similarTo },
            { address: normalised.address, similar_to: similarTo },
          );
        }
        // A look-alike of an address another player bound or was paid to is bound without a word to this
        // player (who must not learn another player's address) but recorded with it; every withdrawal to it
        // is flagged for review (look_alike_address).
        similarTo ??= await repo.lookAlikeOfOthers(normalised.address, playerId, SIMILAR_EDGE);
      }
      const now = clock.now();
      try {
        return await db.transaction(async (tx) => {
          const txRepo = createWithdrawalsRepository(tx);
          await txRepo.lockPlayer(playerId);
          const live = await txRepo.listAddresses(playerId);
          if (
            live.some(
              (a) =>
                a.type === normalised.type && a.area === normalised.area && a.address === normalised.address,
            )
          ) {
            throw new AppError('ADDRESS_DUPLICATE');
          }
          if (live.length >= ADDRESS_MAX) throw new AppError('ADDRESS_LIMIT', { max: ADDRESS_MAX });
          const row = await txRepo.insertAddress({
            playerId,
            ...normalised,
            createdAt: now,
            usableAt: new Date(now.getTime() + config.addressDelayMs),
          });
          await txRepo.insertAddressEvent({
            playerId,
            addressId: row.id,
            action: AddressAction.BIND,
            ip,
            similarTo,
            createdAt: now,
          });
          return row;
        });
      } catch (error) {
        if (
          pgErrorCode(error) === UNIQUE_VIOLATION &&
          pgConstraint(error) === 'withdrawal_addresses_live_uq'
        ) {
          throw new AppError('ADDRESS_DUPLICATE');
        }
        throw error;
      }
    },

    async deleteAddress(playerId: number, addressId: number, address: string, ip: string) {
      await requirePasswordSet(playerId);
      const now = clock.now();
      await db.transaction(async (tx) => {
        const txRepo = createWithdrawalsRepository(tx);
        // The owner, the id and the address text must all match: another player's id finds nothing.
        if (!(await txRepo.deleteAddress(playerId, addressId, address.trim(), now))) {
          throw new AppError('ADDRESS_NOT_FOUND');
        }
        await txRepo.insertAddressEvent({
          playerId,
          addressId,
          action: AddressAction.DELETE,
          ip,
          createdAt: now,
        });
      });
      return true as const;
    },

    // Withdrawal password (decision 10).

    async setPassword(playerId: number, password: string) {
      const profile = await profileOf(playerId);
      if (profile.withdrawPasswordHash) throw new AppError('WITHDRAW_PASSWORD_ALREADY_SET');
      if (!passwordLengthOk(password)) throw new AppError('WITHDRAW_PASSWORD_FORMAT');
      if (!(await players.replaceWithdrawPasswordHash(playerId, await hash(password), null))) {
        // A concurrent request set one first.
        throw new AppError('WITHDRAW_PASSWORD_ALREADY_SET');
      }
      return true as const;
    },

    async updatePassword(playerId: number, oldPassword: string, newPassword: string) {
      const profile = await requirePasswordSet(playerId);
      if (!passwordLengthOk(newPassword)) throw new AppError('WITHDRAW_PASSWORD_FORMAT');
      const refusal = await checkPassword(repo, playerId, profile.withdrawPasswordHash!, oldPassword);
      if (refusal) throw refusal;
      // Compare-and-set against the hash that was verified: a concurrent change makes this one fail.
      if (
        !(await players.replaceWithdrawPasswordHash(
          playerId,
          await hash(newPassword),
          profile.withdrawPasswordHash,
        ))
      ) {
        throw new AppError('WITHDRAW_PASSWORD_WRONG', { left: config.passwordMaxFailures });
      }
      return true as const;
    },

    // Applying.

    /** Limits, fee, turnover and balance, shown before applying (POST /api/plat/withdraw-info). */
    async info(playerId: number) {
      const now = clock.now();
      const [profile, guard, totals, available] = await Promise.all([
        profileOf(playerId),
        repo.passwordGuard(playerId),
        repo.totalsSince(playerId, new Date(startOfReportDay(now.getTime()))),
        wallet.availableIn(db, playerId),
      ]);
      // After the balance, not beside it: a deposit's credit and its turnover requirement commit together,
      // so once the balance shows the credit the requirement read next shows it too. Read side by side, the
      // requirement could come from just before that commit and the balance from just after.
      const remaining = await turnover.remainingOf(playerId);
      const locked =
        guard.lockedUntil && guard.lockedUntil.getTime() > now.getTime() ? guard.lockedUntil : null;
      return {
        availableMicro: available,
        totals,
        turnoverRemainingMicro: remaining,
        passwordSet: profile.withdrawPasswordHash !== null,
        lockedMinutes: locked ? minutesUntil(locked, now) : 0,
      };
    },

    async apply(playerId: number, input: ApplyInput): Promise<WithdrawalRow> {
      const parsed = parseAmount(input.amount);
      if (!parsed.ok) throw new AppError('AMOUNT_INVALID', { reason: parsed.text });
      const amountMicro = parsed.micro;
      const sameRequest = (w: WithdrawalRow) => {
        if (w.amountMicro !== amountMicro || w.addressId !== input.addressId) {
          throw new AppError('WITHDRAW_REQUEST_CONFLICT');
        }
        return w;
      };
      // A retry of an application that was already accepted answers it; nothing is checked or moved again.
      const earlier = await repo.findByRequest(playerId, input.requestId);
      if (earlier) return sameRequest(earlier);

      const profile = await profileOf(playerId);
      assertStanding(profile);
      if (!profile.withdrawPasswordHash) throw new AppError('WITHDRAW_PASSWORD_NOT_SET');
      if (amountMicro < config.minMicro)
        throw new AppError('WITHDRAW_AMOUNT_BELOW_MIN', { min: formatMicro(config.minMicro) });
      if (amountMicro > config.maxMicro)
        throw new AppError('WITHDRAW_AMOUNT_ABOVE_MAX', { max: formatMicro(config.maxMicro) });
      const address = await repo.findLiveAddress(playerId, input.addressId);
      if (!address) throw new AppError('ADDRESS_NOT_FOUND');
      await assertMethodEnabled(address.type);
      const now = clock.now();
      if (address.usableAt.getTime() > now.getTime()) {
        throw new AppError('ADDRESS_NOT_USABLE', { minutes: minutesUntil(address.usableAt, now) });
      }
      const remaining = await turnover.remainingOf(playerId);
      if (remaining > 0n) throw new AppError('WITHDRAW_TURNOVER', { remaining: formatMicro(remaining) });
      const passwordHash = profile.withdrawPasswordHash;

      const feeMicro = feeOf(amountMicro);
      const holdKey = holdKeyOf(playerId, input.requestId);
      try {
        const outcome = await db.transaction(async (tx) => {
          const txRepo = createWithdrawalsRepository(tx);
          await txRepo.lockPlayer(playerId);
          const raced = await txRepo.findByRequest(playerId, input.requestId);
          if (raced) return { row: sameRequest(raced), created: false };
          await assertDailyLimits(txRepo, playerId, amountMicro, now);
          // Cheap refusals before the slow password check: under the player's lock, concurrent applications
          // that the balance can no longer cover are refused without spending argon2 time (the hold below
          // stays the authoritative check).
          if ((await wallet.availableIn(tx, playerId)) < amountMicro + feeMicro) {
            throw new AppError('INSUFFICIENT_BALANCE');
          }
          // The password is checked inside the player's lock, so parallel attempts are counted one by one; a
          // refusal is returned, the counted attempt committed, and the refusal thrown after the commit.
          const refusal = await checkPassword(txRepo, playerId, passwordHash, input.password);
          if (refusal) return { refusal };
          const inserted = await txRepo.insertWithdrawal({
            playerId,
            requestId: input.requestId,
            addressId: address.id,
            addressType: address.type,
            address: address.address,
            area: address.area,
            amountMicro,
            feeMicro,
            holdKey,
            createdAt: now,
            updatedAt: now,
          });
          const reference = { type: 'withdrawal', id: String(inserted.id) };
          await wallet.holdIn(tx, {
            key: holdKey,
            debit: { player: playerId },
            credit: { system: SystemAccount.WITHDRAWAL_PAYABLE },
            amountMicro,
            code: TransferCode.WITHDRAWAL,
            reference,
          });
          if (feeMicro > 0n) {
            await wallet.holdIn(tx, {
              key: feeKeyOf(holdKey),
              debit: { player: playerId },
              credit: { system: SystemAccount.FEE_INCOME },
              amountMicro: feeMicro,
              code: TransferCode.WITHDRAWAL_FEE,
              reference,
            });
          }
          return { row: inserted, created: true };
        });
        if ('refusal' in outcome) throw outcome.refusal;
        return outcome.created ? await autoApprove(outcome.row) : outcome.row;
      } catch (error) {
        if (error instanceof AppError && error.key === 'INSUFFICIENT_BALANCE') {
          throw new AppError('WITHDRAW_INSUFFICIENT', {
            amount: formatMicro(amountMicro),
            fee: formatMicro(feeMicro),
            total: formatMicro(amountMicro + feeMicro),
          });
        }
        throw error;
      }
    },

    /**
     * The player's own withdrawals in a report time range, newest first, as inout-records rows
     * (records.routes.ts lists them beside the deposits). Scoped by player: no id reaches another player's.
     */
    async records(playerId: number, q: { range: TimeRange; page: number; size: number }) {
      const { from, to } = timeRangeBounds(q.range, clock.now());
      const [{ rows, total }, methods] = await Promise.all([
        repo.playerRecords(playerId, from, to, q.size, (q.page - 1) * q.size),
        payoutMethods(),
      ]);
      const nameOf = (type: number) => methods.find((m) => m.type === type)?.name ?? 'USDT-TRC20';
      return { rows: rows.map((w) => ({ ...withdrawalRecord(w), channel: nameOf(w.addressType) })), total };
    },

    // Review and payout (decision 22).

    findById: (id: number) => repo.findById(id),
    listByStates: (states: WithdrawalState[], filter: WithdrawalFilter, page: number, size: number) =>
      repo.listByStates(states, filter, size, (page - 1) * size),

    /**
     * An operator approves. Above the two-operator threshold the first approval is recorded and a second,
     * different operator completes it. A completed approval starts the payout at once.
     */
    approve,

    /** An operator rejects with a reason: the holds are voided in the same transaction (money back exactly). */
    async reject(id: number, operatorId: number, reason: string, audit?: AuditWrite) {
      const seen = await repo.findById(id);
      if (!seen) throw new AppError('WITHDRAWAL_NOT_FOUND');
      await assertMayDecide(operatorId, seen.playerId, true);
      return finish(
        id,
        [WithdrawalState.APPLIED, WithdrawalState.APPROVED],
        false,
        { rejectReason: reason, rejectedBy: operatorId },
        audit,
      );
    },

    // Separation of duties, as the wallet's adjustments ask for it (AdjustmentDuties).
    assertMayDecide,
    assertIndependent,
    withdrawnSince: (playerId: number, since: Date, conn: DbOrTx = db) =>
      createWithdrawalsRepository(conn).playerWithdrawnSince(playerId, since),

    payOut,
    reconcileOne,

    /** Job: pays approved withdrawals left behind (a crash after approving, or no rail at the time). */
    async payApproved(): Promise<number> {
      const ids = await repo.idsInState(WithdrawalState.APPROVED, JOB_BATCH);
      let moved = 0;
      for (const id of ids) {
        const row = await repo.findById(id);
        // Manual payouts need no rail; rail payouts wait while none is configured.
        if (!row || (row.addressType === AddressType.TRC20 && !deps.rail)) continue;
        await payOut(id);
        moved += 1;
      }
      return moved;
    },

    /** Job: settles paying withdrawals that have been quiet for a while by asking the rail. */
    async reconcile(): Promise<number> {
      if (!deps.rail) return 0;
      const now = clock.now();
      const alertBefore = new Date(now.getTime() - config.payoutAlertAfterMs);
      const ids = await repo.idsToReconcile(now, RECONCILE_AFTER_MS, alertBefore, JOB_BATCH);
      for (const id of ids) await reconcileOne(id);
      return ids.length;
    },

    proposeSettlement,
    confirmSettlement,
    cancelSettlement,
    payoutMethods,
    setPayoutMethod,
    attentionCount: () => repo.attentionCount(),
  };

  /** Every address type with its display name, whether it is offered, and whether it is paid by hand. */
  async function payoutMethods() {
    const rows = await repo.listPayoutMethods();
    return [
      {
        type: AddressType.TRC20 as number,
        name: 'USDT-TRC20',
        enabled: true,
        manual: false,
        updatedAt: null,
      },
      ...[AddressType.PHONE_WALLET, AddressType.OTHER_WALLET].map((type) => {
        const row = rows.find((r) => r.addressType === type);
        return {
          type: type as number,
          name: row?.name ?? DEFAULT_METHOD_NAMES[type]!,
          enabled: row?.enabled ?? false,
          manual: true,
          updatedAt: row?.updatedAt ?? null,
        };
      }),
    ];
  }

  async function assertMethodEnabled(type: number) {
    if (type === AddressType.TRC20) return;
    const method = (await payoutMethods()).find((m) => m.type === type);
    if (!method?.enabled) throw new AppError('ADDRESS_TYPE_DISABLED');
  }

  /** An operator enables or disables an off-chain method and names it; validated here, audited. */
  async function setPayoutMethod(
    type: number,
    input: { enabled: boolean; name: string },
    operatorId: number,
    audit?: AuditWrite,
  ) {
    if (type !== AddressType.PHONE_WALLET && type !== AddressType.OTHER_WALLET) {
      throw new AppError('PAYOUT_METHOD_TYPE');
    }
    const name = input.name.trim();
    if (!name || [...name].length > METHOD_NAME_MAX || SANCTIONED_NAME.test(name) || /\p{Cc}/u.test(name)) {
      throw new AppError('PAYOUT_METHOD_NAME', { max: METHOD_NAME_MAX });
    }
    await db.transaction(async (tx) => {
      const txRepo = createWithdrawalsRepository(tx);
      const before = await txRepo.lockPayoutMethod(type);
      const after = await txRepo.upsertPayoutMethod({
        addressType: type,
        enabled: input.enabled,
        name,
        updatedBy: operatorId,
        updatedAt: clock.now(),
      });
      await audit?.(tx, {
        before: before ? { type, enabled: before.enabled, name: before.name } : null,
        after: { type, enabled: after.enabled, name: after.name },
      });
    });
    return (await payoutMethods()).find((m) => m.type === type)!;
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
    return db.transaction(async (tx) => {
      const txRepo = createWithdrawalsRepository(tx);
      const current = await lockedForSettlement(txRepo, id);
      if (current.settleProposedBy !== null) throw new AppError('SETTLE_PROPOSAL_OPEN');
      const reference = settleReferenceOf(current, input);
      // One chain transaction pays one withdrawal: a hash already used elsewhere is a wrong paste.
      if (input.outcome === 'paid' && !current.manualPayout && (await txRepo.txHashTaken(reference!, id))) {
        throw new AppError('SETTLE_TX_HASH_USED');
      }
      const now = clock.now();
      const row = await txRepo.setProposal(
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
      if (!row) throw new Error(`withdrawal ${id} changed under its row lock`);
      await audit?.(tx, { before: auditView(current), after: auditView(row) });
      return row;
    });
  }

  /**
   * The second operator's step: confirms the open proposal and settles the withdrawal in the same
   * transaction (paid posts the holds, failed voids them). The proposer can never confirm their own.
   */
  async function confirmSettlement(
    id: number,
    operatorId: number,
    audit?: AuditWrite,
  ): Promise<WithdrawalRow> {
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
  async function cancelSettlement(
    id: number,
    _operatorId: number,
    audit?: AuditWrite,
  ): Promise<WithdrawalRow> {
    return db.transaction(async (tx) => {
      const txRepo = createWithdrawalsRepository(tx);
      const current = await lockedForSettlement(txRepo, id);
      if (current.settleProposedBy === null) throw new AppError('SETTLE_NO_PROPOSAL');
      const row = await txRepo.setProposal(
        id,
        {
          settleOutcome: null,
          settleReference: null,
          settleNote: null,
          settleProposedBy: null,
          settleProposedAt: null,
        },
        clock.now(),
      );
      if (!row) throw new Error(`withdrawal ${id} changed under its row lock`);
      await audit?.(tx, { before: auditView(current), after: auditView(row) });
      return row;
    });
  }

  /** What an operator sees beside a withdrawal before deciding, and the flags that hold it for review. */
  async function reviewContext(row: WithdrawalRow) {
    const now = clock.now();
    const [profile, codeTotals, winLoss, games, remaining, address, others, sameDevice, history, guard] =
      await Promise.all([
        players.withdrawProfile(row.playerId),
        wallet.codeTotals(row.playerId),
        records.winLoss(row.playerId, { range: 3 }),
        records.betRecords(row.playerId, { range: 3, page: 1, size: REVIEW_GAMES }),
        turnover.remainingOf(row.playerId),
        repo.addressById(row.addressId),
        repo.otherPlayersUsing(row.address, row.playerId),
        players.playersSharingDevice(row.playerId),
        repo.playerSummary(row.playerId, row.id),
        repo.passwordGuard(row.playerId),
      ]);
    const total = (code: number, side: 'inMicro' | 'outMicro') =>
      codeTotals.find((c) => c.code === code)?.[side] ?? 0n;
    const depositsMicro = total(TransferCode.DEPOSIT, 'inMicro');
    // Completed withdrawals only (the withdrawals table's paid rows, amount without fee); the ones
    // still held (applied, approved, paying) are counted apart, so neither figure mixes the two.
    const withdrawnMicro = history.paidMicro;
    const withdrawingMicro = history.openMicro;
    const addressAgeMs = address ? now.getTime() - address.createdAt.getTime() : 0;
    const flags: string[] = [];
    if (profile?.frozen) flags.push('frozen');
    if (profile?.selfExcludedUntil && profile.selfExcludedUntil.getTime() > now.getTime())
      flags.push('self_excluded');
    if (others.length > 0) flags.push('shared_address');
    // The poisoning guard across players (see bindAddress), checked again now: either address may be the later.
    if (
      row.addressType === AddressType.TRC20 &&
      (await repo.lookAlikeOfOthers(row.address, row.playerId, SIMILAR_EDGE))
    )
      flags.push('look_alike_address');
    if (sameDevice.length > 0) flags.push('shared_device');
    if (addressAgeMs < NEW_ADDRESS_MS) flags.push('new_address');
    if (withdrawnMicro + withdrawingMicro + row.amountMicro > depositsMicro)
      flags.push('withdraws_more_than_deposited');
    if (history.count === 0) flags.push('first_withdrawal');
    if (guard.lockedUntil && guard.lockedUntil.getTime() > now.getTime() - 24 * 3_600_000)
      flags.push('password_locked_recently');
    if (remaining > 0n) flags.push('turnover_outstanding');
    return {
      username: profile?.username ?? '',
      depositsMicro,
      withdrawnMicro,
      withdrawingMicro,
      previousWithdrawals: history.count,
      openWithdrawals: history.open,
      winLoss: winLoss.total,
      recentGames: games.rows,
      turnoverRemainingMicro: remaining,
      addressAgeMs,
      otherPlayers: others,
      sameDevicePlayers: sameDevice,
      twoOperatorsRequired: row.approvedBy !== null || (await twoOperatorsRequired(row)),
      flags,
    };
  }

  async function assertDailyLimits(
    txRepo: WithdrawalsRepository,
    playerId: number,
    amountMicro: bigint,
    now: Date,
  ) {
    const today = await txRepo.totalsSince(playerId, new Date(startOfReportDay(now.getTime())));
    if (today.count >= config.dailyCount)
      throw new AppError('WITHDRAW_DAILY_COUNT', { max: config.dailyCount });
    if (today.amountMicro + amountMicro > config.dailyAmountMicro) {
      const left =
        config.dailyAmountMicro > today.amountMicro ? config.dailyAmountMicro - today.amountMicro : 0n;
      throw new AppError('WITHDRAW_DAILY_AMOUNT', {
        max: formatMicro(config.dailyAmountMicro),
        left: formatMicro(left),
      });
    }
  }
}

export type WithdrawalsService = ReturnType<typeof createWithdrawalsService>;

import { formatMicro, TransferCode } from '@koi/ledger';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../errors';
import type { PageWindow } from '../../lib/paging';
import { startOfReportDay } from '../../lib/time-range';
import type { AuditWrite } from '../audit';
import { SIMILAR_EDGE } from './addresses';
import type { createPayout } from './payout';
import { auditView, WITHDRAWAL_STATES, type WithdrawalsContext } from './withdrawals.context';
import { createWithdrawalsRepository, type WithdrawalFilter } from './withdrawals.repository';
import type { WithdrawalRow } from './withdrawals.schema';
import { AddressType, WithdrawalState } from './withdrawals.schema';

/*
 * Design note: the operators' review (decision 22).
 *
 * Beside each withdrawal the console shows the player's money and play (deposits, completed and open
 * withdrawals, win/loss, recent games, outstanding turnover) and the flags that ask for a closer look: a
 * frozen or self-excluded account, an address another player uses or one that looks like another player's
 * (the poisoning guard, addresses.ts, checked again now because either address may be the later), a shared
 * device, a new address, more withdrawn than deposited, a first withdrawal, a recent password lockout.
 * Automatic approval (off unless configured) approves only a small withdrawal that shows no flag.
 *
 * Standing. Approving re-reads the player's standing and refuses a frozen or self-excluded account with the
 * reason; the payout job reads it again before sending (payout.ts).
 *
 * Separation of duties (decision 33). An operator never approves or rejects a withdrawal of a player account
 * linked to them (their username, a device they signed in from, or a payout address shared with such an
 * account) nor of a player they adjusted in the last 30 days. Two operators are needed when the player's
 * withdrawals and adjustments of the 24 hours before the withdrawal (and since) exceed the threshold, not when
 * this one request does; the two must not have enrolled one another within 7 days. Each operator's approvals
 * are limited per UTC+8 day in sum, read and written under the operator's money-decision advisory lock (see
 * wallet.admin.ts for why a lock and not a row lock). The same checks serve the wallet's adjustments
 * (`duties`), which cannot see devices or payout addresses from its layer. The withdrawal row is locked for
 * the decision, so two operators approving at once are decided one after the other.
 */

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

export function createReview(
  ctx: WithdrawalsContext,
  payout: Pick<ReturnType<typeof createPayout>, 'payOut'>,
) {
  const { deps, repo, finish, standingHold } = ctx;
  const { db, clock, config, players, wallet, records, turnover } = deps;

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

  /**
   * An operator approves. Above the two-operator threshold the first approval is recorded and a second,
   * different operator completes it. A completed approval starts the payout at once.
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
      const row =
        twoNeeded && current.approvedBy === null
          ? await txRepo.recordFirstApproval(id, operatorId, now)
          : await txRepo.completeApproval(id, operatorId, twoNeeded, now);
      if (!row) throw new Error(`withdrawal ${id} changed under its row lock`);
      await audit?.(tx, { before: auditView(current), after: auditView(row) });
      return { row, needsSecond: row.state === WithdrawalState.APPLIED };
    });
    if (decided.needsSecond || !deps.rail) return decided;
    return { row: await payout.payOut(id), needsSecond: false };
  }

  /** An operator rejects with a reason: the holds are voided in the same transaction (money back exactly). */
  async function reject(id: number, operatorId: number, reason: string, audit?: AuditWrite) {
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

  return {
    reviewContext,
    approve,
    reject,
    autoApprove,
    findById: (id: number) => repo.findById(id),
    listByStates: (states: WithdrawalState[], filter: WithdrawalFilter, page: PageWindow) =>
      repo.listByStates(states, filter, page),
    attentionCount: () => repo.attentionCount(),
    // Separation of duties, as the wallet's adjustments ask for it (AdjustmentDuties).
    assertMayDecide,
    assertIndependent,
    withdrawnSince: (playerId: number, since: Date, conn: DbOrTx = db) =>
      createWithdrawalsRepository(conn).playerWithdrawnSince(playerId, since),
  };
}

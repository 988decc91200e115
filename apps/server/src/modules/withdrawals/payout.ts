import { AppError } from '../../errors';
import type { PayoutOutcome } from './payout.client';
import { auditView, type WithdrawalsContext } from './withdrawals.context';
import { createWithdrawalsRepository } from './withdrawals.repository';
import type { WithdrawalRow } from './withdrawals.schema';
import { AddressType, WithdrawalState } from './withdrawals.schema';

/*
 * Design note: the payout.
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
 * operators (settlement.ts). Manual payouts (off-chain methods) are never sent to the rail: they move to
 * paying and wait for the same two-operator settlement.
 *
 * Standing. A player frozen or self-excluded after applying keeps the withdrawal held: approving refuses with
 * the reason (review.ts), and an approved one is not sent (its console row says why) until an operator either
 * restores the account (the payout job then sends it) or rejects the withdrawal (the holds are voided).
 * Nothing is refunded on a guess.
 *
 * The payout job. Each tick it takes a batch of payable withdrawals (approved and never held, oldest first)
 * and, apart from it, a batch of held ones to look at again (in id order from where the last tick stopped,
 * wrapping around). The two batches never share a limit, so any number of held withdrawals cannot crowd
 * the payable ones out of a tick, and every held one is looked at again within a few ticks.
 */

/** A paying withdrawal is first asked about once it has been quiet this long. */
const RECONCILE_AFTER_MS = 30_000;
/** Each further unclear answer doubles the wait before the next status query, up to this. */
const RECONCILE_MAX_MS = 5 * 60_000;
/** The wait before the next status query after `attempts` unclear answers (30 s, 60 s, 2 min, … 5 min). */
export const reconcileDelayMs = (attempts: number) =>
  Math.min(RECONCILE_MAX_MS, (RECONCILE_AFTER_MS / 2) * 2 ** Math.min(Math.max(attempts, 1), 10));
const JOB_BATCH = 50;

export function createPayout(ctx: WithdrawalsContext) {
  const { deps, repo, finish, standingHold } = ctx;
  const { db, clock, config, players } = deps;
  /** Where the last tick's look at held withdrawals stopped (an id; 0 starts from the first). */
  let heldCursor = 0;

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

  return {
    payOut,
    reconcileOne,

    /**
     * Job: pays approved withdrawals left behind (a crash after approving, or no rail at the time), and looks
     * again at held ones (see the design note). Returns how many were sent or moved to a manual payout.
     * `batch` bounds each of the two batches.
     */
    async payApproved(batch = JOB_BATCH): Promise<number> {
      // Rail payouts wait while none is configured; manual payouts need no rail.
      const withRail = deps.rail !== null;
      const payable = await repo.payableIds(withRail, batch);
      const held = await repo.heldIds(withRail, heldCursor, batch);
      heldCursor = held.length < batch ? 0 : held[held.length - 1]!;
      let moved = 0;
      for (const id of new Set([...payable, ...held])) {
        const row = await payOut(id);
        if (row.state !== WithdrawalState.APPROVED) moved += 1;
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
  };
}

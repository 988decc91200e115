import { formatMicro, LEDGER_CURRENCY, parseAmount, SystemAccount, TransferCode } from '@koi/ledger';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { AdjustmentRequestStatus } from './wallet.schema';
import { AppError } from '../../errors';
import type { Clock } from '../../lib/clock';
import type { PageWindow } from '../../lib/paging';
import { pgErrorCode, UNIQUE_VIOLATION } from '../../lib/pg-errors';
import { startOfReportDay } from '../../lib/time-range';
import { withRetry } from './wallet.batcher';
import { createWalletRepository, type TransferSearch } from './wallet.repository';
import type { AccountRef, WalletService } from './wallet.service';

/*
 * The wallet's side of the operator console: manual adjustments with two-operator approval, the ledger
 * explorer, system balances and the dashboard's money series.
 *
 * Adjustments. An operator asks for a signed amount with a reason. At or below the configured threshold it is
 * applied at once; above it, it waits as `pending` until a second, different operator approves (applied) or
 * someone rejects it. Applying is one transaction: the request's single move out of `pending` (a conditional
 * UPDATE, so two approvers cannot both apply it), the ledger transfer against the adjustments account (key
 * `adjustment-request:<id>`, so even a replay could not move money twice), the `ledger_adjustments` record
 * and the audit row. A debit the player cannot afford refuses the whole transaction: nothing changes and the
 * request stays pending.
 *
 * Separation of duties (decision 33). The threshold is not per request: the player's adjustments and
 * withdrawals of the last 24 hours are summed with the new amount, so ten small adjustments cannot each slip
 * under it. Each operator's adjustments (asked for or approved) are limited per UTC+8 day by the sum of their
 * absolute amounts; the sum is read and the new request written while the transaction holds the operator's
 * money-decision advisory lock (db/locks.ts). A row lock would not do: there is no row to lock before the
 * first request of the day exists, and parallel inserts do not conflict, so without the lock fifty parallel
 * requests would each read the same "used so far" and all pass. Who may decide on which player (their own
 * accounts, players they adjusted recently, a second approver they enrolled) is the withdrawals module's
 * knowledge, handed in as `duties` by the console routes; the wallet cannot see players' devices or addresses.
 */

/** Who asks or decides: the signed-in operator. */
export interface AdjustmentActor {
  operatorId: number;
  username: string;
}

/** Records the audit row inside the adjustment's transaction (the operators module's AuditWrite). */
export type AuditInTx = (tx: DbOrTx, change: { before?: unknown; after?: unknown }) => Promise<void>;

export function parseSignedAmount(text: string): bigint {
  const trimmed = text.trim();
  const negative = trimmed.startsWith('-');
  const parsed = parseAmount(negative ? trimmed.slice(1) : trimmed);
  if (!parsed.ok) throw new AppError('AMOUNT_INVALID', { reason: parsed.text });
  return negative ? -parsed.micro : parsed.micro;
}

const abs = (v: bigint) => (v < 0n ? -v : v);

/** The two-person threshold sums a player's money movements over this window. */
const TWO_PERSON_WINDOW_MS = 24 * 3_600_000;

/** What the adjustment rules need from the modules above the wallet (decision 33); throws refuse. */
export interface AdjustmentDuties {
  /** Refuses an operator who may not decide on this player's money (`approving`: the second decision). */
  assertMayDecide(operatorId: number, playerId: number, approving: boolean): Promise<void>;
  /** Refuses two operators of whom one created, reset or re-enrolled the other recently. */
  assertIndependent(first: number, second: number): Promise<void>;
  /** The player's withdrawals asked for since `since` and not rejected, in micro-USDT (read on `conn`). */
  withdrawnSince(playerId: number, since: Date, conn: DbOrTx): Promise<bigint>;
}

export function createWalletAdmin(deps: {
  db: Db;
  clock: Clock;
  wallet: Pick<WalletService, 'transferIn' | 'verify' | 'counts'>;
  /** Adjustments that bring the player's 24-hour sum above this wait for a second operator. */
  approvalAboveMicro: bigint;
  /** One operator's adjustments per UTC+8 day (sum of absolute amounts). */
  dailyAdjustmentsMicro: bigint;
}) {
  const { db, clock, wallet } = deps;
  const repo = createWalletRepository(db);

  type RequestRow = NonNullable<Awaited<ReturnType<typeof repo.findAdjustmentRequest>>>;

  /** The ledger transfer of an adjustment request, inside the caller's transaction. */
  async function apply(tx: Tx, req: RequestRow, approvedBy: string | null) {
    const player: AccountRef = { player: req.playerId };
    const house: AccountRef = { system: SystemAccount.ADJUSTMENTS };
    const negative = req.amountMicro < 0n;
    const result = await wallet.transferIn(tx, {
      key: `adjustment-request:${req.id}`,
      debit: negative ? player : house,
      credit: negative ? house : player,
      amountMicro: abs(req.amountMicro),
      code: TransferCode.ADJUSTMENT,
      reference: { type: 'adjustment_request', id: String(req.id) },
      metadata: { reason: req.reason, operator: req.requestedBy, approved_by: approvedBy },
    });
    const r = createWalletRepository(tx);
    if (result.created) {
      await r.insertAdjustment({
        transferId: BigInt(result.id),
        playerId: req.playerId,
        amountMicro: req.amountMicro,
        reason: req.reason,
        operator: approvedBy ? `${req.requestedBy} (approved by ${approvedBy})` : req.requestedBy,
        createdAt: clock.now(),
      });
    }
    await r.setAdjustmentTransfer(req.id, BigInt(result.id));
    return { ...req, transferId: BigInt(result.id) };
  }

  /**
   * Inside the decision's transaction: takes the operator's money-decision lock, then refuses when `amount`
   * would carry the operator's adjustments of the UTC+8 day above the limit.
   */
  async function withinDailyAllowance(tx: Tx, operatorId: number, amountMicro: bigint) {
    const r = createWalletRepository(tx);
    await r.lockOperatorDecisions(operatorId);
    const used = await r.operatorAdjustedSince(operatorId, new Date(startOfReportDay(clock.now().getTime())));
    if (used + abs(amountMicro) > deps.dailyAdjustmentsMicro) {
      throw new AppError('DUTY_ADJUST_DAILY_LIMIT', {
        max: formatMicro(deps.dailyAdjustmentsMicro),
        used: formatMicro(used),
      });
    }
  }

  const summary = (req: RequestRow) => ({
    id: req.id,
    player_id: req.playerId,
    amount_micro: req.amountMicro,
    status: req.status,
    needs_approval: req.needsApproval,
    transfer_id: req.transferId,
  });

  return {
    async requestAdjustment(
      actor: AdjustmentActor,
      input: { playerId: number; amount: string; reason: string; requestKey: string },
      audit: AuditInTx,
      duties: AdjustmentDuties,
    ) {
      const amountMicro = parseSignedAmount(input.amount);
      // Every player's wallet account opens with the player (registration), so no account means no player.
      if ((await repo.playerBalances(input.playerId)).length === 0) throw new AppError('PLAYER_NOT_FOUND');
      const requestKey = input.requestKey || null;
      if (requestKey) {
        const earlier = await repo.findAdjustmentRequestByKey(actor.operatorId, requestKey);
        if (earlier) return earlier;
      }
      await duties.assertMayDecide(actor.operatorId, input.playerId, false);
      try {
        return await withRetry(() =>
          db.transaction(async (tx) => {
            const r = createWalletRepository(tx);
            // The player's lock first, then the operator's (withinDailyAllowance): no path takes them the
            // other way round. Under the player's lock the balance and the 24-hour sum are read fresh.
            await r.lockPlayerAdjustments(input.playerId);
            // A debit the balance cannot cover now is refused now, not queued for a second operator who
            // could only find the same (the ledger's conditional debit stays the authority when applying).
            if (amountMicro < 0n) {
              const balances = await r.availableByPlayers([input.playerId], LEDGER_CURRENCY);
              if ((balances.get(input.playerId) ?? 0n) < -amountMicro)
                throw new AppError('INSUFFICIENT_BALANCE');
            }
            await withinDailyAllowance(tx, actor.operatorId, amountMicro);
            const since = new Date(clock.now().getTime() - TWO_PERSON_WINDOW_MS);
            const adjusted = await r.playerAdjustedSince(input.playerId, since);
            const withdrawn = await duties.withdrawnSince(input.playerId, since, tx);
            const needsApproval = abs(amountMicro) + adjusted + withdrawn > deps.approvalAboveMicro;
            let req = await r.insertAdjustmentRequest({
              playerId: input.playerId,
              amountMicro,
              reason: input.reason,
              status: needsApproval ? AdjustmentRequestStatus.PENDING : AdjustmentRequestStatus.APPLIED,
              needsApproval,
              requestedById: actor.operatorId,
              requestedBy: actor.username,
              requestKey,
              requestedAt: clock.now(),
            });
            if (!needsApproval) req = await apply(tx, req, null);
            await audit(tx, { after: summary(req) });
            return req;
          }),
        );
      } catch (error) {
        // The same request id sent twice at once: the unique index lets one in; the other answers its row.
        if (requestKey && pgErrorCode(error) === UNIQUE_VIOLATION) {
          const earlier = await repo.findAdjustmentRequestByKey(actor.operatorId, requestKey);
          if (earlier) return earlier;
        }
        throw error;
      }
    },

    async decideAdjustment(
      actor: AdjustmentActor,
      id: number,
      approve: boolean,
      reason: string,
      audit: AuditInTx,
      duties: AdjustmentDuties,
    ) {
      const found = await repo.findAdjustmentRequest(id);
      if (!found) throw new AppError('ADJUSTMENT_NOT_FOUND');
      // The requester never changes, so this check cannot go stale before the conditional UPDATE below.
      if (approve && found.requestedById === actor.operatorId) throw new AppError('ADJUSTMENT_SELF_APPROVAL');
      if (found.status !== AdjustmentRequestStatus.PENDING) throw new AppError('ADJUSTMENT_NOT_PENDING');
      try {
        if (approve) {
          await duties.assertMayDecide(actor.operatorId, found.playerId, true);
          await duties.assertIndependent(found.requestedById, actor.operatorId);
        }
        return await withRetry(() =>
          db.transaction(async (tx) => {
            if (approve) await withinDailyAllowance(tx, actor.operatorId, found.amountMicro);
            let req = await createWalletRepository(tx).decideAdjustmentRequest(id, {
              status: approve ? AdjustmentRequestStatus.APPLIED : AdjustmentRequestStatus.REJECTED,
              decidedById: actor.operatorId,
              decidedBy: actor.username,
              decidedAt: clock.now(),
              decisionReason: reason,
            });
            if (!req) throw new AppError('ADJUSTMENT_NOT_PENDING');
            if (approve) req = await apply(tx, req, actor.username);
            await audit(tx, { before: { status: found.status }, after: summary(req) });
            return req;
          }),
        );
      } catch (error) {
        // Another operator may decide the request while this one is checked. The checks then see that
        // decision (it is an adjustment of the player by the winner, counted in the winner's daily sum), so
        // a loser would be refused for a reason that is only true because the request is already decided.
        // Nothing changed for the loser (its transaction rolled back or never began): answer what is true
        // now, that the request is no longer pending.
        if (error instanceof AppError && error.key !== 'ADJUSTMENT_NOT_PENDING') {
          const now = await repo.findAdjustmentRequest(id);
          if (now && now.status !== AdjustmentRequestStatus.PENDING)
            throw new AppError('ADJUSTMENT_NOT_PENDING');
        }
        throw error;
      }
    },

    /** Whether the operator asked for or approved an adjustment of the player since `since`. */
    operatorAdjustedPlayer: (operatorId: number, playerId: number, since: Date) =>
      repo.operatorAdjustedPlayer(operatorId, playerId, since),
    /** The player's adjustments (absolute, pending or applied) asked for since `since`. */
    playerAdjustedSince: (playerId: number, since: Date, conn: DbOrTx = db) =>
      createWalletRepository(conn).playerAdjustedSince(playerId, since),

    listAdjustments: (f: PageWindow & { status: string; playerId: number | null }) =>
      repo.listAdjustmentRequests(f),

    /** Transfers for the explorer, with the player of each side's account (null for a system account). */
    transfers: (f: TransferSearch) => repo.explore(f),

    systemBalances: () => repo.systemBalances(),

    /** ledger:verify now, with the counts it covered. */
    async verifyNow() {
      const violations = await wallet.verify();
      const counts = await wallet.counts();
      return { ok: violations.length === 0, violations, ...counts, checkedAt: clock.now() };
    },

    availableBalances: (playerIds: number[]) => repo.availableByPlayers(playerIds, LEDGER_CURRENCY),
    recentEntries: (playerId: number, limit: number) =>
      repo.playerEntries(playerId, LEDGER_CURRENCY, { code: null, from: null, to: null, limit, offset: 0 }),
    dailyTotals: repo.dailyTotals,
    pendingWithdrawals: () => repo.pendingCount(TransferCode.WITHDRAWAL),
    pendingDeposits: () => repo.pendingCount(TransferCode.DEPOSIT),
    pendingAdjustments: async () =>
      (await repo.listAdjustmentRequests({ status: 'pending', playerId: null, limit: 1, offset: 0 })).total,
  };
}

export type WalletAdmin = ReturnType<typeof createWalletAdmin>;

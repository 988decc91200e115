import { LEDGER_CURRENCY, parseAmount, SystemAccount, TransferCode } from '@koi/ledger';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { AdjustmentRequestStatus } from './wallet.schema';
import { AppError } from '../../errors';
import type { Clock } from '../../lib/clock';
import { pgErrorCode, UNIQUE_VIOLATION } from '../../lib/pg-errors';
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

export function createWalletAdmin(deps: {
  db: Db;
  clock: Clock;
  wallet: Pick<WalletService, 'transferIn' | 'verify' | 'counts'>;
  /** Adjustments larger than this (either sign) wait for a second operator. */
  approvalAboveMicro: bigint;
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
    ) {
      const amountMicro = parseSignedAmount(input.amount);
      // Every player's wallet account opens with the player (registration), so no account means no player.
      if ((await repo.playerBalances(input.playerId)).length === 0) throw new AppError('PLAYER_NOT_FOUND');
      const requestKey = input.requestKey || null;
      if (requestKey) {
        const earlier = await repo.findAdjustmentRequestByKey(actor.operatorId, requestKey);
        if (earlier) return earlier;
      }
      const needsApproval = abs(amountMicro) > deps.approvalAboveMicro;
      try {
        return await withRetry(() =>
          db.transaction(async (tx) => {
            const r = createWalletRepository(tx);
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
    ) {
      const found = await repo.findAdjustmentRequest(id);
      if (!found) throw new AppError('ADJUSTMENT_NOT_FOUND');
      // The requester never changes, so this check cannot go stale before the conditional UPDATE below.
      if (approve && found.requestedById === actor.operatorId) throw new AppError('ADJUSTMENT_SELF_APPROVAL');
      if (found.status !== AdjustmentRequestStatus.PENDING) throw new AppError('ADJUSTMENT_NOT_PENDING');
      return withRetry(() =>
        db.transaction(async (tx) => {
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
    },

    async listAdjustments(f: { status: string; playerId: number | null; page: number; size: number }) {
      const { rows, total } = await repo.listAdjustmentRequests({
        status: f.status,
        playerId: f.playerId,
        limit: f.size,
        offset: (f.page - 1) * f.size,
      });
      return { rows, total };
    },

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

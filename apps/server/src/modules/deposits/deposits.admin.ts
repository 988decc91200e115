import { SystemAccount, TransferCode } from '@koi/ledger';
import type { Config } from '../../config';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { AppError } from '../../errors';
import type { Clock } from '../../lib/clock';
import type { PageWindow } from '../../lib/paging';
import { isTronAddress } from '../../lib/tron-address';
import { withRetry } from '../wallet/wallet.batcher';
import type { WalletService } from '../wallet/wallet.service';
import type { TurnoverService } from '../turnover';
import type { PlayerDirectory } from '../auth';
import type { DomainEvents } from '../events';
import type { Hooks } from '../../lib/hooks';
import {
  createDepositsAdminRepository,
  type OrderSearch,
  type TransferSearch,
} from './deposits.admin.repository';
import { assertWithinLimits, limitReads, type CreditedElsewhere } from './deposits.limits';
import { createDepositsRepository } from './deposits.repository';
import type { UnmatchedRow } from './deposits.schema';
import { UnmatchedSource, UnmatchedStatus } from './deposits.schema';
import { stateNames } from '../../lib/state-names';

/*
 * Design note: the console's deposits area (decisions 13, 20, 21).
 *
 * Receiving addresses. Operators add addresses (base58check verified, unique) and enable or disable them.
 * A disabled address takes no new orders (order creation picks among enabled addresses only) but stays
 * watched: its open orders may still be paid and a late payment may still arrive, and decision 13 says such
 * money is never lost. Addresses are never deleted, because orders and transfers name them.
 *
 * Resolving the unmatched queue. A queue row moves once out of `queued`: matched (credited to a player),
 * refunded or ignored; a match above the approval amount first waits in `awaiting_approval` until a second,
 * different operator approves it (or someone rejects it back to `queued`). Every resolution runs in one
 * transaction that first locks the queue row (SELECT … FOR UPDATE) and reads its state under that lock, so
 * of any number of concurrent calls exactly one finds it open; the others wait for that commit, then find it
 * resolved and are refused. The credit itself is a ledger transfer whose idempotency key is derived from the
 * money's origin: for a chain transfer `deposit:tron:<txid>:<event>`, the very key the watcher would have
 * used, so even a transfer that were somehow both credited by the watcher and matched by an operator moves
 * money once (the wallet answers the first transfer or refuses a different payload). Lock order is queue
 * row, player advisory lock (deposit limits), chain transfer row, wallet, audit head; the watcher never
 * locks a queue row, so no cycle can form.
 *
 * Channel orders. A queue row from a channel report may name one of the channels module's orders. The
 * channel path credits an order under its row lock with the key `deposit:channel:<code>:<channel order id>`,
 * the operator's match with `deposit:channel-unmatched:<order>`, so the ledger alone would not stop both. A
 * match therefore runs the channel-match hooks the channels module registered: `locking` first (it locks that
 * order and refuses when the channel already completed it; queue row, then order, then the player lock: the
 * channel path takes the order then the player, so no cycle), and `matched` after the credit, in the same
 * transaction, which moves the order out of the states the channel path and the reconciler credit from.
 * Whichever commits first wins; the other finds its state and credits nothing.
 *
 * Rules at matching. The player's own deposit limits (decision 18) apply at crediting, also when an
 * operator credits: a match that would exceed them is refused, and the operator refunds instead. Money a
 * deny-listed region sent (reason `region`) is not credited by match either.
 *
 * Refunds. A refund is recorded, not sent by Koi: the unmatched money sits in the deposit clearing account
 * and was never any player's, and the payout rail is built for player withdrawals (a held player balance, a
 * withdrawal id as its idempotency key). The treasury sends it back from the receiving wallet and the
 * operator records that transaction's hash (or the treasury's reference) with the reason; nothing moves in
 * the ledger, just as nothing moved when the money arrived unmatched.
 *
 * Audit. Every change appends its audit row inside its own transaction (the caller's AuditWrite), so the
 * change and its record commit together or not at all.
 */

/** Who acts: the signed-in operator. */
export interface DepositsActor {
  operatorId: number;
  username: string;
}

/** Records the audit row inside the change's transaction (the operators module's AuditWrite). */
export type AuditInTx = (tx: DbOrTx, change: { before?: unknown; after?: unknown }) => Promise<void>;

/** The unmatched queue's states; `open` is what still waits for an operator. */
export const UNMATCHED_STATES = stateNames(UnmatchedStatus, {
  open: [UnmatchedStatus.QUEUED, UnmatchedStatus.AWAITING_APPROVAL],
});

/** The ledger key of crediting a queue row: derived from where the money came from, never from the row. */
export function unmatchedLedgerKey(row: UnmatchedRow, transfer: { txId: string; eventKey: string } | null) {
  if (row.source === UnmatchedSource.CHAIN && transfer)
    return `deposit:tron:${transfer.txId}:${transfer.eventKey}`;
  return `deposit:channel-unmatched:${row.channelOrderId ?? row.id}`;
}

/** A channel order a queue row named, matched to `playerId` with the credit under `ledgerKey`. */
export interface ChannelOrderMatched {
  channelOrderId: number;
  playerId: number;
  ledgerKey: string;
  now: Date;
}

/** The hooks the channels module registers for a match of a queue row that names one of its orders. */
export interface ChannelMatchHooks {
  /** Before anything else of the match: lock the order, refuse when it is already credited. */
  locking: Hooks<[tx: Tx, channelOrderId: number]>;
  /** After the credit, in its transaction: move the order out of the states its own path credits from. */
  matched: Hooks<[tx: Tx, matched: ChannelOrderMatched]>;
}

/** What the deposits console reads of players: names to show, an id to filter by. */
export type DepositsPlayers = Pick<PlayerDirectory, 'usernamesOf' | 'playerIdByUsername'>;

export function createDepositsAdmin(deps: {
  db: Db;
  clock: Clock;
  config: Pick<Config, 'deposits' | 'tron'>;
  wallet: Pick<WalletService, 'transferIn'>;
  /** Decision 23: a matched deposit adds 1× its amount of turnover, like any credited deposit. */
  turnover: Pick<TurnoverService, 'addRequirement'>;
  /** Whether the chain watcher job runs in this process's deployment (a chain source is configured). */
  watching: boolean;
  /** Names and ids of players (the auth module owns them). */
  players: DepositsPlayers;
  /** Other modules' credits counted against the deposit limits (filled through the module's hooks). */
  creditedElsewhere?: readonly CreditedElsewhere[];
  /** What a match of a queue row naming a channel order does to that order (filled by the channels module). */
  channelMatch?: ChannelMatchHooks;
  /** Told once a match's credit has committed (the module emits `deposit.credited`). */
  onCredited?: (fact: DomainEvents['deposit.credited']) => void;
}) {
  const { db, clock, config, players } = deps;
  const repo = createDepositsAdminRepository(db);
  const approvalAbove = config.deposits.matchApprovalAboveMicro;

  /** The open queue row, locked; refuses a row that is gone or no longer open for this step. */
  async function lockOpen(tx: Tx, id: number, expect: number): Promise<UnmatchedRow> {
    const row = await createDepositsAdminRepository(tx).lockUnmatched(id);
    if (!row) throw new AppError('UNMATCHED_NOT_FOUND');
    if (row.status === expect) return row;
    if (row.status === UnmatchedStatus.AWAITING_APPROVAL) throw new AppError('UNMATCHED_AWAITING_APPROVAL');
    if (row.status === UnmatchedStatus.QUEUED) throw new AppError('UNMATCHED_NOT_AWAITING');
    throw new AppError('UNMATCHED_ALREADY_RESOLVED');
  }

  async function assertPlayer(playerId: number) {
    if (!(await players.usernamesOf([playerId])).has(playerId)) throw new AppError('PLAYER_NOT_FOUND');
  }

  /** Credits a locked queue row to `playerId` and marks it matched, inside `tx`. */
  async function credit(tx: Tx, row: UnmatchedRow, playerId: number, actor: DepositsActor, note: string) {
    if (row.reason === 'region') throw new AppError('REGION_BLOCKED');
    const r = createDepositsRepository(tx);
    const a = createDepositsAdminRepository(tx);
    const now = clock.now();
    // A row that names a channel order (see the design note, "Channel orders"): the channels module locks
    // that order before anything else here, which serialises this credit with the channel path's.
    if (row.channelOrderId !== null) await deps.channelMatch?.locking.run(tx, row.channelOrderId);
    // Serialises with the player's own order creation and other matches, so the limit check holds.
    await r.lockPlayer(playerId);
    await assertWithinLimits(limitReads(tx, deps.creditedElsewhere ?? []), playerId, row.amountMicro, now);
    const transfer = row.chainTransferId === null ? null : await a.chainTransferById(row.chainTransferId);
    const key = unmatchedLedgerKey(row, transfer);
    if (transfer) await a.markTransferMatched(transfer.id, playerId, key);
    await deps.wallet.transferIn(tx, {
      key,
      debit: { system: SystemAccount.DEPOSIT_CLEARING },
      credit: { player: playerId },
      amountMicro: row.amountMicro,
      code: TransferCode.DEPOSIT,
      reference: { type: 'deposit_unmatched', id: String(row.id) },
      metadata: { tx_id: transfer?.txId ?? null, operator: actor.username, reason: note },
    });
    // Same transaction as the credit, idempotent per queue row: a matched deposit never lacks its turnover.
    await deps.turnover.addRequirement(
      { playerId, sourceType: 'deposit', sourceId: `unmatched:${row.id}`, amountMicro: row.amountMicro },
      tx,
    );
    if (row.channelOrderId !== null) {
      await deps.channelMatch?.matched.run(tx, {
        channelOrderId: row.channelOrderId,
        playerId,
        ledgerKey: key,
        now,
      });
    }
    return a.updateUnmatched(row.id, {
      status: UnmatchedStatus.MATCHED,
      matchPlayerId: playerId,
      ledgerKey: key,
      note,
      resolvedBy: actor.username,
      resolvedById: actor.operatorId,
      resolvedAt: now,
    });
  }

  const summary = (row: UnmatchedRow) => ({
    status: UNMATCHED_STATES.name(row.status),
    amount_micro: row.amountMicro,
    match_player_id: row.matchPlayerId,
    requested_by: row.requestedBy,
    ledger_key: row.ledgerKey,
    refund_reference: row.refundTxId,
    note: row.note,
  });

  /**
   * Runs one resolution step in a transaction that also appends its audit row. A step that matched the row
   * (the credit committed with it) is announced once, after the commit.
   */
  const step = async (
    id: number,
    audit: AuditInTx,
    run: (tx: Tx) => Promise<{ before: UnmatchedRow; after: UnmatchedRow }>,
  ) => {
    const { before, after } = await withRetry(() =>
      db.transaction(async (tx) => {
        const change = await run(tx);
        await audit(tx, { before: summary(change.before), after: summary(change.after) });
        return change;
      }),
    );
    if (before.status !== UnmatchedStatus.MATCHED && after.status === UnmatchedStatus.MATCHED) {
      deps.onCredited?.({
        playerId: after.matchPlayerId!,
        amountMicro: after.amountMicro,
        source: 'operator',
      });
    }
    return unmatchedOne(id);
  };

  /** Closes a queued row without crediting anyone (refunded or ignored). */
  const close = (
    id: number,
    actor: DepositsActor,
    note: string,
    audit: AuditInTx,
    set: { status: number; refundTxId?: string },
  ) =>
    step(id, audit, async (tx) => {
      const before = await lockOpen(tx, id, UnmatchedStatus.QUEUED);
      const after = await createDepositsAdminRepository(tx).updateUnmatched(id, {
        ...set,
        note,
        resolvedBy: actor.username,
        resolvedById: actor.operatorId,
        resolvedAt: clock.now(),
      });
      return { before, after };
    });

  async function unmatchedOne(id: number) {
    const row = await repo.unmatchedById(id);
    if (!row) throw new AppError('UNMATCHED_NOT_FOUND');
    return (await decorate([row]))[0]!;
  }

  /** Adds names and the live "likely player" (re-read, since the sender may have funded someone since). */
  async function decorate(rows: NonNullable<Awaited<ReturnType<typeof repo.unmatchedById>>>[]) {
    const r = createDepositsRepository(db);
    const likely = await Promise.all(
      rows.map(async (row) => {
        if (!row.transfer) return row.likelyPlayerId;
        const funded = await r.playersFundedBy(row.transfer.fromAddress);
        return funded.length === 1 ? funded[0]! : null;
      }),
    );
    const names = await players.usernamesOf(
      rows
        .flatMap((row, i) => [row.orderPlayerId, row.matchPlayerId, likely[i]])
        .filter((v): v is number => v !== null),
    );
    const ref = (id: number | null) => (id === null ? null : { id, username: names.get(id) ?? '' });
    return rows.map((row, i) => ({
      row,
      likelyPlayer: ref(likely[i] ?? null),
      orderPlayer: ref(row.orderPlayerId),
      matchPlayer: ref(row.matchPlayerId),
      needsApproval: row.amountMicro > approvalAbove,
    }));
  }

  return {
    // --- receiving addresses -----------------------------------------------------------------------------

    addresses: () => repo.addressesWithLoad(),

    async addAddress(input: { address: string; label: string }, audit: AuditInTx) {
      const address = input.address.trim();
      if (!isTronAddress(address)) throw new AppError('TRON_ADDRESS_INVALID');
      return withRetry(() =>
        db.transaction(async (tx) => {
          const row = await createDepositsRepository(tx).insertAddress(address, input.label.trim());
          if (!row) throw new AppError('DEPOSIT_ADDRESS_EXISTS');
          await audit(tx, { after: row });
          return row;
        }),
      );
    },

    async setAddressEnabled(id: number, enabled: boolean, audit: AuditInTx) {
      return withRetry(() =>
        db.transaction(async (tx) => {
          const before = await createDepositsAdminRepository(tx).addressById(id);
          if (!before) throw new AppError('DEPOSIT_ADDRESS_NOT_FOUND');
          const after = (await createDepositsRepository(tx).setAddressEnabled(id, enabled))!;
          await audit(tx, {
            before: { enabled: before.enabled },
            after: { enabled: after.enabled, address: after.address },
          });
          return after;
        }),
      );
    },

    // --- lists -------------------------------------------------------------------------------------------

    /** `player` is an id or a username; an unknown username finds nothing rather than everything. */
    async resolvePlayer(player: string): Promise<number | null | 'none'> {
      if (!player) return null;
      if (/^\d{1,15}$/.test(player)) return Number(player);
      return (await players.playerIdByUsername(player)) ?? 'none';
    },

    async orders(f: OrderSearch) {
      const { rows, total } = await repo.orders(f);
      return { rows, total, names: await players.usernamesOf(rows.map((r) => r.playerId)) };
    },

    async transfers(f: TransferSearch) {
      const { rows, total } = await repo.transfers(f);
      const ids = rows.map((r) => r.playerId).filter((v): v is number => v !== null);
      return { rows, total, names: await players.usernamesOf(ids) };
    },

    async unmatched(status: string, page: PageWindow) {
      const { rows, total } = await repo.unmatched(UNMATCHED_STATES.codes(status), page);
      return { rows: await decorate(rows), total };
    },

    unmatchedOne,
    usdtContract: config.tron.usdtContract,

    // --- resolving the queue -----------------------------------------------------------------------------

    /** Match to a player: credits at once, or above the approval amount waits for a second operator. */
    async match(id: number, playerId: number, actor: DepositsActor, reason: string, audit: AuditInTx) {
      await assertPlayer(playerId);
      return step(id, audit, async (tx) => {
        const before = await lockOpen(tx, id, UnmatchedStatus.QUEUED);
        if (before.amountMicro > approvalAbove) {
          if (before.reason === 'region') throw new AppError('REGION_BLOCKED');
          const after = await createDepositsAdminRepository(tx).updateUnmatched(id, {
            status: UnmatchedStatus.AWAITING_APPROVAL,
            matchPlayerId: playerId,
            requestedBy: actor.username,
            requestedById: actor.operatorId,
            requestedAt: clock.now(),
            note: reason,
          });
          return { before, after };
        }
        return { before, after: await credit(tx, before, playerId, actor, reason) };
      });
    },

    /** A second, different operator approves a match awaiting approval: the credit happens now. */
    async approve(id: number, actor: DepositsActor, reason: string, audit: AuditInTx) {
      return step(id, audit, async (tx) => {
        const before = await lockOpen(tx, id, UnmatchedStatus.AWAITING_APPROVAL);
        // Read under the row lock: the requester cannot change between this check and the credit.
        if (before.requestedById === actor.operatorId) throw new AppError('UNMATCHED_SECOND_OPERATOR');
        const note = `${before.note ?? ''} / ${reason}`;
        return { before, after: await credit(tx, before, before.matchPlayerId!, actor, note) };
      });
    },

    /** Rejects a match awaiting approval: the row returns to the queue, nothing was credited. */
    async reject(id: number, _actor: DepositsActor, _reason: string, audit: AuditInTx) {
      return step(id, audit, async (tx) => {
        const before = await lockOpen(tx, id, UnmatchedStatus.AWAITING_APPROVAL);
        const after = await createDepositsAdminRepository(tx).updateUnmatched(id, {
          status: UnmatchedStatus.QUEUED,
          matchPlayerId: null,
          requestedBy: null,
          requestedById: null,
          requestedAt: null,
          note: null,
        });
        return { before, after };
      });
    },

    /** Records a refund made outside Koi (see the design note), with its reference and the reason. */
    refund: (id: number, actor: DepositsActor, reference: string, reason: string, audit: AuditInTx) =>
      close(id, actor, reason, audit, { status: UnmatchedStatus.REFUNDED, refundTxId: reference.trim() }),

    ignore: (id: number, actor: DepositsActor, reason: string, audit: AuditInTx) =>
      close(id, actor, reason, audit, { status: UnmatchedStatus.IGNORED }),

    // --- watcher -----------------------------------------------------------------------------------------

    async watcher() {
      const now = clock.now();
      const rows = await repo.watcherRows();
      return {
        running: deps.watching,
        intervalMs: config.deposits.watchIntervalMs,
        checkedAt: now,
        rows: rows.map(({ address, cursor }) => ({
          address: address.address,
          enabled: address.enabled,
          cursor,
          lagSeconds: cursor?.lastSuccessAt
            ? Math.max(0, Math.floor((now.getTime() - cursor.lastSuccessAt.getTime()) / 1000))
            : null,
        })),
      };
    },
  };
}

export type DepositsAdmin = ReturnType<typeof createDepositsAdmin>;

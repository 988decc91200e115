import { randomUUID } from 'node:crypto';
import { SystemAccount, TransferCode } from '@koi/ledger';
import { TransferStatus } from '@koi/provider-protocol';
import type { Db } from '../../db/client';
import type { AuthService } from '../auth';
import type { BetsService } from '../bets';
import { WalletModel } from '../games';
import { ProviderTransferState, TransferDirection } from './providers.schema';
import { createTransferRepository, type TransferRow } from './transfer.repository';
import { AppError } from '../../errors';
import type { Clock } from '../../lib/clock';
import { createKeyedQueue } from '../../lib/keyed-queue';
import type { ProviderEndpoint } from './launch.adapter';
import type { TransferCallResult, TransferClient } from './transfer.adapter';
import type { WalletService } from '../wallet/wallet.service';

/** What the transfer wallet needs from the ledger: two-phase transfers by key. */
export type TransferLedger = Pick<WalletService, 'hold' | 'post' | 'void' | 'availableIn'>;

/** Pending moves younger than this are still being answered; the reconciler leaves them alone. */
export const RECONCILE_AFTER_MS = 10_000;
const RECONCILE_BATCH = 100;

/**
 * The transfer-wallet model (decision 15): before play Koi moves the player's available balance into the
 * provider's own wallet, and on refresh or exit moves what is there back. Each move is a pending ledger
 * transfer first, so the money is neither spendable twice nor lost while the provider is asked:
 *   - the provider confirms → posted; it refuses → voided (the money stays or returns where it was);
 *   - it does not answer → the move stays pending, and the reconciler later asks the provider about that
 *     transfer id and posts or voids it. Transfer ids are Koi's, so the provider applies each at most once.
 */
export function createTransferWallet(deps: {
  db: Db;
  ledger: TransferLedger;
  client: TransferClient;
  endpointFor: (providerId: number) => Promise<ProviderEndpoint | null>;
  /** A provider of the catalogue by id (the provider directory, which asks the games module). */
  providerOf: (providerId: number) => Promise<{ id: number; code: string; walletModel: string } | null>;
  /** The player's name as providers know it (the auth module). */
  players: Pick<AuthService, 'identity'>;
  /**
   * The stake guard (the bets module's `guardStake`): a move in is checked as a stake of the whole amount,
   * since the provider's bets happen out of Koi's sight (promotions' largest bet while a bonus is open).
   */
  stakes?: Pick<BetsService, 'guardStake'>;
  clock: Clock;
}) {
  const { db, ledger, client, clock } = deps;
  const repo = createTransferRepository(db);

  /**
   * One move at a time per player (recall once). Concurrent refreshes, refunds and launches each read the
   * provider's balance and then move it; without this, 40 concurrent recalls all read the same balance and
   * sent 40 move-outs of it. The calls queue per player, so a later recall asks the provider after the
   * earlier move-out settled and finds nothing left to move. The lock spans the provider's HTTP calls, so it
   * is not a database lock: holding a transaction (and its connection) across them would exhaust the pool
   * with waiters, and on the embedded database would block the ledger's own writes. It serialises within one
   * server process; the transfer ids keep a second node's duplicate move-out from being applied twice, and
   * the provider refuses to overdraw.
   */
  const onePerPlayer = createKeyedQueue<number>();

  async function mark(row: TransferRow, state: number) {
    await repo.resolve(row.id, state, clock.now());
  }

  /** Applies a provider's answer about one move; returns the state the move ended in. */
  async function settle(row: TransferRow, result: TransferCallResult): Promise<number> {
    if (!result.answered) return ProviderTransferState.PENDING;
    if (result.answer.status === TransferStatus.OK) {
      await ledger.post(row.ledgerKey);
      await mark(row, ProviderTransferState.COMPLETED);
      return ProviderTransferState.COMPLETED;
    }
    try {
      await ledger.void(row.ledgerKey);
    } catch (error) {
      // A move recorded just before a crash may never have reached the ledger; nothing to undo then.
      if (!(error instanceof AppError && error.key === 'TRANSFER_NOT_FOUND')) throw error;
    }
    await mark(row, ProviderTransferState.FAILED);
    return ProviderTransferState.FAILED;
  }

  async function record(
    playerId: number,
    providerId: number,
    direction: number,
    amountMicro: bigint,
  ): Promise<TransferRow> {
    const transferId = randomUUID();
    return repo.insert({
      transferId,
      playerId,
      providerId,
      direction,
      amountMicro,
      ledgerKey: `tr:${transferId}`,
      createdAt: clock.now(),
    });
  }

  /**
   * Holds a recorded move in the ledger: out of the provider float into the player's wallet for a move out (a
   * pending credit, nothing spendable until the provider confirms), out of the wallet for a move in.
   */
  function holdMove(row: TransferRow) {
    const wallet = { player: row.playerId };
    const float = { system: SystemAccount.PROVIDER_FLOAT };
    const out = row.direction === TransferDirection.OUT;
    return ledger.hold({
      key: row.ledgerKey,
      debit: out ? float : wallet,
      credit: out ? wallet : float,
      amountMicro: row.amountMicro,
      code: out ? TransferCode.PROVIDER_TRANSFER_OUT : TransferCode.PROVIDER_TRANSFER_IN,
      reference: { type: 'provider_transfer', id: row.transferId },
    });
  }

  /** What the provider is told of a move, the same in either direction. */
  const movePayload = (row: TransferRow, provider: { code: string }, player: { username: string }) => ({
    transfer_id: row.transferId,
    provider: provider.code,
    user: player.username,
    amount: Number(row.amountMicro),
  });

  async function moveOut(
    player: { id: number; username: string },
    provider: { id: number; code: string },
    endpoint: ProviderEndpoint,
    amountMicro: bigint,
  ) {
    const row = await record(player.id, provider.id, TransferDirection.OUT, amountMicro);
    await holdMove(row);
    return settle(row, await client.moveOut(endpoint, movePayload(row, provider, player)));
  }

  /** Moves the player's whole available balance into the provider; returns the move's state (or null: nothing to move). */
  async function moveIn(
    player: { id: number; username: string },
    provider: { id: number; code: string },
  ): Promise<number | null> {
    const endpoint = await deps.endpointFor(provider.id);
    if (!endpoint) throw new AppError('PROVIDER_UNAVAILABLE');
    const amountMicro = await ledger.availableIn(db, player.id);
    if (amountMicro <= 0n) return null;
    await deps.stakes?.guardStake(player.id, amountMicro, 'transfer_in');
    const row = await record(player.id, provider.id, TransferDirection.IN, amountMicro);
    try {
      await holdMove(row);
    } catch (error) {
      // The balance was spent between reading it and holding it (another tab): nothing moves.
      if (error instanceof AppError && error.key === 'INSUFFICIENT_BALANCE') {
        await mark(row, ProviderTransferState.FAILED);
        return ProviderTransferState.FAILED;
      }
      throw error;
    }
    return settle(row, await client.moveIn(endpoint, movePayload(row, provider, player)));
  }

  /**
   * Brings back what the player holds at transfer-wallet providers (all of them, or one). Providers that
   * do not answer keep the money for now; the next refresh tries again.
   */
  async function recall(playerId: number, onlyProviderId?: number): Promise<void> {
    const player = await deps.players.identity(playerId);
    if (!player) return;
    for (const held of await heldAt(player, await repo.providersMovedInto(playerId, onlyProviderId))) {
      await moveOut(player, held.provider, held.endpoint, held.amountMicro);
    }
  }

  /** What the player holds now at each transfer-wallet provider that may hold something, as the provider says. */
  async function inGame(
    playerId: number,
  ): Promise<{ providerId: number; code: string; amountMicro: bigint }[]> {
    const player = await deps.players.identity(playerId);
    if (!player) return [];
    return (await heldAt(player, await repo.providersHolding(playerId))).map((h) => ({
      providerId: h.provider.id,
      code: h.provider.code,
      amountMicro: h.amountMicro,
    }));
  }

  /**
   * The player's balance at each of these providers that is a transfer-wallet provider with an endpoint and
   * answers the balance query clearly, leaving out zero balances; one provider after the other.
   */
  async function heldAt(player: { username: string }, providerIds: number[]) {
    const held: {
      provider: { id: number; code: string };
      endpoint: ProviderEndpoint;
      amountMicro: bigint;
    }[] = [];
    for (const providerId of providerIds) {
      const provider = await deps.providerOf(providerId);
      if (!provider || provider.walletModel !== WalletModel.TRANSFER) continue;
      const endpoint = await deps.endpointFor(provider.id);
      if (!endpoint) continue;
      const balance = await client.balance(endpoint, provider.code, player.username);
      if (!balance.answered || balance.answer.status !== TransferStatus.OK) continue;
      const amountMicro = BigInt(balance.answer.balance ?? 0);
      if (amountMicro > 0n) held.push({ provider, endpoint, amountMicro });
    }
    return held;
  }

  return {
    /**
     * The player's money at transfer-wallet providers (only those that may hold some are asked), so the player
     * app can show it beside the wallet balance instead of a bare 0 and bring it back when the player returns.
     */
    inGame,

    /**
     * Brings back what the player holds at providers other than `keepProviderId` (a game about to open, which
     * takes what is there as it is). Only providers that may hold something are asked, so a launch with nothing
     * out makes no provider call.
     */
    async recallExcept(playerId: number, keepProviderId: number): Promise<void> {
      const holding = (await repo.providersHolding(playerId)).filter((id) => id !== keepProviderId);
      for (const providerId of holding) await onePerPlayer(playerId, () => recall(playerId, providerId));
    },

    /** `moveIn` and `recall` run one at a time per player (see `onePerPlayer`). */
    moveIn(player: { id: number; username: string }, provider: { id: number; code: string }) {
      return onePerPlayer(player.id, () => moveIn(player, provider));
    },

    recall(playerId: number, onlyProviderId?: number): Promise<void> {
      return onePerPlayer(playerId, () => recall(playerId, onlyProviderId));
    },

    /** Resolves moves the provider did not answer in time by asking it about them. Returns how many were resolved. */
    async reconcile(): Promise<number> {
      const before = new Date(clock.now().getTime() - RECONCILE_AFTER_MS);
      const pending = await repo.pendingBefore(before, RECONCILE_BATCH);
      let resolved = 0;
      for (const row of pending) {
        const endpoint = await deps.endpointFor(row.providerId);
        if (!endpoint) continue;
        const state = await settle(row, await client.status(endpoint, row.transferId));
        if (state !== ProviderTransferState.PENDING) resolved += 1;
      }
      return resolved;
    },

    pendingCount: (playerId: number): Promise<number> => repo.pendingCount(playerId),
  };
}

export type TransferWallet = ReturnType<typeof createTransferWallet>;

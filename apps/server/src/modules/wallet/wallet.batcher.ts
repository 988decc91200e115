import { AppError } from '../../errors';
import {
  createGroupCommit,
  type BatchLogger,
  type GroupCommitOptions,
  type Pending,
} from '../../lib/group-commit';
import { pgErrorReason } from '../../lib/pg-errors';
import {
  isRetryableConflict,
  type TransferRecord,
  type TransferRow,
  type WalletRepository,
} from './wallet.repository';

/** Attempts for a transfer that lost a deadlock or an idempotency race (each retry is cheap and rare). */
const RETRY_ATTEMPTS = 4;

/** Runs `attempt` again when it lost a deadlock or an idempotency race; gives up after RETRY_ATTEMPTS. */
export async function withRetry<T>(attempt: () => Promise<T>): Promise<T> {
  for (let n = 1; ; n += 1) {
    try {
      return await attempt();
    } catch (error) {
      if (!isRetryableConflict(error) || n >= RETRY_ATTEMPTS) throw error;
    }
  }
}

/** Batch sizes and queue bounds of the transfer batcher (see lib/group-commit.ts). */
export type BatchingOptions = GroupCommitOptions;

export const DEFAULT_BATCHING: BatchingOptions = { maxBatch: 64, maxInFlight: 4, maxQueued: 10_000 };

type Item = Pending<TransferRow, TransferRecord>;

const playerOf = (row: TransferRow) => {
  const ids = [row.debit.playerId, row.credit.playerId].filter((id): id is number => id !== null);
  return ids.length ? Math.min(...ids) : Number.MAX_SAFE_INTEGER;
};

/**
 * Group commit of transfers (lib/group-commit.ts): everything queued while earlier batches run goes in the
 * next single call, one transaction and one commit, which is how TigerBeetle gets its throughput.
 *
 * A refusal that writes nothing (insufficient balance) is answered for its element alone. When the call
 * fails as a whole (a deadlock, an idempotency race, a conflict that raises), every element is submitted
 * again on its own, so one failed transfer never fails its neighbours.
 *
 * Elements are ordered by player and share one shard hint, so concurrent batches lock player wallets in the
 * same order (no deadlock between batches) and each batch takes one shard per system account.
 */
export function createTransferBatcher(
  repo: WalletRepository,
  shards: number,
  opts: BatchingOptions,
  log: BatchLogger,
) {
  let nextShard = 0;

  async function single(item: Item) {
    try {
      item.resolve(await withRetry(() => repo.transfer(item.input)));
    } catch (error) {
      item.reject(error);
    }
  }

  async function run(batch: Item[]) {
    if (batch.length === 1) return single(batch[0]!);
    const shard = nextShard % shards;
    nextShard += 1;
    const ordered = [...batch].sort((a, b) => playerOf(a.input) - playerOf(b.input));
    let results: (TransferRecord | AppError)[];
    try {
      results = await repo.transferBatch(ordered.map((item) => ({ ...item.input, shard })));
    } catch (error) {
      // Nothing is lost (every element is replayed on its own below), but a batch that keeps failing as a
      // whole costs its group commit, so the reason must be visible to whoever runs the platform.
      log.warn(
        {
          reason: pgErrorReason(error),
          transfers: ordered.length,
          firstKeys: ordered.slice(0, 5).map((item) => item.input.key),
        },
        'wallet transfer batch failed as a whole; replaying its transfers one by one',
      );
      await Promise.all(ordered.map(single));
      return;
    }
    results.forEach((result, i) => {
      const item = ordered[i]!;
      if (result instanceof AppError) item.reject(result);
      else item.resolve(result);
    });
  }

  const group = createGroupCommit(opts, run);
  return { submit: (row: TransferRow): Promise<TransferRecord> => group.submit(row) };
}

import { AppError } from '../../errors';
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

export interface BatchingOptions {
  /** Most transfers in one database call. */
  maxBatch: number;
  /** Batches in flight at once (each holds one pooled connection). */
  maxInFlight: number;
  /** Transfers waiting beyond this are refused at once rather than queued without end. */
  maxQueued: number;
}

/** Where the batcher reports a batch that failed as a whole (a Fastify/pino logger fits). */
export interface BatchLogger {
  warn(details: object, message: string): void;
}

export const DEFAULT_BATCHING: BatchingOptions = { maxBatch: 64, maxInFlight: 4, maxQueued: 10_000 };

interface Item {
  row: TransferRow;
  resolve(record: TransferRecord): void;
  reject(error: unknown): void;
}

const playerOf = (row: TransferRow) => {
  const ids = [row.debit.playerId, row.credit.playerId].filter((id): id is number => id !== null);
  return ids.length ? Math.min(...ids) : Number.MAX_SAFE_INTEGER;
};

/**
 * Group commit. Transfers submitted while `maxInFlight` batches are already running wait in a queue; when a
 * batch finishes, everything queued (up to maxBatch) goes in the next single call, one transaction and one
 * commit. Under light load nothing waits (a lone transfer goes straight through); under heavy load the cost
 * of a commit and a round trip is shared by many transfers, which is how TigerBeetle gets its throughput.
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
  const queue: Item[] = [];
  let inFlight = 0;
  let nextShard = 0;

  async function single(item: Item) {
    try {
      item.resolve(await withRetry(() => repo.transfer(item.row)));
    } catch (error) {
      item.reject(error);
    }
  }

  async function run(batch: Item[]) {
    if (batch.length === 1) return single(batch[0]!);
    const shard = nextShard % shards;
    nextShard += 1;
    const ordered = [...batch].sort((a, b) => playerOf(a.row) - playerOf(b.row));
    let results: (TransferRecord | AppError)[];
    try {
      results = await repo.transferBatch(ordered.map((item) => ({ ...item.row, shard })));
    } catch (error) {
      // Nothing is lost (every element is replayed on its own below), but a batch that keeps failing as a
      // whole costs its group commit, so the reason must be visible to whoever runs the platform.
      log.warn(
        {
          reason: pgErrorReason(error),
          transfers: ordered.length,
          firstKeys: ordered.slice(0, 5).map((item) => item.row.key),
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

  function pump() {
    while (inFlight < opts.maxInFlight && queue.length > 0) {
      const batch = queue.splice(0, opts.maxBatch);
      inFlight += 1;
      void run(batch).finally(() => {
        inFlight -= 1;
        pump();
      });
    }
  }

  return {
    submit(row: TransferRow): Promise<TransferRecord> {
      if (queue.length >= opts.maxQueued) return Promise.reject(new AppError('UNAVAILABLE'));
      return new Promise<TransferRecord>((resolve, reject) => {
        queue.push({ row, resolve, reject });
        pump();
      });
    },
  };
}

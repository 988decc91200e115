import { AppError } from '../../errors';
import { pgErrorCode, pgErrorReason } from '../../lib/pg-errors';
import type { ProvidersRepository, WalletCall, WalletCallResult } from './providers.repository';

export interface WalletCallBatching {
  /** Most calls in one batch (one statement and one transaction; its locks are held until it commits). */
  maxBatch: number;
  /**
   * Batches in flight at once (each holds one pooled connection). Two: one runs while the next forms. More
   * only splits the waiting calls into smaller batches, each with its own commit: bench:games on two cores
   * spent 1,371–1,472 µs of CPU per pair with 2 against 1,558–1,873 with 4 (ratio 0.476–0.492 against
   * 0.433–0.471). Each server process (KOI_WORKERS) has its own batcher.
   */
  maxInFlight: number;
  /**
   * While a batch is running, a further batch starts only when at least this many calls wait; fewer wait
   * for the running batch to finish and go in the next one. 1 starts a batch for every call a free slot
   * finds (see `pump`).
   */
  minBatch: number;
  /** Calls waiting beyond this are refused at once (RS_ERROR_UNKNOWN; the provider retries) rather than queued. */
  maxQueued: number;
}

export const DEFAULT_WALLET_CALL_BATCHING: WalletCallBatching = {
  maxBatch: 32,
  maxInFlight: 2,
  minBatch: 4,
  maxQueued: 10_000,
};

/** Where the batcher reports calls that a batch could not answer and that ran again on their own. */
export interface WalletCallBatchLogger {
  warn(details: object, message: string): void;
}

/**
 * A call that lost a race with a concurrent call and was undone whole: a deadlock PostgreSQL broke by failing
 * it, a serialization failure, or the same transaction id (or its ledger key) committed by a call running
 * beside it. Run again, it answers from the record the winner left or refuses as a duplicate; these are
 * exactly the errors a provider's own retry would have cured.
 *
 * KW003 (the ledger's IDEMPOTENCY_CONFLICT) is one of them: the ledger key carries the provider's transaction
 * id, so it means that another call with this transaction id, but another player or amount, committed between
 * this call's look at provider_transactions and its ledger transfer (seen in CI: two batches of bets that
 * shared ids deadlocked, and the failed batch's calls, run alone at once, met the winner's commit). Run again,
 * the call finds that transaction recorded and is refused as a duplicate, instead of failing with a 500.
 */
const RACE_CODES = new Set(['40P01', '40001', '23505', 'KW009', 'KW003']);
const RETRY_ATTEMPTS = 4;

interface Item {
  call: WalletCall;
  /** The round, per provider: calls of one round never share a batch or run in two batches at once. */
  round: string;
  resolve(result: WalletCallResult): void;
  reject(error: unknown): void;
}

/**
 * Group commit of the seamless wallet, the way the wallet's transfer batcher does it for transfers: calls that
 * arrive while `maxInFlight` batches are running wait in a queue, and when a batch finishes the waiting calls
 * go in the next one, a single call of koi_provider_wallet_call_batch: one statement, one transaction, one
 * commit for many calls. Under light load nothing waits and a lone call is koi_provider_wallet_call as before.
 *
 * How batches form. A call that finds nothing running starts at once. While batches run, a free slot is taken
 * only by `minBatch` waiting calls or more; fewer wait for the next batch to finish. Without that rule the
 * answers of a finished batch come back as new calls one by one, the first of them finds the slot free and
 * runs alone, and so on: in bench:games (32 players) a quarter of all calls were lone statements, each with a
 * commit of its own, for no gain in latency, because the calls behind them were waiting anyway.
 *
 * Correctness, before speed (this is money):
 * - Every call gets exactly its lone answer: the batch hands each call to the same SQL step as a lone call,
 *   and a batch that fails (a call raised, the connection was lost) wrote nothing and runs every call again
 *   on its own, so each answer or error is the lone call's. That is safe because a call that did commit
 *   answers a retry from its record and a refusal wrote nothing a retry could trip on. A call run on its own
 *   that lost a race to a concurrent call (RACE_CODES) is run again, up to RETRY_ATTEMPTS times, and then
 *   answers from the winner's record, as the provider's retry would.
 * - Calls of one round keep their order: a batch takes at most one call of a round, and no call of a round
 *   that a running batch holds; the rest wait, in arrival order, for a later batch. (The provider sends a
 *   win only after its bet was answered, but retries and duplicates of one round can arrive together.)
 * - No deadlock between batches, in one process or several: the SQL takes the rounds' locks first in one
 *   order and then the wallets in one order, and each batch prefers one house shard; a deadlock that is still
 *   possible (one transaction id sent in two rounds at once, every shard busy) fails its batch, whose calls
 *   then run on their own.
 * - A crash mid-batch leaves nothing half done (one transaction); the balance signal is raised by the caller
 *   per call once this promise resolves, which is after the commit.
 */
export function createWalletCallBatcher(
  repo: Pick<ProvidersRepository, 'walletCall' | 'walletCallBatch'>,
  shards: number,
  opts: WalletCallBatching,
  log: WalletCallBatchLogger,
) {
  let queue: Item[] = [];
  const running = new Set<string>();
  let inFlight = 0;
  let nextShard = 0;

  async function single(item: Item) {
    for (let attempt = 1; ; attempt += 1) {
      try {
        item.resolve(await repo.walletCall(item.call));
        return;
      } catch (error) {
        const code = pgErrorCode(error);
        if (code === undefined || !RACE_CODES.has(code) || attempt >= RETRY_ATTEMPTS) {
          item.reject(error);
          return;
        }
      }
    }
  }

  async function run(batch: Item[]) {
    if (batch.length === 1) return single(batch[0]!);
    const shard = nextShard % shards;
    nextShard += 1;
    let results: WalletCallResult[];
    try {
      results = await repo.walletCallBatch(
        batch.map((item) => item.call),
        shard,
      );
    } catch (error) {
      log.warn(
        { reason: pgErrorReason(error), calls: batch.length },
        'provider wallet batch failed as a whole; running its calls one by one',
      );
      await Promise.all(batch.map(single));
      return;
    }
    results.forEach((result, i) => batch[i]!.resolve(result));
  }

  /** The next batch: queued calls in arrival order, one per round, none of a round a running batch holds. */
  function take(): Item[] {
    const batch: Item[] = [];
    const rest: Item[] = [];
    const taken = new Set<string>();
    for (const item of queue) {
      if (batch.length < opts.maxBatch && !running.has(item.round) && !taken.has(item.round)) {
        batch.push(item);
        taken.add(item.round);
      } else rest.push(item);
    }
    queue = rest;
    return batch;
  }

  function pump() {
    while (inFlight < opts.maxInFlight && queue.length >= (inFlight === 0 ? 1 : opts.minBatch)) {
      const batch = take();
      if (!batch.length) return;
      for (const item of batch) running.add(item.round);
      inFlight += 1;
      void run(batch).finally(() => {
        inFlight -= 1;
        for (const item of batch) running.delete(item.round);
        pump();
      });
    }
  }

  return {
    submit(call: WalletCall): Promise<WalletCallResult> {
      if (queue.length >= opts.maxQueued) return Promise.reject(new AppError('UNAVAILABLE'));
      return new Promise<WalletCallResult>((resolve, reject) => {
        // JSON keeps the two parts apart whatever characters a round id holds.
        queue.push({ call, round: JSON.stringify([call.providerId, call.round]), resolve, reject });
        pump();
      });
    },
  };
}

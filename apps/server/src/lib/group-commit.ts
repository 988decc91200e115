import { AppError } from '../errors';

export interface GroupCommitOptions {
  /** Most requests in one batch. */
  maxBatch: number;
  /** Batches in flight at once (each holds one pooled connection). */
  maxInFlight: number;
  /** Requests waiting beyond this are refused at once rather than queued without end. */
  maxQueued: number;
  /**
   * Form batches a microtask after a submit instead of inside it (see createGroupCommit). Off, a request
   * that finds a free slot goes at once, alone.
   */
  gatherTurn?: boolean;
}

/** Where a batcher reports a batch that failed as a whole (a Fastify/pino logger fits). */
export interface BatchLogger {
  warn(details: object, message: string): void;
}

/** The fallback when no logger is given (scripts, benchmarks). */
export const stderrLogger: BatchLogger = {
  warn: (details, message) => console.warn(message, details),
};

/** One queued request: its input and how to answer it. */
export interface Pending<I, O> {
  input: I;
  resolve(output: O): void;
  reject(error: unknown): void;
}

/**
 * Group commit. Requests submitted while `maxInFlight` batches are already running wait in a queue; when a
 * batch finishes, everything queued (up to maxBatch) goes to `run` as the next batch, which the caller makes
 * one transaction and one commit. Under light load nothing waits (a lone request goes through as a batch of
 * one); under heavy load the cost of a commit and its round trips is shared by the whole batch.
 *
 * With `gatherTurn`, batches are formed a microtask after a submit, not inside it, so requests submitted in
 * the same turn of the event loop (a burst that needed no I/O before it got here) form full batches side by
 * side instead of the first taking a free slot alone and the rest queueing behind it; a lone request then
 * waits one microtask.
 *
 * `run` must answer every request of its batch (resolve or reject each) and should not throw; if it does,
 * every request of the batch still unanswered is rejected with that error, so no caller waits for ever.
 */
export function createGroupCommit<I, O>(
  opts: GroupCommitOptions,
  run: (batch: Pending<I, O>[]) => Promise<void>,
) {
  const queue: Pending<I, O>[] = [];
  let inFlight = 0;
  let scheduled = false;

  function pump() {
    while (inFlight < opts.maxInFlight && queue.length > 0) {
      const batch = queue.splice(0, opts.maxBatch);
      inFlight += 1;
      void run(batch)
        .catch((error: unknown) => {
          // Answering twice is harmless (a settled promise ignores it), so reject them all.
          for (const item of batch) item.reject(error);
        })
        .finally(() => {
          inFlight -= 1;
          pump();
        });
    }
  }

  return {
    submit(input: I): Promise<O> {
      if (queue.length >= opts.maxQueued) return Promise.reject(new AppError('UNAVAILABLE'));
      return new Promise<O>((resolve, reject) => {
        queue.push({ input, resolve, reject });
        if (!opts.gatherTurn) return pump();
        if (scheduled) return;
        scheduled = true;
        queueMicrotask(() => {
          scheduled = false;
          pump();
        });
      });
    },
  };
}

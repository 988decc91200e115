/**
 * Runs work one at a time per key, in arrival order, within this process: each call waits for the previous
 * call with the same key to settle (whether it succeeded or failed). Used where the work spans HTTP calls to
 * another system, so a database lock (which would hold a connection for the whole call) is the wrong tool.
 */
export function createKeyedQueue<K>() {
  const queues = new Map<K, Promise<unknown>>();
  return function oneAtATime<T>(key: K, work: () => Promise<T>): Promise<T> {
    const run = (queues.get(key) ?? Promise.resolve()).then(work, work);
    const tail = run.catch(() => undefined);
    queues.set(key, tail);
    void tail.then(() => {
      if (queues.get(key) === tail) queues.delete(key);
    });
    return run;
  };
}

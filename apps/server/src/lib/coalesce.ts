/**
 * Runs `work(key)` once for a burst of calls with the same key: the first call starts a timer of `delayMs`,
 * later calls with that key before it fires are absorbed, and the work runs once when it fires, seeing
 * everything the burst changed. A key's work never runs twice at once (the next burst's timer starts only
 * after the previous work has settled). A failed run goes to `onError` (or is dropped) and does not block the
 * key. `stop()` drops pending timers (a closing app); timers never keep the process alive.
 */
export function createCoalescer<K>(
  delayMs: number,
  work: (key: K) => Promise<void>,
  onError: (error: unknown, key: K) => void = () => undefined,
) {
  const pending = new Map<K, ReturnType<typeof setTimeout> | 'running'>();
  let stopped = false;
  return {
    touch(key: K): void {
      if (stopped || pending.has(key)) return;
      const timer = setTimeout(() => {
        pending.set(key, 'running');
        void work(key)
          .catch((error: unknown) => onError(error, key))
          .finally(() => pending.delete(key));
      }, delayMs);
      timer.unref?.();
      pending.set(key, timer);
    },
    stop(): void {
      stopped = true;
      for (const timer of pending.values()) if (timer !== 'running') clearTimeout(timer);
      pending.clear();
    },
  };
}

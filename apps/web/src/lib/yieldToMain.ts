/**
 * Ends the current main-thread task; the caller resumes in a new one. The browser may paint and answer
 * input in between, and a phone's blocking time counts each task apart: a task counts only for what it
 * lasts over 50 ms, so two tasks of 30 ms block for nothing where one of 60 ms blocks for 10.
 *
 * `scheduler.yield()` (Chromium 129 and later) resumes ahead of other queued work; elsewhere a zero timeout
 * does the same job one place further back in the queue.
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useAuthStore } from '../../../stores/auth';
import { userKeys } from './userInfo';

/** Wait before reconnecting a dropped stream; doubles up to the cap, so a server outage is not hammered. */
const RECONNECT_MIN_MS = 2_000;
const RECONNECT_MAX_MS = 60_000;

/**
 * Reads the server's balance signals (`GET /api/plat/events`, Server-Sent Events) and calls `onBalance` for
 * each. fetch() rather than EventSource, because EventSource cannot send the bearer header and the server
 * accepts no token in the URL (it would end up in logs and history). Resolves when the stream ends.
 */
export async function readBalanceEvents(token: string, onBalance: () => void, signal: AbortSignal) {
  const res = await fetch('/api/plat/events', {
    headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
    signal,
  });
  if (!res.ok || !res.body) throw new Error(`events: HTTP ${res.status}`);
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += decoder.decode(value, { stream: true });
    // Events end with a blank line; a partial event waits in the buffer for its rest.
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const event = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      if (event.split('\n').includes('event: balance')) onBalance();
    }
  }
}

/**
 * While signed in, refetches user info as soon as the server says the balance changed (a bet, a win, a
 * deposit credited, a withdrawal decided). The 30-second poll of useUserInfoQuery stays as the fallback for
 * when the stream is down.
 */
export function useBalanceEvents() {
  const token = useAuthStore((s) => s.token);
  const client = useQueryClient();
  useEffect(() => {
    if (!token) return;
    const controller = new AbortController();
    let delay = RECONNECT_MIN_MS;
    void (async () => {
      while (!controller.signal.aborted) {
        const opened = Date.now();
        try {
          await readBalanceEvents(
            token,
            () => void client.invalidateQueries({ queryKey: userKeys.all }),
            controller.signal,
          );
        } catch {
          // Dropped, refused (signed out elsewhere) or offline: the poll covers the gap; retry below.
        }
        if (controller.signal.aborted) return;
        // A stream that lived a while was healthy: start the backoff again.
        if (Date.now() - opened > RECONNECT_MAX_MS) delay = RECONNECT_MIN_MS;
        await new Promise((r) => setTimeout(r, delay));
        delay = Math.min(delay * 2, RECONNECT_MAX_MS);
      }
    })();
    return () => controller.abort();
  }, [token, client]);
}

/** The stream as a component, so that its code loads only for a signed-in player (app/RootLayout.tsx). */
export function BalanceEvents() {
  useBalanceEvents();
  return null;
}

import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { readEventStream } from '../../../lib/eventStream';
import { useAuthStore } from '../../../stores/auth';
import { userKeys } from './userInfo';

/** Wait before reconnecting a dropped stream; doubles up to the cap, so a server outage is not hammered. */
const RECONNECT_MIN_MS = 2_000;
const RECONNECT_MAX_MS = 60_000;

/**
 * Reads the server's balance signals (`GET /api/plat/events`) and calls `onBalance` for each. Resolves when
 * the stream ends.
 */
export function readBalanceEvents(token: string, onBalance: () => void, signal: AbortSignal) {
  return readEventStream(
    '/api/plat/events',
    token,
    (name) => {
      if (name === 'balance') onBalance();
    },
    signal,
  );
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

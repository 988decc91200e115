import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { readEventStream } from '../../../lib/eventStream';
import { useAuthStore } from '../../../stores/auth';
import { useUiStore } from '../../../stores/ui';
import { userKeys } from './userInfo';

/** Wait before reconnecting a dropped stream; doubles up to the cap, so a server outage is not hammered. */
const RECONNECT_MIN_MS = 2_000;
const RECONNECT_MAX_MS = 60_000;

/** What the player's own stream says: the balance changed, or there is a new like, comment or reply. */
export interface PlayerEventHandlers {
  balance: () => void;
  notification?: () => void;
  /** The server accepted the stream: from now on no change goes unsaid. */
  open?: () => void;
}

/**
 * Reads the player's own signals (`GET /api/plat/events`) and calls the handler named by each event. Resolves
 * when the stream ends.
 */
export function readBalanceEvents(token: string, on: PlayerEventHandlers, signal: AbortSignal) {
  return readEventStream(
    '/api/plat/events',
    token,
    (name) => {
      if (name === 'balance') on.balance();
      else if (name === 'notification') on.notification?.();
    },
    signal,
    on.open,
  );
}

/**
 * While signed in, refetches user info as soon as the server says the balance changed (a bet, a win, a
 * deposit credited, a withdrawal decided). The 30-second poll of useUserInfoQuery stays as the fallback for
 * when the stream is down. A notification refetches the interaction tab's list (if it was ever loaded) and
 * lights the tab's dot until the player looks.
 */
export function useBalanceEvents() {
  const token = useAuthStore((s) => s.token);
  const client = useQueryClient();
  useEffect(() => {
    if (!token) return;
    const controller = new AbortController();
    const on: PlayerEventHandlers = {
      balance: () => void client.invalidateQueries({ queryKey: userKeys.all }),
      // The stream opens a few seconds after the first screen, and again after a drop: a balance change
      // before it (a bet settled, a deposit credited) was said to nobody, so the balance is read once more.
      open: () => void client.invalidateQueries({ queryKey: userKeys.all }),
      notification: () => {
        void client.invalidateQueries({ queryKey: ['community', 'notifications'] });
        useUiStore.getState().setNewNotifications(true);
      },
    };
    let delay = RECONNECT_MIN_MS;
    void (async () => {
      while (!controller.signal.aborted) {
        const opened = Date.now();
        try {
          await readBalanceEvents(token, on, controller.signal);
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

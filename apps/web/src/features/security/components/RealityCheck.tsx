import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { loadLaterStrings } from '../../../i18n';
import { useLogoutMutation } from '../../auth/api/userInfo';
import { useSessionSummaryQuery, type SessionSummary } from '../api/security';

const MINUTE_MS = 60_000;

/**
 * The dialog's code (antd-mobile's Dialog, its popup and animation library, the security pages' styles: about
 * 35 KB) is fetched when a reminder is due, minutes after the sign-in, not with the signed-in home page: as
 * part of the app frame it loaded right after every signed-in first screen and its start-up ran in the
 * blocking-time window of bench:web, for a dialog that opens after five minutes at the earliest, and never for
 * a player who has not turned the reminder on.
 */
// The dialog speaks the later screens' strings (security.*); the timer above it does not, so they come with
// the dialog's code, minutes after sign-in, not with the timer right after the first screen.
const loadDialog = () =>
  Promise.all([import('./RealityCheckDialog'), loadLaterStrings()]).then(([module]) => module);
const RealityCheckDialog = lazy(loadDialog);

/** When the dialog's code could not be fetched (offline at that moment), the reminder tries again this much later. */
const RETRY_MS = MINUTE_MS;

/**
 * Milliseconds from `nowMs` until the next whole multiple of `minutes` since the session signed in. Counting
 * from the sign-in (not from the page load) means a reload neither skips a reminder nor shows one early.
 */
export function nextReminderDelay(startedMs: number, nowMs: number, minutes: number): number {
  const period = minutes * MINUTE_MS;
  const elapsed = Math.max(0, nowMs - startedMs);
  return (Math.floor(elapsed / period) + 1) * period - elapsed;
}

/**
 * The reality check (decision 18): every N minutes of a signed-in session (N chosen in the security centre),
 * a dialog shows how long the player has played and the session's net result, with "keep playing" and "stop
 * and sign out". The figures are read fresh from the server when the dialog opens, and the dialog's code
 * arrives with them, so it shows complete or not at all.
 */
export function RealityCheck() {
  const summary = useSessionSummaryQuery();
  const logout = useLogoutMutation();
  const [shown, setShown] = useState<SessionSummary | null>(null);
  // Bumped when a due reminder could not load its dialog, which arms the timer again.
  const [attempt, setAttempt] = useState(0);
  const minutes = summary.data?.reality_check_minutes ?? 0;
  const startedAt = summary.data?.started_at;
  const serverNow = summary.data?.now;
  const fetchedAt = summary.dataUpdatedAt;
  const { refetch } = summary;
  // Whether the component is still mounted when a due reminder's figures and code arrive. Not a flag per timer:
  // the refetch itself gives the summary a new fetch time, which re-runs the effect below and would cancel the
  // very reminder that asked for it.
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  useEffect(() => {
    if (!minutes || !startedAt || !serverNow || shown) return;
    // The server's clock decides when the session began; the offset keeps a wrong phone clock out of it.
    const offset = Date.parse(serverNow) - fetchedAt;
    const delay =
      attempt > 0 ? RETRY_MS : nextReminderDelay(Date.parse(startedAt), Date.now() + offset, minutes);
    const timer = window.setTimeout(() => {
      void Promise.all([refetch(), loadDialog()]).then(
        ([fresh]) => {
          if (mounted.current && fresh.data) setShown(fresh.data);
        },
        () => {
          if (mounted.current) setAttempt((n) => n + 1);
        },
      );
    }, delay);
    return () => window.clearTimeout(timer);
  }, [minutes, startedAt, serverNow, fetchedAt, shown, refetch, attempt]);

  if (!shown) return null;
  return (
    <Suspense fallback={null}>
      <RealityCheckDialog
        summary={shown}
        onAction={(action) => {
          setShown(null);
          setAttempt(0);
          if (action === 'stop') logout.mutate();
        }}
      />
    </Suspense>
  );
}

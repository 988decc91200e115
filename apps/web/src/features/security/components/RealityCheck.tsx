import { Dialog } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatBalance } from '../../../lib/format';
import { useLogoutMutation } from '../../auth/api/userInfo';
import { useSessionSummaryQuery, type SessionSummary } from '../api/security';
import '../pages/SecurityPages.css';

const MINUTE_MS = 60_000;

/**
 * Milliseconds from `nowMs` until the next whole multiple of `minutes` since the session signed in. Counting
 * from the sign-in (not from the page load) means a reload neither skips a reminder nor shows one early.
 */
export function nextReminderDelay(startedMs: number, nowMs: number, minutes: number): number {
  const period = minutes * MINUTE_MS;
  const elapsed = Math.max(0, nowMs - startedMs);
  return (Math.floor(elapsed / period) + 1) * period - elapsed;
}

/** "1小时5分钟" / "1 h 5 min". */
function Duration({ minutes }: { minutes: number }) {
  const { t } = useTranslation();
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  const parts = [
    h ? t('security.hours', { count: h }) : '',
    m || !h ? t('security.minutes', { count: m }) : '',
  ];
  return <>{parts.filter(Boolean).join(' ')}</>;
}

function Summary({ summary }: { summary: SessionSummary }) {
  const { t } = useTranslation();
  const net = summary.net;
  const loss = net.startsWith('-');
  const zero = /^-?0(\.0+)?$/.test(net);
  return (
    <div className="reality-dialog" data-testid="reality-check">
      <span>{t('security.reminderPlayed')}</span>
      <strong data-testid="reality-played">
        <Duration minutes={summary.played_minutes} />
      </strong>
      <span>
        {t('security.reminderBets', { count: summary.bet_count, stake: formatBalance(summary.stake) })}
      </span>
      <span>{t('security.reminderNet')}</span>
      <strong className={zero ? '' : loss ? 'is-loss' : 'is-win'} data-testid="reality-net">
        {loss || zero ? formatBalance(net) : `+${formatBalance(net)}`} USDT
      </strong>
    </div>
  );
}

/**
 * The reality check (decision 18): every N minutes of a signed-in session (N chosen in the security centre),
 * a dialog shows how long the player has played and the session's net result, with "keep playing" and "stop
 * and sign out". The figures are read fresh from the server when the dialog opens.
 */
export function RealityCheck() {
  const { t } = useTranslation();
  const summary = useSessionSummaryQuery();
  const logout = useLogoutMutation();
  const [shown, setShown] = useState<SessionSummary | null>(null);
  const minutes = summary.data?.reality_check_minutes ?? 0;
  const startedAt = summary.data?.started_at;
  const serverNow = summary.data?.now;
  const fetchedAt = summary.dataUpdatedAt;
  const { refetch } = summary;

  useEffect(() => {
    if (!minutes || !startedAt || !serverNow || shown) return;
    // The server's clock decides when the session began; the offset keeps a wrong phone clock out of it.
    const offset = Date.parse(serverNow) - fetchedAt;
    const delay = nextReminderDelay(Date.parse(startedAt), Date.now() + offset, minutes);
    const timer = window.setTimeout(() => {
      void refetch().then((fresh) => {
        if (fresh.data) setShown(fresh.data);
      });
    }, delay);
    return () => window.clearTimeout(timer);
  }, [minutes, startedAt, serverNow, fetchedAt, shown, refetch]);

  return (
    <Dialog
      visible={shown !== null}
      title={t('security.reminderTitle')}
      content={shown ? <Summary summary={shown} /> : null}
      closeOnAction
      actions={[
        [
          { key: 'stop', text: t('security.reminderStop'), danger: true },
          { key: 'continue', text: t('security.reminderContinue'), bold: true },
        ],
      ]}
      onAction={(action) => {
        setShown(null);
        if (action.key === 'stop') logout.mutate();
      }}
    />
  );
}

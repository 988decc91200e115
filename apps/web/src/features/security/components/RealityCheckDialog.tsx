import { Dialog } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { formatBalance } from '../../../lib/format';
import type { SessionSummary } from '../api/security';
import '../pages/SecurityPages.css';

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
 * The reality check's dialog: time played and the session's net result, with "keep playing" and "stop and
 * sign out". A module of its own, loaded only when a reminder is due (RealityCheck.tsx says why).
 */
export default function RealityCheckDialog({
  summary,
  onAction,
}: {
  summary: SessionSummary;
  onAction: (action: 'stop' | 'continue') => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog
      visible
      title={t('security.reminderTitle')}
      content={<Summary summary={summary} />}
      closeOnAction
      actions={[
        [
          { key: 'stop', text: t('security.reminderStop'), danger: true },
          { key: 'continue', text: t('security.reminderContinue'), bold: true },
        ],
      ]}
      onAction={(action) => onAction(action.key === 'stop' ? 'stop' : 'continue')}
    />
  );
}

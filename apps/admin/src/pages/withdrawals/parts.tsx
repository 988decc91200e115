import { Space, Tag, Typography } from 'antd';
import type { AdminWithdrawal } from '@koi/contract';
import { useTranslation } from 'react-i18next';

// What the queue and the drawer both show of a withdrawal: its state, its review flags and its transaction.

/**
 * A payout whose outcome the rail has not confirmed (a timeout, a lost answer, a crash) stays `paying`
 * (decision 22). Operators see it as "processing, outcome unknown" so nobody refunds or re-sends it by hand:
 * the reconciler settles it from the rail's own answer.
 */
export const outcomeUnknown = (w: AdminWithdrawal) =>
  w.state === 'paying' && (w.payout_attempts > 0 || w.last_payout_error !== null);

export function WithdrawalStateTag({ w }: { w: AdminWithdrawal }) {
  const { t } = useTranslation();
  if (w.state === 'paying' && w.alerted_at !== null)
    return <Tag color="red">{t('withdrawals.state.alerted')}</Tag>;
  if (w.state === 'paying' && w.manual_payout) return <Tag color="cyan">{t('withdrawals.state.manual')}</Tag>;
  if (outcomeUnknown(w)) return <Tag color="orange">{t('withdrawals.state.processing')}</Tag>;
  if (w.needs_second_approval) return <Tag color="purple">{t('withdrawals.state.secondPending')}</Tag>;
  // Approved but not sent: the player's standing stopped it (the drawer shows why) until an operator decides.
  if (w.state === 'approved' && w.last_payout_error !== null)
    return <Tag color="red">{t('withdrawals.state.held')}</Tag>;
  const color = {
    applied: 'gold',
    approved: 'blue',
    paying: 'processing',
    paid: 'green',
    rejected: 'default',
  }[w.state];
  return <Tag color={color}>{t(`withdrawals.state.${w.state}`)}</Tag>;
}

export function FlagTags({ flags }: { flags: string[] }) {
  const { t } = useTranslation();
  if (flags.length === 0) return <Tag color="green">{t('withdrawals.noFlags')}</Tag>;
  return (
    <Space size={[0, 4]} wrap>
      {flags.map((f) => (
        <Tag key={f} color="red">
          {t(`withdrawals.flag.${f}`, { defaultValue: f })}
        </Tag>
      ))}
    </Space>
  );
}

/** A transaction hash, shortened in tables, copyable in full. */
export function TxHash({ hash, full }: { hash: string | null; full?: boolean }) {
  if (!hash) return <>—</>;
  return (
    <Typography.Text copyable={{ text: hash }} code data-testid="withdrawal-tx-hash">
      {full ? hash : `${hash.slice(0, 10)}…${hash.slice(-6)}`}
    </Typography.Text>
  );
}

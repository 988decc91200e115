import { Button, Dialog, Input, Selector, Toast } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageState } from '../../../components/PageState';
import { formatBalance, formatTime } from '../../../lib/format';
import {
  useDepositLimitsQuery,
  useSetDepositLimitsMutation,
  type DepositLimit,
} from '../../money/api/recharge';
import {
  EXCLUSION_CHOICES,
  REMINDER_CHOICES,
  useRealityCheckMutation,
  useSelfExcludeMutation,
  type SecurityOverview,
  type SelfExclusionPeriod,
} from '../api/security';

const PERIODS = ['day', 'week', 'month'] as const;
const DAY_MS = 86_400_000;
const EXCLUSION_MS: Record<Exclude<SelfExclusionPeriod, 'permanent'>, number> = {
  '24h': DAY_MS,
  '7d': 7 * DAY_MS,
  '30d': 30 * DAY_MS,
};
/** When a timed exclusion chosen now would end, for the confirmation text (the server sets the real end). */
const exclusionEnd = (period: Exclude<SelfExclusionPeriod, 'permanent'>) =>
  formatTime(new Date(Date.now() + EXCLUSION_MS[period]).toISOString());

/**
 * Deposit limits (decision 18): lowering applies at once, raising or removing after 24 hours. A pending raise
 * is shown with the time it applies, so the player is never surprised by a limit they thought had changed.
 */
export function DepositLimits() {
  const { t } = useTranslation();
  const limits = useDepositLimitsQuery();
  const save = useSetDepositLimitsMutation();
  const [draft, setDraft] = useState<Partial<Record<DepositLimit['period'], string>>>({});
  if (limits.isError)
    return <PageState kind="error" text={limits.error.message} onRetry={() => void limits.refetch()} />;
  const byPeriod = new Map((limits.data?.limits ?? []).map((l) => [l.period, l]));
  const submit = async () => {
    if (save.isPending || Object.keys(draft).length === 0) return;
    const ok = await save.mutateAsync(draft).then(
      () => true,
      () => false,
    );
    if (ok) {
      Toast.show({ content: t('money.setDone'), position: 'center' });
      setDraft({});
    }
  };
  return (
    <div className="security-block" data-testid="deposit-limits">
      <h4>{t('money.depositLimits')}</h4>
      <p className="security-hint">{t('money.limitsHint')}</p>
      {PERIODS.map((p) => {
        const l = byPeriod.get(p);
        return (
          <label key={p} className="security-limit">
            <span>{t(`money.period_${p}`)}</span>
            <Input
              aria-label={t(`money.period_${p}`)}
              placeholder={l?.limit ? formatBalance(l.limit, 2) : t('money.noLimit')}
              value={draft[p] ?? ''}
              onChange={(v) => setDraft((d) => ({ ...d, [p]: v.replace(/[^\d.]/g, '') }))}
              inputMode="decimal"
            />
            {l ? (
              <small>
                {l.limit ? `${t('security.limitCurrent', { limit: formatBalance(l.limit, 2) })} · ` : ''}
                {t('money.limitUsed', { used: formatBalance(l.used, 2) })}
              </small>
            ) : null}
            {l?.pending && l.pending_effective_at ? (
              <small className="security-pending" data-testid={`pending-${p}`}>
                {t('money.limitPending', {
                  limit: l.pending_limit ? formatBalance(l.pending_limit, 2) : t('money.noLimit'),
                  at: formatTime(l.pending_effective_at),
                })}
              </small>
            ) : null}
          </label>
        );
      })}
      <Button color="primary" block shape="rounded" onClick={() => void submit()} loading={save.isPending}>
        {t('money.saveLimits')}
      </Button>
    </div>
  );
}

/** The session reminder interval; the reminder itself is RealityCheck, mounted in the app frame. */
export function ReminderSetting({ minutes }: { minutes: number }) {
  const { t } = useTranslation();
  const save = useRealityCheckMutation();
  return (
    <div className="security-block" data-testid="reminder">
      <h4>{t('security.reminder')}</h4>
      <p className="security-hint">{t('security.reminderDesc')}</p>
      <Selector
        columns={4}
        value={[minutes]}
        options={REMINDER_CHOICES.map((m) => ({
          value: m,
          label: m === 0 ? t('security.reminderOff') : t('security.reminderEvery', { minutes: m }),
        }))}
        onChange={(values) => {
          const next = values[0];
          if (next === undefined || next === minutes || save.isPending) return;
          save.mutate(next, {
            onSuccess: () => Toast.show({ content: t('security.reminderSaved'), position: 'center' }),
          });
        }}
      />
    </div>
  );
}

/**
 * Self-exclusion (decision 18). The confirmation spells out everything that follows (immediate, no play and
 * no deposits until the end, withdrawals still possible, cannot be shortened, every device signed out),
 * because this is the one button in the app that cannot be taken back.
 */
export function SelfExclusion({ overview }: { overview: SecurityOverview }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const exclude = useSelfExcludeMutation();

  const choose = async (period: SelfExclusionPeriod) => {
    const name = t(`security.exclusion_${period}`);
    const content =
      period === 'permanent'
        ? t('security.exclusionConfirmPermanent')
        : t('security.exclusionConfirmTimed', { until: exclusionEnd(period) });
    const confirmed = await Dialog.confirm({
      title: t('security.exclusionConfirmTitle', { period: name }),
      content: <div className="exclusion-text">{content}</div>,
      confirmText: t('security.exclusionConfirmOk'),
      cancelText: t('common.cancel'),
    });
    if (!confirmed) return;
    const done = await exclude.mutateAsync(period).then(
      () => true,
      () => false,
    );
    if (!done) return;
    Toast.show({ content: t('security.exclusionDone'), position: 'center' });
    navigate('/home', { replace: true });
  };

  return (
    <div className="security-block" data-testid="self-exclusion">
      <h4>{t('security.exclusion')}</h4>
      {overview.self_excluded_permanent ? (
        <p className="security-banner">{t('security.excludedPermanent')}</p>
      ) : overview.self_excluded_until ? (
        <p className="security-banner">
          {t('security.excludedUntil', { until: formatTime(overview.self_excluded_until) })}
        </p>
      ) : null}
      <p className="security-hint">{t('security.exclusionDesc')}</p>
      <div className="security-choices">
        {EXCLUSION_CHOICES.map((p) => (
          <Button
            key={p}
            shape="rounded"
            color={p === 'permanent' ? 'danger' : 'default'}
            fill="outline"
            disabled={exclude.isPending || overview.self_excluded_permanent}
            onClick={() => void choose(p)}
          >
            {t(`security.exclusion_${p}`)}
          </Button>
        ))}
      </div>
    </div>
  );
}

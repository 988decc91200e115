import { Button, Input, List, Toast } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageState } from '../../../components/PageState';
import { formatBalance, formatTime } from '../../../lib/format';
import { useIsSignedIn } from '../../../stores/auth';
import { useUserInfoQuery } from '../../auth/api/userInfo';
import { useDepositLimitsQuery, useSetDepositLimitsMutation, type DepositLimit } from '../api/recharge';
import { AddressPanel } from '../components/AddressPanel';
import { PasswordPanel } from '../components/PasswordPanel';
import { SignInFirst } from '../components/SignInFirst';
import './SafePage.css';

const PERIODS = ['day', 'week', 'month'] as const;

/** Responsible gambling deposit limits (decision 18): lowering applies at once, raising after 24 hours. */
function DepositLimits() {
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
    <section className="money-card">
      <h3>{t('money.depositLimits')}</h3>
      <p className="safe-page__hint">{t('money.limitsHint')}</p>
      {PERIODS.map((p) => {
        const l = byPeriod.get(p);
        return (
          <label key={p} className="safe-page__limit">
            <span>{t(`money.period_${p}`)}</span>
            <Input
              aria-label={t(`money.period_${p}`)}
              placeholder={l?.limit ? formatBalance(l.limit, 2) : t('money.noLimit')}
              value={draft[p] ?? ''}
              onChange={(v) => setDraft((d) => ({ ...d, [p]: v.replace(/[^\d.]/g, '') }))}
              inputMode="decimal"
            />
            <small>
              {l ? t('money.limitUsed', { used: formatBalance(l.used, 2) }) : ''}
              {l?.pending && l.pending_effective_at
                ? ` · ${t('money.limitPending', { limit: l.pending_limit ?? t('money.noLimit'), at: formatTime(l.pending_effective_at) })}`
                : ''}
            </small>
          </label>
        );
      })}
      <Button color="primary" block shape="rounded" onClick={() => void submit()} loading={save.isPending}>
        {t('money.saveLimits')}
      </Button>
    </section>
  );
}

/** 安全中心 (spec §2, issue 13 item 4): last sign-in, both passwords, addresses, deposit limits. */
export default function SafePage() {
  const { t } = useTranslation();
  const signedIn = useIsSignedIn();
  const user = useUserInfoQuery();
  const [panel, setPanel] = useState<'address' | 'password' | null>(null);
  if (!signedIn) return <SignInFirst />;
  const last = user.data?.last_login_at;
  return (
    <div className="safe-page">
      <section className="money-card">
        <h3>{t('money.lastLogin')}</h3>
        <span data-testid="last-login">{last ? formatTime(last) : t('money.firstLogin')}</span>
      </section>
      <List className="safe-page__list">
        <List.Item
          onClick={() => setPanel('password')}
          extra={user.data?.set_password ? t('money.isSet') : t('money.notSet')}
        >
          {t(user.data?.set_password ? 'money.passwordModifyTitle' : 'money.passwordSetTitle')}
        </List.Item>
        <List.Item onClick={() => setPanel('address')}>{t('money.addressTitle')}</List.Item>
        <List.Item description={t('money.loginPasswordMissing')} disabled>
          {t('routes.password')}
        </List.Item>
      </List>
      <DepositLimits />
      <AddressPanel visible={panel === 'address'} onClose={() => setPanel(null)} />
      <PasswordPanel visible={panel === 'password'} onClose={() => setPanel(null)} />
    </div>
  );
}

import { List } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageLoading, PageState } from '../../../components/PageState';
import { useIsSignedIn } from '../../../stores/auth';
import { useUserInfoQuery } from '../../auth/api/userInfo';
import { AddressPanel } from '../../money/components/AddressPanel';
import { PasswordPanel } from '../../money/components/PasswordPanel';
import { SignInFirst } from '../../auth/components/SignInFirst';
import '../../money/components/MoneyCard.css';
import { useSecurityQuery } from '../api/security';
import { DepositLimits, ReminderSetting, SelfExclusion } from '../components/Responsible';
import { LastSignIn, Sessions } from '../components/SignIns';
import './SecurityPages.css';

/**
 * 安全中心 (/safe, spec §2): where and when the player signed in, the devices signed in now,
 * both passwords and the withdrawal addresses, and the responsible-gambling tools of decision 18.
 */
export default function SafePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const signedIn = useIsSignedIn();
  const user = useUserInfoQuery();
  const overview = useSecurityQuery();
  const [panel, setPanel] = useState<'address' | 'password' | null>(null);
  if (!signedIn) return <SignInFirst />;
  if (overview.isPending) return <PageLoading />;
  if (overview.isError)
    return <PageState kind="error" text={overview.error.message} onRetry={() => void overview.refetch()} />;
  const data = overview.data;
  const withdrawSet = Boolean(user.data?.set_password);

  return (
    <div className="security-page">
      <LastSignIn overview={data} />
      <section className="money-card">
        <h3>{t('security.passwords')}</h3>
        <List className="security-list">
          <List.Item description={t('security.loginPasswordDesc')} onClick={() => navigate('/password')}>
            {t('security.loginPassword')}
          </List.Item>
          <List.Item
            extra={withdrawSet ? t('money.isSet') : t('money.notSet')}
            onClick={() => setPanel('password')}
          >
            {t('security.withdrawPassword')}
          </List.Item>
          <List.Item onClick={() => setPanel('address')}>{t('security.withdrawAddress')}</List.Item>
        </List>
      </section>
      <Sessions overview={data} />
      <section className="money-card" data-testid="responsible">
        <h3>{t('security.responsible')}</h3>
        <p className="security-hint">{t('security.responsibleIntro')}</p>
        <DepositLimits />
        <ReminderSetting minutes={data.reality_check_minutes} />
        <SelfExclusion overview={data} />
      </section>
      <AddressPanel visible={panel === 'address'} onClose={() => setPanel(null)} />
      <PasswordPanel visible={panel === 'password'} onClose={() => setPanel(null)} />
    </div>
  );
}

import { Button, Dialog, List, Switch } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useState } from 'react';
import { MoonIcon, MusicIcon, UserIcon } from '../../components/Icons';
import { GlobeIcon } from '../../components/MoreIcons';
import { setLanguage, type Language } from '../../i18n';
import { formatBalance } from '../../lib/format';
import { useIsSignedIn } from '../../stores/auth';
import { useUi } from '../../stores/ui';
import { useLogoutMutation, useUserInfoQuery } from '../auth/api/userInfo';
import { SignInNowButton } from '../auth/components/SignInNowButton';
import { RefreshBalanceButton } from '../auth/components/RefreshBalanceButton';
import { AddressPanel } from '../money/components/AddressPanel';
import { PasswordPanel } from '../money/components/PasswordPanel';
import { useInviteStore } from '../agents/inviteStore';
import './UserPage.css';

type MenuEntry =
  | { key: string; to: string }
  | { key: string; panel: 'withdrawPassword' | 'address' }
  | { key: string; invite: true };

/**
 * Every screen the personal centre leads to, grouped as on the page. Screens not built
 * yet (income, rebates, VIP, invite) open their route, which says so; the withdrawal password
 * and addresses open their full-screen panels (spec §2) over this page.
 */
export const USER_MENU: MenuEntry[][] = [
  [
    { key: 'records', to: '/betRecords' },
    { key: 'report', to: '/accountRecords' },
    { key: 'transactions', to: '/transactionRecords' },
    { key: 'funds', to: '/rechargeRecords' },
    { key: 'income', to: '/income' },
    { key: 'rebates', to: '/backRecords' },
  ],
  [
    { key: 'safe', to: '/safe' },
    { key: 'password', to: '/password' },
    { key: 'withdrawPassword', panel: 'withdrawPassword' },
    { key: 'address', panel: 'address' },
  ],
  [
    { key: 'vip', to: '/vipInfo' },
    { key: 'invite', invite: true },
    { key: 'agent', to: '/Agent' },
  ],
];

/** 我的 (personal centre, spec §2): the player, the balance, the way to every screen, and the settings. */
export default function UserPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const signedIn = useIsSignedIn();
  const user = useUserInfoQuery();
  const logout = useLogoutMutation();
  const { openLogin, dark, muted, toggleDark, toggleMuted } = useUi(
    'openLogin',
    'dark',
    'muted',
    'toggleDark',
    'toggleMuted',
  );
  const info = user.data;
  const setShowInvite = useInviteStore((s) => s.setShowInvite);
  const [panel, setPanel] = useState<'withdrawPassword' | 'address' | null>(null);
  const open = (entry: MenuEntry) => {
    if (!signedIn) openLogin(1);
    else if ('to' in entry) navigate(entry.to);
    else if ('invite' in entry) setShowInvite(true);
    else setPanel(entry.panel);
  };

  return (
    <div className="user-page">
      <section className="hero user-card">
        <span className="user-card__avatar">
          <UserIcon />
        </span>
        {signedIn ? (
          <div className="user-card__info">
            <strong data-testid="user-name">{info?.player_name ?? '—'}</strong>
            <span className="vip-chip">{t('user.vip', { level: info?.vip_level ?? 0 })}</span>
            <small>{info?.invite_code ? t('user.inviteCode', { code: info.invite_code }) : null}</small>
            {/* The previous sign-in helps a player notice someone else using the account. */}
            <small>
              {info?.last_login_at
                ? t('user.lastLogin', { time: new Date(info.last_login_at).toLocaleString(i18n.language) })
                : t('user.firstLogin')}
            </small>
          </div>
        ) : (
          <div className="user-card__info">
            <strong>{t('home.guest')}</strong>
            <SignInNowButton className="user-card__login" />
          </div>
        )}
        {signedIn ? (
          <div className="user-card__balance">
            <small>{t('home.balance')}</small>
            <strong data-testid="user-balance">{formatBalance(info?.balance)}</strong>
            <RefreshBalanceButton className="user-card__refresh" />
          </div>
        ) : null}
      </section>
      {USER_MENU.map((group) => (
        <List className="user-menu" key={group[0]!.key}>
          {group.map((entry) => (
            <List.Item
              key={entry.key}
              onClick={() => open(entry)}
              extra={
                entry.key === 'withdrawPassword' && signedIn
                  ? t(info?.set_password ? 'money.isSet' : 'money.notSet')
                  : undefined
              }
            >
              {t(`user.menu.${entry.key}` as 'user.menu.records')}
            </List.Item>
          ))}
        </List>
      ))}
      <List className="user-menu">
        <List.Item prefix={<MoonIcon />} extra={<Switch checked={dark} onChange={toggleDark} />}>
          {t('home.theme')}
        </List.Item>
        <List.Item
          prefix={<MusicIcon off={muted} />}
          extra={<Switch checked={!muted} onChange={toggleMuted} />}
        >
          {t('home.music')}
        </List.Item>
        <List.Item
          prefix={<GlobeIcon />}
          extra={
            <span className="user-lang" role="radiogroup" aria-label={t('user.language')}>
              {(['zh-CN', 'en'] as Language[]).map((lng) => (
                <button
                  key={lng}
                  type="button"
                  role="radio"
                  aria-checked={i18n.language === lng}
                  className={i18n.language === lng ? 'is-active' : ''}
                  onClick={() => setLanguage(lng)}
                >
                  {t(`user.languages.${lng === 'en' ? 'en' : 'zh'}`)}
                </button>
              ))}
            </span>
          }
        >
          {t('user.language')}
        </List.Item>
        <List.Item onClick={() => navigate('/about')}>{t('user.menu.about')}</List.Item>
      </List>
      {signedIn ? (
        <div className="user-page__logout">
          <Button
            block
            shape="rounded"
            loading={logout.isPending}
            onClick={async () => {
              if (await Dialog.confirm({ content: t('auth.logoutConfirm') })) logout.mutate();
            }}
          >
            {t('auth.logout')}
          </Button>
        </div>
      ) : null}
      {signedIn ? (
        <>
          <PasswordPanel visible={panel === 'withdrawPassword'} onClose={() => setPanel(null)} />
          <AddressPanel visible={panel === 'address'} onClose={() => setPanel(null)} />
        </>
      ) : null}
    </div>
  );
}

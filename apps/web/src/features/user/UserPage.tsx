import { Button, Dialog, List, Switch } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { MoonIcon, MusicIcon, UserIcon } from '../../components/Icons';
import { formatBalance } from '../../lib/format';
import { useIsSignedIn } from '../../stores/auth';
import { useUiStore } from '../../stores/ui';
import { useLogoutMutation, useUserInfoQuery } from '../auth/api/userInfo';
import './UserPage.css';

const MENU = [
  { key: 'records', to: '/betRecords' },
  { key: 'report', to: '/accountRecords' },
  { key: 'funds', to: '/rechargeRecords' },
  { key: 'safe', to: '/safe' },
  { key: 'vip', to: '/vipInfo' },
  { key: 'about', to: '/about' },
] as const;

/** 我的 (personal centre). The full screen comes with a later issue; this is its signed-in/out frame. */
export default function UserPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const signedIn = useIsSignedIn();
  const user = useUserInfoQuery();
  const logout = useLogoutMutation();
  const openLogin = useUiStore((s) => s.openLogin);
  const dark = useUiStore((s) => s.dark);
  const muted = useUiStore((s) => s.muted);
  const toggleDark = useUiStore((s) => s.toggleDark);
  const toggleMuted = useUiStore((s) => s.toggleMuted);
  const info = user.data;
  return (
    <div className="user-page">
      <section className="user-card">
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
            <Button size="small" shape="rounded" className="user-card__login" onClick={() => openLogin(1)}>
              {t('auth.signInNow')}
            </Button>
          </div>
        )}
        {signedIn ? (
          <div className="user-card__balance">
            <small>{t('home.balance')}</small>
            <strong>{formatBalance(info?.balance)}</strong>
          </div>
        ) : null}
      </section>
      <List className="user-menu">
        {MENU.map(({ key, to }) => (
          <List.Item key={key} onClick={() => (signedIn ? navigate(to) : openLogin(1))}>
            {t(`user.menu.${key}`)}
          </List.Item>
        ))}
      </List>
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
    </div>
  );
}

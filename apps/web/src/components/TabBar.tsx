import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useUiStore } from '../stores/ui';
import { ChatIcon, GiftIcon, HomeIcon, UserIcon, WalletIcon } from './Icons';
import './TabBar.css';

/** The bottom tabs: each one's route is `/name` and its label `tabs.name`. */
export const TABS = [
  { name: 'home', Icon: HomeIcon },
  { name: 'activity', Icon: GiftIcon },
  { name: 'recharge', Icon: WalletIcon },
  { name: 'interaction', Icon: ChatIcon },
  { name: 'user', Icon: UserIcon },
] as const;

/**
 * Bottom tab bar (spec §2): purple when active, a darker purple otherwise. The interaction tab wears a dot
 * while a like, comment or reply has come in since the player last opened it (stores/ui.ts).
 */
export function TabBar() {
  const { t } = useTranslation();
  const news = useUiStore((s) => s.newNotifications);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const current = pathname.toLowerCase();
  // Being on the interaction tab is looking at the news: its list refetched when the signal came.
  const looking = news && current === '/interaction';
  useEffect(() => {
    if (looking) useUiStore.getState().setNewNotifications(false);
  }, [looking]);
  return (
    <nav className="tab-bar" aria-label="tabs">
      {TABS.map(({ name, Icon }) => {
        const path = `/${name}`;
        const active = current === path;
        return (
          <button
            key={path}
            type="button"
            className={`tab-bar__item${active ? ' is-active' : ''}`}
            aria-current={active ? 'page' : undefined}
            onClick={() => navigate(path)}
          >
            <span className="tab-bar__icon">
              <Icon />
              {name === 'interaction' && news && !looking ? (
                <span className="tab-bar__dot" role="status" aria-label={t('tabs.news')} />
              ) : null}
            </span>
            <span className="tab-bar__label">{t(`tabs.${name}`)}</span>
          </button>
        );
      })}
    </nav>
  );
}

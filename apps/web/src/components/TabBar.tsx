import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { ChatIcon, GiftIcon, HomeIcon, UserIcon, WalletIcon } from './Icons';
import './TabBar.css';

export const TABS = [
  { path: '/home', label: 'tabs.home', Icon: HomeIcon },
  { path: '/activity', label: 'tabs.activity', Icon: GiftIcon },
  { path: '/recharge', label: 'tabs.recharge', Icon: WalletIcon },
  { path: '/interaction', label: 'tabs.interaction', Icon: ChatIcon },
  { path: '/user', label: 'tabs.user', Icon: UserIcon },
] as const;

/** Bottom tab bar (spec §2): purple when active, a darker purple otherwise. */
export function TabBar() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const current = pathname.toLowerCase();
  return (
    <nav className="tab-bar" aria-label="tabs">
      {TABS.map(({ path, label, Icon }) => {
        const active = current === path.toLowerCase();
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
            </span>
            <span className="tab-bar__label">{t(label)}</span>
          </button>
        );
      })}
    </nav>
  );
}

import { useQueryClient } from '@tanstack/react-query';
import { Popup, Switch } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  ChevronRightIcon,
  GiftIcon,
  HeadsetIcon,
  ListIcon,
  MoonIcon,
  MusicIcon,
} from '../../../components/Icons';
import { GlobeIcon } from '../../../components/MoreIcons';
import { setLanguage } from '../../../i18n';
import { useUi } from '../../../stores/ui';
import { useIsSignedIn } from '../../../stores/auth';
import { useInviteStore } from '../../agents/inviteStore';
import './SideDrawer.css';

/** Left side drawer (spec §2): menu of settings and shortcuts. */
export default function SideDrawer() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const ui = useUi(
    'drawerOpen',
    'setDrawerOpen',
    'dark',
    'muted',
    'toggleDark',
    'toggleMuted',
    'setNoticeOpen',
    'setServiceOpen',
    'setBannerPopupOpen',
    'openLogin',
  );
  const signedIn = useIsSignedIn();
  const setShowInvite = useInviteStore((s) => s.setShowInvite);
  const invite = () => (signedIn ? setShowInvite(true) : ui.openLogin(1));
  // A shortcut closes the drawer first, so the screen or dialog it opens is not left behind the drawer.
  const go = (open: () => void) => () => {
    ui.setDrawerOpen(false);
    open();
  };
  const shortcuts = [
    { label: t('home.allGames'), icon: <ListIcon />, onClick: go(() => navigate('/allGames')) },
    { label: t('home.bannerTitle'), icon: <GiftIcon />, onClick: go(() => ui.setBannerPopupOpen(true)) },
    { label: t('agents.invite.title'), icon: <GiftIcon />, onClick: go(invite) },
    { label: t('home.noticeTitle'), icon: <ListIcon />, onClick: go(() => ui.setNoticeOpen(true)) },
    { label: t('service.title'), icon: <HeadsetIcon />, onClick: go(() => ui.setServiceOpen(true)) },
  ];
  return (
    <Popup
      visible={ui.drawerOpen}
      position="left"
      onMaskClick={() => ui.setDrawerOpen(false)}
      bodyClassName="side-drawer"
    >
      <div className="hero side-drawer__brand">
        <img src="/assets/logo.svg" alt="" />
        <div>
          <strong>{t('app.name')}</strong>
          <small>{t('app.slogan')}</small>
        </div>
      </div>
      <ul className="side-drawer__menu">
        {shortcuts.map((shortcut) => (
          <DrawerLink key={shortcut.label} {...shortcut} />
        ))}
        <DrawerSwitch
          icon={<MoonIcon />}
          label={t('home.theme')}
          checked={ui.dark}
          onChange={ui.toggleDark}
        />
        <DrawerSwitch
          icon={<MusicIcon off={ui.muted} />}
          label={t('home.music')}
          checked={!ui.muted}
          onChange={ui.toggleMuted}
        />
        <DrawerLink
          icon={<GlobeIcon />}
          label={t('home.language')}
          onClick={() => {
            setLanguage(i18n.language === 'en' ? 'zh-CN' : 'en');
            // Game names and server messages come in the request language; load them again.
            void queryClient.invalidateQueries();
          }}
        />
      </ul>
    </Popup>
  );
}

/** A menu row that does something: its icon, its name and the chevron of a row that leads on. */
function DrawerLink({ icon, label, onClick }: { icon: ReactNode; label: string; onClick: () => void }) {
  return (
    <li>
      <button type="button" onClick={onClick}>
        {icon} <span>{label}</span> <ChevronRightIcon />
      </button>
    </li>
  );
}

/** A menu row that switches a setting on and off in place. */
function DrawerSwitch({
  icon,
  label,
  checked,
  onChange,
}: {
  icon: ReactNode;
  label: string;
  checked: boolean;
  onChange: () => void;
}) {
  return (
    <li className="side-drawer__toggle">
      {icon} <span>{label}</span>
      <Switch checked={checked} onChange={onChange} aria-label={label} />
    </li>
  );
}

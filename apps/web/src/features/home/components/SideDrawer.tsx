import { useQueryClient } from '@tanstack/react-query';
import { Popup, Switch } from 'antd-mobile';
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
import { useUiStore } from '../../../stores/ui';
import './SideDrawer.css';

/** Left side drawer (spec §2): menu of settings and shortcuts. */
export default function SideDrawer() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const open = useUiStore((s) => s.drawerOpen);
  const setOpen = useUiStore((s) => s.setDrawerOpen);
  const dark = useUiStore((s) => s.dark);
  const muted = useUiStore((s) => s.muted);
  const toggleDark = useUiStore((s) => s.toggleDark);
  const toggleMuted = useUiStore((s) => s.toggleMuted);
  const setNoticeOpen = useUiStore((s) => s.setNoticeOpen);
  const setServiceOpen = useUiStore((s) => s.setServiceOpen);
  const setBannerPopupOpen = useUiStore((s) => s.setBannerPopupOpen);
  const go = (fn: () => void) => () => {
    setOpen(false);
    fn();
  };
  return (
    <Popup visible={open} position="left" onMaskClick={() => setOpen(false)} bodyClassName="side-drawer">
      <div className="side-drawer__brand">
        <img src="/assets/logo.svg" alt="" />
        <div>
          <strong>{t('app.name')}</strong>
          <small>{t('app.slogan')}</small>
        </div>
      </div>
      <ul className="side-drawer__menu">
        <li>
          <button type="button" onClick={go(() => navigate('/allGames'))}>
            <ListIcon /> <span>{t('home.allGames')}</span> <ChevronRightIcon />
          </button>
        </li>
        <li>
          <button type="button" onClick={go(() => setBannerPopupOpen(true))}>
            <GiftIcon /> <span>{t('home.bannerTitle')}</span> <ChevronRightIcon />
          </button>
        </li>
        <li>
          <button type="button" onClick={go(() => setNoticeOpen(true))}>
            <ListIcon /> <span>{t('home.noticeTitle')}</span> <ChevronRightIcon />
          </button>
        </li>
        <li>
          <button type="button" onClick={go(() => setServiceOpen(true))}>
            <HeadsetIcon /> <span>{t('service.title')}</span> <ChevronRightIcon />
          </button>
        </li>
        <li className="side-drawer__toggle">
          <MoonIcon /> <span>{t('home.theme')}</span>
          <Switch checked={dark} onChange={toggleDark} aria-label={t('home.theme')} />
        </li>
        <li className="side-drawer__toggle">
          <MusicIcon off={muted} /> <span>{t('home.music')}</span>
          <Switch checked={!muted} onChange={toggleMuted} aria-label={t('home.music')} />
        </li>
        <li>
          <button
            type="button"
            onClick={() => {
              setLanguage(i18n.language === 'en' ? 'zh-CN' : 'en');
              // Game names and server messages come in the request language; load them again.
              void queryClient.invalidateQueries();
            }}
          >
            <GlobeIcon /> <span>{t('home.language')}</span> <ChevronRightIcon />
          </button>
        </li>
      </ul>
    </Popup>
  );
}

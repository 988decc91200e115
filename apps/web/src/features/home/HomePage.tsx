import { Suspense, useDeferredValue, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { takeShowDialogFlag } from '../../app/startup';
import {
  ChevronRightIcon,
  HeadsetIcon,
  MenuIcon,
  MoonIcon,
  MusicIcon,
  SunIcon,
} from '../../components/Icons';
import { IconButton } from '../../components/IconButton';
import { useIsSignedIn } from '../../stores/auth';
import { useUi, useUiStore } from '../../stores/ui';
import { useUserInfoQuery } from '../auth/api/userInfo';
import { useGamesQuery } from '../games/api/games';
import { useHotGamesQuery } from '../games/api/hotGames';
import { QueryGameGrid } from '../games/components/GameGrid';
import { useOpenGame } from '../games/useOpenGame';
import { AddToHomeBanner } from './components/AddToHome';
import { BalanceCard } from './components/BalanceCard';
import { BannerCarousel } from './components/Banners';
import { CategoryTabs, parseHomeCategory } from './components/CategoryTabs';
import { HotStrip } from './components/HotStrip';
import { Partners } from './components/Partners';
import { AFTER_FIRST_SCREEN, useFirstScreenDone } from '../../lib/useFirstScreenDone';
import { useOnceTrue } from '../../lib/useOnceTrue';
import { useDeferredQuery } from '../../lib/query';
import './HomePage.css';
import { lazyPart, lazyScreen } from '../../lib/lazyScreen';

// Overlays load on first open, keeping their code (and the drawer's switches) out of the first paint.
const SideDrawer = lazyScreen(() => import('./components/SideDrawer'));
const NoticeDialog = lazyPart(() => import('./components/NoticeDialog'));
const BannerPopup = lazyScreen(() => import('./components/BannerPopup'));

function HomeHeader() {
  const { t } = useTranslation();
  const signedIn = useIsSignedIn();
  const user = useUserInfoQuery();
  const { dark, muted, toggleDark, toggleMuted, setDrawerOpen, setServiceOpen } = useUi(
    'dark',
    'muted',
    'toggleDark',
    'toggleMuted',
    'setDrawerOpen',
    'setServiceOpen',
  );
  const name = user.data?.player_name;
  return (
    <header className="home-header">
      <IconButton
        label={t('home.drawerTitle')}
        className="icon-button home-header__menu"
        onClick={() => setDrawerOpen(true)}
      >
        <MenuIcon />
      </IconButton>
      <img src="/assets/logo.svg" alt="" width={120} height={120} className="home-header__logo" />
      <div className="home-header__greeting">
        <strong data-testid="greeting">
          {signedIn && name ? t('home.greeting', { name }) : t('home.guest')}
        </strong>
        <small>{t('home.welcome')}</small>
      </div>
      <IconButton label={t('home.music')} pressed={!muted} onClick={toggleMuted}>
        <MusicIcon off={muted} />
      </IconButton>
      <IconButton label={t('home.theme')} pressed={dark} onClick={toggleDark}>
        {dark ? <SunIcon /> : <MoonIcon />}
      </IconButton>
      <IconButton
        label={t('home.service')}
        className="icon-button home-header__service"
        onClick={() => setServiceOpen(true)}
      >
        <HeadsetIcon />
      </IconButton>
    </header>
  );
}

/**
 * The notice (opened by a sign-in) waits until the home page's own loading is over, so the page paints and
 * fills before it; its turn comes after the session reminder's (only the balance stream comes later). The
 * wish and the turn are this component's state, not the home page's, so neither renders the whole home again.
 */
function LaterNotice() {
  const wanted = useOnceTrue(useUiStore((s) => s.noticeOpen));
  const turn = useFirstScreenDone(AFTER_FIRST_SCREEN.notice);
  return wanted && turn ? <NoticeDialog /> : null;
}

/** Home (spec §2): greeting, balance, shortcuts, banners, hot strip, category tabs and grid, partners. */
export function HomePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const gameTypeParam = search.get('game_type');
  const [category, setCategory] = useState<number>(() => parseHomeCategory(gameTypeParam));
  // Home is a kept view: arriving again with another game_type (a link, a banner) must still select it.
  const [seenParam, setSeenParam] = useState(gameTypeParam);
  if (gameTypeParam !== seenParam) {
    setSeenParam(gameTypeParam);
    if (gameTypeParam !== null) setCategory(parseHomeCategory(gameTypeParam));
  }
  const openGameFor = useOpenGame();
  const setNoticeOpen = useUiStore((s) => s.setNoticeOpen);
  const drawerMounted = useOnceTrue(useUiStore((s) => s.drawerOpen));
  const bannerPopupMounted = useOnceTrue(useUiStore((s) => s.bannerPopupOpen));
  // The hot games fill the strip and the grid: rendered as a deferred value, apart from the rest (lib/query).
  const hot = useDeferredQuery(useHotGamesQuery());
  // What lies below the first screen (the lobby's grid, the partners, the footer) renders in a second,
  // interruptible pass after the first screen's: in the first pass the value is false, then React renders
  // it as true in the background. Rendered in one pass, the home page was one long task on a slow phone,
  // and data arriving during it (the stores change) made React render the whole page again at once.
  const belowFold = useDeferredValue(true, false);
  const games = useGamesQuery({ game_type: category }, category !== 0);

  // A show-dialog flag left by an earlier version of the app opens the notice once (and is cleared). Sign-in
  // itself (the dialog, a sign-in link) opens the notice directly; no token passes through the address.
  useEffect(() => {
    if (takeShowDialogFlag()) setNoticeOpen(true);
  }, [setNoticeOpen]);

  function changeCategory(next: number) {
    setCategory(next);
    const params = new URLSearchParams(search);
    if (next === 0) params.delete('game_type');
    else params.set('game_type', String(next));
    setSearch(params, { replace: true });
  }

  const grid =
    category === 0 ? (
      <QueryGameGrid query={hot} columns={3} onOpen={openGameFor} />
    ) : (
      <QueryGameGrid query={games} columns={2} onOpen={openGameFor} />
    );

  return (
    <div className="home-page">
      <HomeHeader />
      <BannerCarousel />
      <BalanceCard />
      <HotStrip games={hot.data} loading={hot.isPending} onOpen={openGameFor} />
      <section className="section-card lobby">
        <div className="lobby__head">
          <CategoryTabs value={category} onChange={changeCategory} />
        </div>
        {belowFold ? (
          <>
            {grid}
            <button type="button" className="chip lobby__all" onClick={() => navigate('/allGames')}>
              {t('home.allGames')}
              <ChevronRightIcon />
            </button>
          </>
        ) : null}
      </section>
      {belowFold ? (
        <>
          <Partners />
          <footer className="home-footer">
            © {new Date().getFullYear()} Koi · {t('app.slogan')}
          </footer>
        </>
      ) : null}
      <AddToHomeBanner />
      <Suspense fallback={null}>
        <LaterNotice />
        {bannerPopupMounted ? <BannerPopup /> : null}
        {drawerMounted ? <SideDrawer /> : null}
      </Suspense>
    </div>
  );
}

import { memo, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { BackgroundMusic } from '../components/BackgroundMusic';
import { KeepAliveOutlet } from '../components/KeepAliveOutlet';
import { NavBar } from '../components/NavBar';
import { PageLoading } from '../components/PageState';
import { TabBar } from '../components/TabBar';
import { TopProgress } from '../components/TopProgress';
import { useUserInfoQuery } from '../features/auth/api/userInfo';
import { AFTER_FIRST_SCREEN, useFirstScreenDone } from '../lib/useFirstScreenDone';
import { useOnceTrue } from '../lib/useOnceTrue';
import { useIsSignedIn } from '../stores/auth';
import { useUiStore } from '../stores/ui';
import { useInviteStore } from '../features/agents/inviteStore';
import { useRouteMeta } from './meta';
import './RootLayout.css';
import { lazyPart, lazyScreen } from '../lib/lazyScreen';

// Dialogs load their code on first open and then stay mounted (so closing animates).
const LoginDialog = lazyScreen(() => import('../features/auth/components/LoginDialog'));
const ServiceDialog = lazyScreen(() => import('../components/ServiceDialog'));
const RetryDialog = lazyScreen(() => import('../components/RetryDialog'));
const SwitchAccountDialog = lazyScreen(() => import('../features/auth/components/SwitchAccountDialog'));
// The balance stream (signed in only) keeps its code off a guest's first screen.
const BalanceEvents = lazyPart(() =>
  import('../features/auth/api/balanceEvents').then((m) => ({ default: m.BalanceEvents })),
);
// The invite links load after sign-in (spec §4) and the invite dialog on first open, never on the first screen.
const InviteKeeper = lazyPart(() => import('../features/agents/components/InviteKeeper'));
const InviteDialog = lazyScreen(() => import('../features/agents/components/InviteDialog'));
const RealityCheck = lazyPart(() =>
  import('../features/security/components/RealityCheck').then((m) => ({ default: m.RealityCheck })),
);

/**
 * Keeps the user-info query observed on every screen, so the 30-second refresh and the refetch on becoming
 * visible (spec §4) run wherever the player is, not only on screens that show the balance.
 */
function UserInfoKeeper() {
  useUserInfoQuery();
  return null;
}

/**
 * The screens, apart from the frame's own state: opening a dialog, signing in or a turn after the first
 * screen re-renders the frame, and without this boundary every such change rendered the whole current screen
 * again (on the signed-in home, once per turn). A screen still follows navigation through the router's
 * context, and its own data through its own hooks.
 */
const Screens = memo(function Screens() {
  return (
    <Suspense fallback={<PageLoading />}>
      <KeepAliveOutlet />
    </Suspense>
  );
});

/**
 * What runs only while signed in, on every screen, each in its own turn once the page's own loading is over
 * (lib/useFirstScreenDone): the session reminder (decision 18), then the invite links, then, once the
 * loading is over again, the balance stream (the server's signal refetches user info at once; the 30-second
 * poll remains the fallback, and until the stream opens the user-info load is fresh anyway). The turns are
 * this component's state, not the frame's, so each one renders only this.
 */
function SignedInParts() {
  const reminderTurn = useFirstScreenDone(AFTER_FIRST_SCREEN.reminder);
  const inviteTurn = useFirstScreenDone(AFTER_FIRST_SCREEN.notice);
  const streamTurn = useFirstScreenDone(AFTER_FIRST_SCREEN.balanceStream);
  return (
    <>
      {reminderTurn ? <RealityCheck /> : null}
      {streamTurn ? <BalanceEvents /> : null}
      {inviteTurn ? <InviteKeeper /> : null}
    </>
  );
}

/** The app frame: progress bar, nav bar or tab bar per route meta, kept views, and the global dialogs. */
export function RootLayout({ bare = false }: { bare?: boolean }) {
  const { t } = useTranslation();
  const meta = useRouteMeta();
  const navigate = useNavigate();
  const loginOpen = useUiStore((s) => s.loginOpen);
  const dark = useUiStore((s) => s.dark);
  const showTabBar = Boolean(meta.tabBar) && !bare;
  const loginMounted = useOnceTrue(loginOpen);
  const serviceMounted = useOnceTrue(useUiStore((s) => s.serviceOpen));
  const retryMounted = useOnceTrue(useUiStore((s) => s.retry.open));
  const switchMounted = useOnceTrue(useUiStore((s) => s.switchCode !== null));
  const signedIn = useIsSignedIn();
  const inviteMounted = useOnceTrue(useInviteStore((s) => s.showInvite));

  useEffect(() => {
    document.title = `${t(meta.title as 'routes.home')} - ${t('app.name')}`;
  }, [meta.title, t]);

  useEffect(() => {
    // antd-mobile switches its CSS variables on this attribute; our own variables follow the same one.
    document.documentElement.setAttribute('data-prefers-color-scheme', dark ? 'dark' : 'light');
    document.querySelector('meta[name="theme-color"]')?.setAttribute('content', dark ? '#120d24' : '#6d3cf5');
  }, [dark]);

  return (
    <div className={`app-frame${showTabBar ? ' has-tab-bar' : ''}`}>
      <TopProgress />
      {meta.back ? (
        <NavBar
          title={t(meta.title as 'routes.home')}
          onBack={() => (window.history.length > 1 ? navigate(-1) : navigate('/home'))}
        />
      ) : null}
      <main className="app-main">
        <Screens />
      </main>
      {showTabBar ? <TabBar /> : null}
      <Suspense fallback={null}>
        {serviceMounted ? <ServiceDialog /> : null}
        {retryMounted ? <RetryDialog /> : null}
        {loginMounted ? <LoginDialog /> : null}
        {switchMounted ? <SwitchAccountDialog /> : null}
        {signedIn ? <SignedInParts /> : null}
        {inviteMounted ? <InviteDialog /> : null}
      </Suspense>
      <BackgroundMusic />
      <UserInfoKeeper />
    </div>
  );
}

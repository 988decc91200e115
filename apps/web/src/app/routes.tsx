import { Navigate, useLocation, type RouteObject } from 'react-router';
import type { RouteMeta } from './meta';
import { RootLayout } from './RootLayout';
import { HomePage } from '../features/home/HomePage';
import { lazyScreen } from '../lib/lazyScreen';

// Every screen but home is its own chunk (routes code-split, initial JS small).
const ComingSoonPage = lazyScreen(() => import('../pages/ComingSoonPage'));
const NotFoundPage = lazyScreen(() => import('../pages/NotFoundPage'));
const AllGamesPage = lazyScreen(() => import('../features/games/pages/AllGamesPage'));
const CateListPage = lazyScreen(() => import('../features/games/pages/CateListPage'));
const RedirectPage = lazyScreen(() => import('../features/games/pages/RedirectPage'));
const UserPage = lazyScreen(() => import('../features/user/UserPage'));
const AboutPage = lazyScreen(() => import('../features/user/AboutPage'));
const LoadingPage = lazyScreen(() => import('../pages/LoadingPage'));
const BetRecordsPage = lazyScreen(() => import('../features/records/pages/BetRecordsPage'));
const BetDetailPage = lazyScreen(() => import('../features/records/pages/BetDetailPage'));
const TransactionRecordsPage = lazyScreen(() => import('../features/records/pages/TransactionRecordsPage'));
const AccountRecordsPage = lazyScreen(() => import('../features/records/pages/AccountRecordsPage'));
const RechargeRecordsPage = lazyScreen(() => import('../features/records/pages/RechargeRecordsPage'));
const OriginalGamePage = lazyScreen(() => import('../features/originals/OriginalGamePage'));
const RechargePage = lazyScreen(() => import('../features/money/pages/RechargePage'));
const SafePage = lazyScreen(() => import('../features/security/pages/SafePage'));
const PasswordPage = lazyScreen(() => import('../features/security/pages/PasswordPage'));
const TelegramEntryPage = lazyScreen(() => import('../features/telegram/TelegramEntryPage'));
const CommunityPage = lazyScreen(() => import('../features/community/pages/CommunityPage'));
const InteractionPage = lazyScreen(() => import('../features/community/pages/InteractionPage'));
const CreatePostPage = lazyScreen(() => import('../features/community/pages/CreatePostPage'));
const BuyPage = lazyScreen(() => import('../features/community/pages/BuyPage'));
const AgentPage = lazyScreen(() => import('../features/agents/pages/AgentPage'));
const PromotePage = lazyScreen(() => import('../features/agents/pages/PromotePage'));
const VipInfoPage = lazyScreen(() => import('../features/vip/pages/VipInfoPage'));
const BackRecordsPage = lazyScreen(() => import('../features/vip/pages/BackRecordsPage'));
const IncomePage = lazyScreen(() => import('../features/vip/pages/IncomePage'));
const CommissionIncome = lazyScreen(() => import('../features/agents/CommissionIncome'));
const RewardPage = lazyScreen(() => import('../features/vip/pages/RewardPage'));
const RedBagPage = lazyScreen(() => import('../features/redpackets/pages/RedBagPage'));
const RedPacketGamePage = lazyScreen(() => import('../features/redpackets/pages/GamePage'));
const RedRulePage = lazyScreen(() => import('../features/redpackets/pages/RedRulePage'));
const RedPacketHistoryPage = lazyScreen(() => import('../features/redpackets/pages/HistoryListPage'));
const ActivityPage = lazyScreen(() => import('../features/promotions/pages/ActivityPage'));
const ActivityDetailPage = lazyScreen(() => import('../features/promotions/pages/ActivityDetailPage'));
const CustomDetailPage = lazyScreen(() => import('../features/promotions/pages/CustomDetailPage'));
const BenefitPage = lazyScreen(() => import('../features/promotions/pages/BenefitPage'));

/** The root keeps its query (game_type, an invitation code) when it redirects to home. */
function RootRedirect() {
  const { search } = useLocation();
  return <Navigate to={{ pathname: '/home', search }} replace />;
}

type Screen = { path: string; meta: RouteMeta; element?: React.ReactNode };

const soon = <ComingSoonPage />;

/** A screen titled after its path (`routes.<path>`, the path's first letter lower-cased): most of them are. */
const screen = (path: string, element: React.ReactNode, meta: Omit<RouteMeta, 'title'>): Screen => ({
  path,
  meta: { title: `routes.${path.charAt(0).toLowerCase()}${path.slice(1)}`, ...meta },
  element,
});
/** A screen of the tab bar. */
const TAB = { tabBar: true };
/** A screen opened from another one, with a back button. */
const BACK = { back: true };
/** Such a screen whose state is forgotten once the player leaves it (noCache). */
const FRESH = { back: true, noCache: true };

/** Spec §2 routes under the root layout. Routes without an element are not built yet. */
export const LAYOUT_SCREENS: Screen[] = [
  { path: 'Loading', meta: { title: 'routes.loading', noCache: true }, element: <LoadingPage /> },
  screen('home', <HomePage />, TAB),
  screen('Agent', <AgentPage />, BACK),
  screen('recharge', <RechargePage />, TAB),
  screen('promote', <PromotePage />, BACK),
  screen('activity', <ActivityPage />, TAB),
  screen('user', <UserPage />, TAB),
  screen('cateList', <CateListPage />, FRESH),
  screen('allGames', <AllGamesPage />, BACK),
  screen('betRecords', <BetRecordsPage />, BACK),
  screen('accountRecords', <AccountRecordsPage />, BACK),
  screen('rechargeRecords', <RechargeRecordsPage />, BACK),
  screen('income', <IncomePage commission={<CommissionIncome />} />, BACK),
  screen('backRecords', <BackRecordsPage />, BACK),
  screen('transactionRecords', <TransactionRecordsPage />, BACK),
  screen('vipInfo', <VipInfoPage />, BACK),
  screen('betDetail', <BetDetailPage />, FRESH),
  screen('activityDetail', <ActivityDetailPage />, FRESH),
  screen('redirect', <RedirectPage />, FRESH),
  screen('safe', <SafePage />, BACK),
  screen('password', <PasswordPage />, FRESH),
  screen('about', <AboutPage />, BACK),
  screen('community', <CommunityPage />, BACK),
  screen('interaction', <InteractionPage />, TAB),
  screen('CreatePost', <CreatePostPage />, FRESH),
  screen('myCreatePost', <CreatePostPage />, FRESH),
  screen('buy', <BuyPage />, BACK),
  screen('benefit', <BenefitPage />, BACK),
  screen('customDetail', <CustomDetailPage />, FRESH),
  // Koi's own provably fair games (decision 16); /api/game/login launches them at /originals/<game>.
  ...(['dice', 'limbo', 'mines'] as const).map((game) => ({
    path: `originals/${game}`,
    meta: { title: `originals.${game}`, back: true, noCache: true },
    element: <OriginalGamePage game={game} />,
  })),
];

/** Whether a layout route is a real screen yet (the personal centre links only to those). */
export function isBuilt(path: string): boolean {
  const name = path.replace(/^\//, '').split('?')[0];
  return LAYOUT_SCREENS.some((s) => s.path === name && s.element !== undefined);
}

/** Spec §2 top-level routes outside the layout (full-screen, own back button). */
export const TOP_SCREENS: Screen[] = [
  // The Telegram Mini App's entry (the bot's button opens /tg?code=<invite code>#tgWebAppData=…).
  { path: 'tg', meta: { title: 'telegram.title', noCache: true }, element: <TelegramEntryPage /> },
  screen('reward', <RewardPage />, FRESH),
  screen('redBag', <RedBagPage />, FRESH),
  screen('game', <RedPacketGamePage />, FRESH),
  screen('redRule', <RedRulePage />, FRESH),
  screen('historyList', <RedPacketHistoryPage />, FRESH),
];

const toRoute = (s: Screen): RouteObject => ({
  path: s.path,
  element: s.element ?? soon,
  handle: { meta: s.element ? s.meta : { ...s.meta, comingSoon: true } },
});

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    children: [
      { index: true, element: <RootRedirect />, handle: { meta: { title: 'routes.home', noCache: true } } },
      ...LAYOUT_SCREENS.map(toRoute),
      {
        path: '*',
        element: <NotFoundPage />,
        handle: { meta: { title: 'routes.notFound', back: true, noCache: true } },
      },
    ],
  },
  {
    element: <RootLayout bare />,
    children: TOP_SCREENS.map(toRoute),
  },
];

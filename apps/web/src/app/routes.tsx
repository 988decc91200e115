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

/** Spec §2 routes under the root layout. Routes without an element are not built yet. */
export const LAYOUT_SCREENS: Screen[] = [
  { path: 'Loading', meta: { title: 'routes.loading', noCache: true }, element: <LoadingPage /> },
  { path: 'home', meta: { title: 'routes.home', tabBar: true }, element: <HomePage /> },
  { path: 'Agent', meta: { title: 'routes.agent', back: true }, element: <AgentPage /> },
  { path: 'recharge', meta: { title: 'routes.recharge', tabBar: true }, element: <RechargePage /> },
  { path: 'promote', meta: { title: 'routes.promote', back: true }, element: <PromotePage /> },
  { path: 'activity', meta: { title: 'routes.activity', tabBar: true }, element: <ActivityPage /> },
  { path: 'user', meta: { title: 'routes.user', tabBar: true }, element: <UserPage /> },
  {
    path: 'cateList',
    meta: { title: 'routes.cateList', back: true, noCache: true },
    element: <CateListPage />,
  },
  { path: 'allGames', meta: { title: 'routes.allGames', back: true }, element: <AllGamesPage /> },
  { path: 'betRecords', meta: { title: 'routes.betRecords', back: true }, element: <BetRecordsPage /> },
  {
    path: 'accountRecords',
    meta: { title: 'routes.accountRecords', back: true },
    element: <AccountRecordsPage />,
  },
  {
    path: 'rechargeRecords',
    meta: { title: 'routes.rechargeRecords', back: true },
    element: <RechargeRecordsPage />,
  },
  {
    path: 'income',
    meta: { title: 'routes.income', back: true },
    element: <IncomePage commission={<CommissionIncome />} />,
  },
  { path: 'backRecords', meta: { title: 'routes.backRecords', back: true }, element: <BackRecordsPage /> },
  {
    path: 'transactionRecords',
    meta: { title: 'routes.transactionRecords', back: true },
    element: <TransactionRecordsPage />,
  },
  { path: 'vipInfo', meta: { title: 'routes.vipInfo', back: true }, element: <VipInfoPage /> },
  {
    path: 'betDetail',
    meta: { title: 'routes.betDetail', back: true, noCache: true },
    element: <BetDetailPage />,
  },
  {
    path: 'activityDetail',
    meta: { title: 'routes.activityDetail', back: true, noCache: true },
    element: <ActivityDetailPage />,
  },
  {
    path: 'redirect',
    meta: { title: 'routes.redirect', back: true, noCache: true },
    element: <RedirectPage />,
  },
  { path: 'safe', meta: { title: 'routes.safe', back: true }, element: <SafePage /> },
  {
    path: 'password',
    meta: { title: 'routes.password', back: true, noCache: true },
    element: <PasswordPage />,
  },
  { path: 'about', meta: { title: 'routes.about', back: true }, element: <AboutPage /> },
  { path: 'community', meta: { title: 'routes.community', back: true }, element: <CommunityPage /> },
  { path: 'interaction', meta: { title: 'routes.interaction', tabBar: true }, element: <InteractionPage /> },
  {
    path: 'CreatePost',
    meta: { title: 'routes.createPost', back: true, noCache: true },
    element: <CreatePostPage />,
  },
  {
    path: 'myCreatePost',
    meta: { title: 'routes.myCreatePost', back: true, noCache: true },
    element: <CreatePostPage />,
  },
  { path: 'buy', meta: { title: 'routes.buy', back: true }, element: <BuyPage /> },
  { path: 'benefit', meta: { title: 'routes.benefit', back: true }, element: <BenefitPage /> },
  {
    path: 'customDetail',
    meta: { title: 'routes.customDetail', back: true, noCache: true },
    element: <CustomDetailPage />,
  },
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
  { path: 'reward', meta: { title: 'routes.reward', back: true, noCache: true }, element: <RewardPage /> },
  { path: 'redBag', meta: { title: 'routes.redBag', back: true, noCache: true }, element: <RedBagPage /> },
  { path: 'game', meta: { title: 'routes.game', back: true, noCache: true }, element: <RedPacketGamePage /> },
  { path: 'redRule', meta: { title: 'routes.redRule', back: true, noCache: true }, element: <RedRulePage /> },
  {
    path: 'historyList',
    meta: { title: 'routes.historyList', back: true, noCache: true },
    element: <RedPacketHistoryPage />,
  },
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

import { lazy, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { App as AntApp, ConfigProvider } from 'antd';
// The ES builds of the locales: the CommonJS ones arrive as `{ default }` in Vite and antd silently ignores them.
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { BrowserRouter, Navigate, Route, Routes, useNavigate } from 'react-router';
import { ApiError, setHttpHandlers } from '../lib/http';
import { usePrefersReducedMotion } from '../lib/reducedMotion';
import { AdminLayout } from './Layout';
import { RequireOperator } from './RequireOperator';
import { LoginPage } from '../pages/Login';
import { ChangePasswordPage } from '../pages/ChangePassword';
import { EnrolPage } from '../pages/Enrol';

// Screens load on first visit: the sign-in page then needs neither ECharts (dashboard) nor the big tables.
const page = <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) =>
  lazy(() => load().then((m) => ({ default: m[name] })));
const DashboardPage = page(() => import('../pages/Dashboard'), 'DashboardPage');
const PlayersPage = page(() => import('../pages/Players'), 'PlayersPage');

/** The signed-in screens by address under /admin (the dashboard is the index), one line each. */
const SCREENS: [path: string, Screen: ComponentType][] = [
  ['players', PlayersPage],
  ['players/:id', PlayersPage],
  ['withdrawals', page(() => import('../pages/Withdrawals'), 'WithdrawalsPage')],
  ['adjustments', page(() => import('../pages/Adjustments'), 'AdjustmentsPage')],
  ['ledger', page(() => import('../pages/Ledger'), 'LedgerPage')],
  ['deposits/orders', page(() => import('../pages/deposits/Orders'), 'DepositOrdersPage')],
  ['deposits/transfers', page(() => import('../pages/deposits/Transfers'), 'ChainTransfersPage')],
  ['deposits/unmatched', page(() => import('../pages/deposits/Unmatched'), 'UnmatchedPage')],
  ['deposits/addresses', page(() => import('../pages/deposits/Addresses'), 'DepositAddressesPage')],
  ['deposits/watcher', page(() => import('../pages/deposits/Watcher'), 'WatcherPage')],
  ['deposits/channels', page(() => import('../pages/Channels'), 'ChannelsPage')],
  ['audit', page(() => import('../pages/Audit'), 'AuditPage')],
  ['games', page(() => import('../pages/Games'), 'GamesPage')],
  ['content', page(() => import('../pages/Content'), 'ContentPage')],
  ['vip', page(() => import('../pages/vip/VipPage'), 'VipPage')],
  ['redpackets', page(() => import('../pages/redpackets/RedPacketsPage'), 'RedPacketsPage')],
  ['promotions', page(() => import('../pages/promotions/Promotions'), 'PromotionsPage')],
  ['operators', page(() => import('../pages/Operators'), 'OperatorsPage')],
  ['sessions', page(() => import('../pages/Sessions'), 'SessionsPage')],
  ['community', page(() => import('../pages/community/CommunityPage'), 'CommunityPage')],
  ['agents', page(() => import('../pages/agents/AgentsPage'), 'AgentsPage')],
];

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // A refused or failed read is shown on the screen; retrying a 403 or a validation error is pointless.
        retry: (count, error) => !(error instanceof ApiError && error.code !== 0) && count < 2,
        refetchOnWindowFocus: false,
      },
    },
  });
}

/** Points the HTTP client's 401 and password-change signals at the router. */
function HttpNavigation() {
  const navigate = useNavigate();
  useEffect(() => {
    setHttpHandlers({
      onUnauthorized: () => navigate('/login', { replace: true }),
      onMustChangePassword: () => navigate('/password', { replace: true }),
    });
  }, [navigate]);
  return null;
}

export function Providers({ children, client }: { children: ReactNode; client?: QueryClient }) {
  const { i18n } = useTranslation();
  const [queryClient] = useState(() => client ?? createQueryClient());
  const en = i18n.language === 'en';
  const reducedMotion = usePrefersReducedMotion();
  useEffect(() => {
    dayjs.locale(en ? 'en' : 'zh-cn');
  }, [en]);
  return (
    <ConfigProvider
      locale={en ? enUS : zhCN}
      theme={{
        token: { colorPrimary: '#7c3aed', colorLink: '#7c3aed', borderRadius: 6, motion: !reducedMotion },
      }}
      // "保存", not "保 存": antd's spacing of two-character Chinese labels reads oddly in dense tables.
      button={{ autoInsertSpace: false }}
    >
      <AntApp>
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  );
}

export function App() {
  return (
    <Providers>
      <BrowserRouter basename="/admin">
        <HttpNavigation />
        <Routes>
          <Route path="/login" element={<LoginPage />} />
          <Route path="/enrol" element={<EnrolPage />} />
          <Route path="/setup" element={<EnrolPage setup />} />
          <Route
            path="/password"
            element={
              <RequireOperator allowPasswordDue>
                <ChangePasswordPage />
              </RequireOperator>
            }
          />
          <Route
            element={
              <RequireOperator>
                <AdminLayout />
              </RequireOperator>
            }
          >
            <Route index element={<DashboardPage />} />
            {SCREENS.map(([path, Screen]) => (
              <Route key={path} path={path} element={<Screen />} />
            ))}
            {/* The channels screen's address before it joined the 充值管理 group; bookmarks keep working. */}
            <Route path="channels" element={<Navigate to="/deposits/channels" replace />} />
          </Route>
          <Route path="*" element={<Navigate to="/" replace />} />
        </Routes>
      </BrowserRouter>
    </Providers>
  );
}

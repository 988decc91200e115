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
import { AdminLayout } from './Layout';
import { RequireOperator } from './RequireOperator';
import { LoginPage } from '../pages/Login';
import { ChangePasswordPage } from '../pages/ChangePassword';

// Screens load on first visit: the sign-in page then needs neither ECharts (dashboard) nor the big tables.
const page = <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) =>
  lazy(() => load().then((m) => ({ default: m[name] })));
const DashboardPage = page(() => import('../pages/Dashboard'), 'DashboardPage');
const PlayersPage = page(() => import('../pages/Players'), 'PlayersPage');
const WithdrawalsPage = page(() => import('../pages/Withdrawals'), 'WithdrawalsPage');
const AdjustmentsPage = page(() => import('../pages/Adjustments'), 'AdjustmentsPage');
const LedgerPage = page(() => import('../pages/Ledger'), 'LedgerPage');
const AuditPage = page(() => import('../pages/Audit'), 'AuditPage');
const ChannelsPage = page(() => import('../pages/Channels'), 'ChannelsPage');
const GamesPage = page(() => import('../pages/Games'), 'GamesPage');
const ContentPage = page(() => import('../pages/Content'), 'ContentPage');
const OperatorsPage = page(() => import('../pages/Operators'), 'OperatorsPage');
const SessionsPage = page(() => import('../pages/Sessions'), 'SessionsPage');
const DepositOrdersPage = page(() => import('../pages/deposits/Orders'), 'DepositOrdersPage');
const ChainTransfersPage = page(() => import('../pages/deposits/Transfers'), 'ChainTransfersPage');
const UnmatchedPage = page(() => import('../pages/deposits/Unmatched'), 'UnmatchedPage');
const DepositAddressesPage = page(() => import('../pages/deposits/Addresses'), 'DepositAddressesPage');
const WatcherPage = page(() => import('../pages/deposits/Watcher'), 'WatcherPage');

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
  useEffect(() => {
    dayjs.locale(en ? 'en' : 'zh-cn');
  }, [en]);
  return (
    <ConfigProvider
      locale={en ? enUS : zhCN}
      theme={{ token: { colorPrimary: '#d4380d', borderRadius: 6 } }}
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
            <Route path="players" element={<PlayersPage />} />
            <Route path="players/:id" element={<PlayersPage />} />
            <Route path="withdrawals" element={<WithdrawalsPage />} />
            <Route path="adjustments" element={<AdjustmentsPage />} />
            <Route path="ledger" element={<LedgerPage />} />
            <Route path="deposits/orders" element={<DepositOrdersPage />} />
            <Route path="deposits/transfers" element={<ChainTransfersPage />} />
            <Route path="deposits/unmatched" element={<UnmatchedPage />} />
            <Route path="deposits/addresses" element={<DepositAddressesPage />} />
            <Route path="deposits/watcher" element={<WatcherPage />} />
            <Route path="audit" element={<AuditPage />} />
            <Route path="deposits/channels" element={<ChannelsPage />} />
            {/* The screen's address before it joined the 充值管理 group; bookmarks keep working. */}
            <Route path="channels" element={<Navigate to="/deposits/channels" replace />} />
            <Route path="games" element={<GamesPage />} />
            <Route path="content" element={<ContentPage />} />
            <Route path="operators" element={<OperatorsPage />} />
            <Route path="sessions" element={<SessionsPage />} />
          </Route>
          <Route path="*" element={<Navigate to="/" replace />} />
        </Routes>
      </BrowserRouter>
    </Providers>
  );
}

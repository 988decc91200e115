import type { ReactNode } from 'react';
import {
  AuditOutlined,
  AppstoreOutlined,
  CheckSquareOutlined,
  DashboardOutlined,
  DesktopOutlined,
  FileTextOutlined,
  TeamOutlined,
  UserOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import type { Permissions } from '@koi/contract';
import { allows, type RouteKey } from '../lib/permissions';

/**
 * The console's menu. Each entry names the contract route its screen reads; an operator who may not call
 * that route does not see the entry (hidden rather than disabled: a menu full of greyed-out screens helps
 * nobody). Buttons that write are disabled the same way inside each screen, and the server refuses anyway.
 */
export type MenuEntry = { path: string; label: string; icon: ReactNode; route: RouteKey };

export const MENU: MenuEntry[] = [
  { path: '/', label: 'menu.dashboard', icon: <DashboardOutlined />, route: 'GET /api/admin/dashboard' },
  { path: '/players', label: 'menu.players', icon: <UserOutlined />, route: 'GET /api/admin/players' },
  {
    path: '/adjustments',
    label: 'menu.adjustments',
    icon: <CheckSquareOutlined />,
    route: 'GET /api/admin/adjustments',
  },
  {
    path: '/ledger',
    label: 'menu.ledger',
    icon: <WalletOutlined />,
    route: 'GET /api/admin/ledger/transfers',
  },
  { path: '/audit', label: 'menu.audit', icon: <AuditOutlined />, route: 'GET /api/admin/audit' },
  { path: '/games', label: 'menu.games', icon: <AppstoreOutlined />, route: 'GET /api/admin/games' },
  {
    path: '/content',
    label: 'menu.content',
    icon: <FileTextOutlined />,
    route: 'GET /api/admin/config-items',
  },
  { path: '/operators', label: 'menu.operators', icon: <TeamOutlined />, route: 'GET /api/admin/operators' },
  { path: '/sessions', label: 'menu.sessions', icon: <DesktopOutlined />, route: 'GET /api/admin/sessions' },
];

/** The entries this operator may open, in menu order. */
export function visibleMenu(permissions: Permissions | undefined): MenuEntry[] {
  return MENU.filter((entry) => allows(permissions, entry.route));
}

import type { ReactNode } from 'react';
import {
  ApartmentOutlined,
  AlertOutlined,
  AuditOutlined,
  BlockOutlined,
  EyeOutlined,
  InboxOutlined,
  ProfileOutlined,
  AppstoreOutlined,
  BankOutlined,
  CrownOutlined,
  CheckSquareOutlined,
  CommentOutlined,
  DashboardOutlined,
  DesktopOutlined,
  ExportOutlined,
  FileTextOutlined,
  GiftOutlined,
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
/** A titled group of entries (e.g. 充值); shown only when at least one of its entries is. */
export type MenuGroup = { group: string; label: string; entries: MenuEntry[] };

// One entry a line, so the menu reads as a table (prettier would break the longer entries over six lines).
// prettier-ignore
export const MENU: (MenuEntry | MenuGroup)[] = [
  { path: '/', label: 'menu.dashboard', icon: <DashboardOutlined />, route: 'GET /api/admin/dashboard' },
  { path: '/players', label: 'menu.players', icon: <UserOutlined />, route: 'GET /api/admin/players' },
  { path: '/withdrawals', label: 'menu.withdrawals', icon: <ExportOutlined />, route: 'GET /api/admin/withdrawals' },
  { path: '/adjustments', label: 'menu.adjustments', icon: <CheckSquareOutlined />, route: 'GET /api/admin/adjustments' },
  { path: '/ledger', label: 'menu.ledger', icon: <WalletOutlined />, route: 'GET /api/admin/ledger/transfers' },
  {
    group: 'deposits',
    label: 'menu.deposits',
    entries: [
      { path: '/deposits/orders', label: 'menu.depositOrders', icon: <ProfileOutlined />, route: 'GET /api/admin/deposits/orders' },
      { path: '/deposits/transfers', label: 'menu.chainTransfers', icon: <BlockOutlined />, route: 'GET /api/admin/deposits/transfers' },
      { path: '/deposits/unmatched', label: 'menu.unmatched', icon: <AlertOutlined />, route: 'GET /api/admin/deposits/unmatched' },
      { path: '/deposits/addresses', label: 'menu.depositAddresses', icon: <InboxOutlined />, route: 'GET /api/admin/deposits/addresses' },
      // Hosted payment channels are a way money comes in, so they sit with the other deposit screens.
      { path: '/deposits/channels', label: 'menu.channels', icon: <BankOutlined />, route: 'GET /api/admin/deposits/channels' },
      { path: '/deposits/watcher', label: 'menu.watcher', icon: <EyeOutlined />, route: 'GET /api/admin/deposits/watcher' },
    ],
  },
  { path: '/agents', label: 'menu.agents', icon: <ApartmentOutlined />, route: 'GET /api/admin/agents/tree' },
  { path: '/audit', label: 'menu.audit', icon: <AuditOutlined />, route: 'GET /api/admin/audit' },
  { path: '/games', label: 'menu.games', icon: <AppstoreOutlined />, route: 'GET /api/admin/games' },
  { path: '/content', label: 'menu.content', icon: <FileTextOutlined />, route: 'GET /api/admin/config-items' },
  { path: '/community', label: 'community.menu', icon: <CommentOutlined />, route: 'GET /api/admin/community/posts' },
  { path: '/vip', label: 'menu.vip', icon: <CrownOutlined />, route: 'GET /api/admin/vip/table' },
  { path: '/redpackets', label: 'menu.redpackets', icon: <GiftOutlined />, route: 'GET /api/admin/redpacket/rooms' },
  { path: '/promotions', label: 'menu.promotions', icon: <GiftOutlined />, route: 'GET /api/admin/promotions' },
  { path: '/operators', label: 'menu.operators', icon: <TeamOutlined />, route: 'GET /api/admin/operators' },
  { path: '/sessions', label: 'menu.sessions', icon: <DesktopOutlined />, route: 'GET /api/admin/sessions' },
];

/** The menu this operator may open, in order: entries they may read, groups with at least one such entry. */
export function visibleMenu(permissions: Permissions | undefined): (MenuEntry | MenuGroup)[] {
  return MENU.flatMap((item): (MenuEntry | MenuGroup)[] => {
    if (!('group' in item)) return allows(permissions, item.route) ? [item] : [];
    const entries = item.entries.filter((entry) => allows(permissions, entry.route));
    return entries.length > 0 ? [{ ...item, entries }] : [];
  });
}

/** The entries of a menu, groups opened. */
export const menuEntries = (menu: (MenuEntry | MenuGroup)[]): MenuEntry[] =>
  menu.flatMap((item) => ('group' in item ? item.entries : [item]));

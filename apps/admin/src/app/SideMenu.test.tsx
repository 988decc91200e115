import { render, screen, within } from '@testing-library/react';
import { ROLE_PERMISSIONS, type Permissions } from '@koi/contract';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { allows } from '../lib/permissions';
import { Providers } from './App';
import { SideMenu } from './SideMenu';

/** The labels of the menu's entries, in order, within `container` (the whole menu unless a group is named). */
const labels = (container: HTMLElement) =>
  within(container)
    .queryAllByRole('menuitem')
    .map((item) => item.textContent);

function showMenu(permissions: Permissions | undefined) {
  render(
    <Providers>
      <MemoryRouter>
        <SideMenu permissions={permissions} />
      </MemoryRouter>
    </Providers>,
  );
}

function menuFor(permissions: Permissions | undefined) {
  showMenu(permissions);
  return labels(screen.getByRole('menu'));
}

/** The 充值管理 group's screens, in the order the menu lists them. */
const DEPOSITS = ['充值订单', '链上转账', '未匹配队列', '收款地址', '支付通道', '监听状态'];

/** The screens after the deposits that finance does not see, in the order the menu lists them. */
const NOT_FINANCE = [
  '代理管理',
  '审计日志',
  '游戏管理',
  '内容管理',
  '社区管理',
  'VIP与返水',
  '红包扫雷',
  '活动管理',
  '操作员',
];

const EVERYTHING = [
  '数据概览',
  '玩家管理',
  '提现审核',
  '调账审批',
  '账本查询',
  ...DEPOSITS,
  ...NOT_FINANCE,
  '我的会话',
];

describe('permission-aware menu', () => {
  it('shows an admin every screen', () => {
    expect(menuFor(ROLE_PERMISSIONS.admin)).toEqual(EVERYTHING);
  });

  it('hides operators from a viewer, who reads everything else', () => {
    expect(menuFor(ROLE_PERMISSIONS.viewer)).toEqual(EVERYTHING.filter((e) => e !== '操作员'));
  });

  it('shows finance players, withdrawals, approvals, the ledger and deposits, but not games, content, audit or operators', () => {
    expect(menuFor(ROLE_PERMISSIONS.finance)).toEqual(EVERYTHING.filter((e) => !NOT_FINANCE.includes(e)));
  });

  it('puts the deposit screens under one 充值 group, hidden without the deposits area', () => {
    showMenu(ROLE_PERMISSIONS.finance);
    expect(labels(screen.getByText('充值管理').closest('li')!)).toEqual(DEPOSITS);
  });

  it('shows support players, content and the community, but no money screens', () => {
    expect(menuFor(ROLE_PERMISSIONS.support)).toEqual([
      '数据概览',
      '玩家管理',
      '内容管理',
      '社区管理',
      '红包扫雷',
      '我的会话',
    ]);
  });

  it('follows a per-area override, not the role name', () => {
    const custom: Permissions = { ...ROLE_PERMISSIONS.support, audit: 'read', players: 'none' };
    expect(menuFor(custom)).toEqual(['数据概览', '审计日志', '内容管理', '社区管理', '红包扫雷', '我的会话']);
  });

  it('shows nothing before the permissions are known (deny by default)', () => {
    expect(menuFor(undefined)).toEqual([]);
  });
});

describe('route permissions', () => {
  it('lets read permission read but not write', () => {
    expect(allows(ROLE_PERMISSIONS.viewer, 'GET /api/admin/players')).toBe(true);
    expect(allows(ROLE_PERMISSIONS.viewer, 'POST /api/admin/players/:id/freeze')).toBe(false);
    expect(allows(ROLE_PERMISSIONS.support, 'POST /api/admin/players/:id/freeze')).toBe(true);
    expect(allows(ROLE_PERMISSIONS.support, 'POST /api/admin/players/:id/adjust')).toBe(false);
    expect(allows(ROLE_PERMISSIONS.finance, 'POST /api/admin/adjustments/:id/approve')).toBe(true);
  });

  it('refuses a route the contract does not declare (deny by default)', () => {
    expect(allows(ROLE_PERMISSIONS.admin, 'GET /api/admin/secret-export' as never)).toBe(false);
  });
});

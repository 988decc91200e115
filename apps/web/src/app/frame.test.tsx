import { fireEvent, screen } from '../test/render';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes, stubFetch } from '../test/utils';
import { RootLayout } from './RootLayout';
import { LAYOUT_SCREENS, TOP_SCREENS } from './routes';
import { shouldShowAddToHome } from '../features/home/components/AddToHome';

function Counter() {
  const [n, setN] = useState(0);
  return <button onClick={() => setN((x) => x + 1)}>count {n}</button>;
}

const routes = (noCache: boolean) => [
  {
    path: '/',
    element: <RootLayout />,
    children: [
      {
        path: 'home',
        element: <Counter />,
        handle: { meta: { title: 'routes.home', tabBar: true, noCache } },
      },
      {
        path: 'activity',
        element: <p>activity</p>,
        handle: { meta: { title: 'routes.activity', tabBar: true } },
      },
      { path: 'vipInfo', element: <p>vip</p>, handle: { meta: { title: 'routes.vipInfo', back: true } } },
    ],
  },
];

describe('app frame', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('keeps the state of a cached view across navigation', async () => {
    stubFetch(() => undefined);
    const { router } = renderRoutes(routes(false), ['/home']);
    fireEvent.click(screen.getByRole('button', { name: 'count 0' }));
    fireEvent.click(screen.getByRole('button', { name: /活动/ }));
    await screen.findByText('activity');
    fireEvent.click(screen.getByRole('button', { name: /首页/ }));
    expect(await screen.findByRole('button', { name: 'count 1' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/home');
  });

  it('forgets the state of a noCache view', async () => {
    stubFetch(() => undefined);
    renderRoutes(routes(true), ['/home']);
    fireEvent.click(screen.getByRole('button', { name: 'count 0' }));
    fireEvent.click(screen.getByRole('button', { name: /活动/ }));
    await screen.findByText('activity');
    fireEvent.click(screen.getByRole('button', { name: /首页/ }));
    expect(await screen.findByRole('button', { name: 'count 0' })).toBeInTheDocument();
  });

  it('shows the tab bar per meta, marks the active tab, and sets the title', async () => {
    stubFetch(() => undefined);
    const { router } = renderRoutes(routes(false), ['/activity']);
    expect(screen.getByRole('button', { name: /活动/ })).toHaveAttribute('aria-current', 'page');
    expect(document.title).toBe('活动 - Koi');
    await router.navigate('/vipInfo');
    expect(await screen.findByText('vip')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'tabs' })).toBeNull();
    expect(document.title).toBe('VIP特权 - Koi');
  });

  it('declares every route of spec §2 with a title', () => {
    const paths = [...LAYOUT_SCREENS, ...TOP_SCREENS].map((s) => s.path.toLowerCase());
    for (const p of [
      'loading',
      'home',
      'agent',
      'recharge',
      'promote',
      'activity',
      'user',
      'catelist',
      'betrecords',
      'accountrecords',
      'rechargerecords',
      'income',
      'backrecords',
      'transactionrecords',
      'vipinfo',
      'betdetail',
      'activitydetail',
      'redirect',
      'safe',
      'password',
      'about',
      'benefit',
      'customdetail',
      'community',
      'interaction',
      'createpost',
      'mycreatepost',
      'buy',
      'redbag',
      'game',
      'redrule',
      'historylist',
      'reward',
    ]) {
      expect(paths).toContain(p);
    }
    const tabbed = LAYOUT_SCREENS.filter((s) => s.meta.tabBar).map((s) => s.path);
    expect(tabbed.sort()).toEqual(['activity', 'home', 'interaction', 'recharge', 'user']);
  });

  it('loads every screen but home as its own chunk, on first visit, so the first screen stays small', () => {
    const lazyType = Symbol.for('react.lazy');
    const typeOf = (element: React.ReactNode) =>
      (element as { type?: { $$typeof?: symbol } } | undefined)?.type?.$$typeof;
    const built = [...LAYOUT_SCREENS, ...TOP_SCREENS].filter((s) => s.element !== undefined);
    expect(built.map((s) => s.path)).toContain('home');
    for (const screen of built) {
      if (screen.path === 'home') expect(typeOf(screen.element), screen.path).not.toBe(lazyType);
      else expect(typeOf(screen.element), screen.path).toBe(lazyType);
    }
  });

  it('prompts add-to-home at most once per 24 hours', () => {
    const now = Date.now();
    expect(shouldShowAddToHome(now, null)).toBe(true);
    expect(shouldShowAddToHome(now, String(now - 60_000))).toBe(false);
    expect(shouldShowAddToHome(now, String(now - 25 * 3600_000))).toBe(true);
  });
});

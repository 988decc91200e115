import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../../stores/auth';
import { useUiStore } from '../../stores/ui';
import { fireEvent, screen, waitFor } from '../../test/render';
import { gameItem, ok, renderRoutes, stubFetch } from '../../test/utils';
import { HomePage } from './HomePage';

const game = (id: number, game_type_id: number, status = 1) => gameItem(id, { game_type_id, status });

function routes() {
  return stubFetch((url) => {
    if (url.pathname === '/api/plat/game/hot') return ok({ data: [game(1, 5), game(2, 5, 2)], total: 2 });
    if (url.pathname === '/api/plat/game') {
      const type = Number(url.searchParams.get('game_type'));
      return ok({ data: [game(10 + type, type)], total: 1 });
    }
    if (url.pathname === '/api/plat/game-type') {
      // The server's order, with a category the app has no translation for (shown by its server name).
      return ok(
        [
          [0, '热门'],
          [5, '电子'],
          [7, '视讯'],
          [1, '棋牌'],
          [3, '捕鱼'],
          [6, '体育'],
          [42, '新分类'],
        ].map(([id, name], sort) => ({ game_type_id: id, name, icon: `/art/${id}.svg`, sort })),
      );
    }
    if (url.pathname === '/api/banner') return ok([]);
    if (url.pathname === '/api/plat/bulletin') return ok([{ id: 1, content: '公告内容' }]);
    if (url.pathname === '/api/plat/info') return ok({ player_name: 'player0001', balance: '12.3456' });
    return undefined;
  });
}

describe('HomePage', () => {
  beforeEach(() => {
    useAuthStore.setState({ token: null });
    useUiStore.setState({ loginOpen: false });
    localStorage.setItem('showtime', String(Date.now()));
  });
  afterEach(() => vi.unstubAllGlobals());

  it('greets a guest and opens only the login dialog when a game is tapped', async () => {
    routes();
    renderRoutes([{ path: '/home', element: <HomePage /> }], ['/home']);
    expect(screen.getByTestId('greeting')).toHaveTextContent('您好，游客');
    const grid = await screen.findByTestId('game-grid');
    expect(grid.querySelectorAll('[data-testid="game-tile"]')).toHaveLength(2);
    expect(screen.getByText('维护中')).toBeInTheDocument();
    fireEvent.click(grid.querySelector('[data-testid="game-tile"]')!);
    expect(useUiStore.getState().loginOpen).toBe(true);
  });

  it('shows the category tabs the server lists, in its order', async () => {
    const { calls } = routes();
    renderRoutes([{ path: '/home', element: <HomePage /> }], ['/home']);
    await screen.findByRole('tab', { name: '新分类' }, { timeout: 5000 });
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      '热门',
      '电子',
      '视讯',
      '棋牌',
      '捕鱼',
      '体育',
      '新分类',
    ]);
    const request = calls.find((c) => c.url.pathname === '/api/plat/game-type')!;
    expect(request.init.method).toBe('POST');
    expect(String(request.init.body)).toBe('game_plat_type=0');
  });

  it('preselects the game_type tab and switches categories', async () => {
    const { calls } = routes();
    const { router } = renderRoutes([{ path: '/home', element: <HomePage /> }], ['/home?game_type=3']);
    expect(await screen.findByRole('tab', { name: '捕鱼' }, { timeout: 5000 })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await screen.findByRole('button', { name: '游戏13' });
    fireEvent.click(screen.getByRole('tab', { name: '视讯' }));
    await screen.findByRole('button', { name: '游戏17' });
    expect(router.state.location.search).toBe('?game_type=7');
    expect(
      calls.some((c) => c.url.pathname === '/api/plat/game' && c.url.searchParams.get('game_type') === '7'),
    ).toBe(true);
    fireEvent.click(screen.getByRole('tab', { name: '热门' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('greets a signed-in player by name with the balance', async () => {
    // Reduced motion shows the balance at once (the counter's own timing is tested in CountUp.test).
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query.includes('reduce'), media: query }));
    useAuthStore.getState().setToken('tok');
    routes();
    renderRoutes([{ path: '/home', element: <HomePage /> }], ['/home']);
    await waitFor(() => expect(screen.getByTestId('greeting')).toHaveTextContent('您好，player0001'));
    await waitFor(() => expect(screen.getByTestId('balance')).toHaveTextContent('12.3456'), {
      timeout: 3000,
    });
  });
});

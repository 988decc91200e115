import { hashServerSeed, verify } from '@koi/fair';
import { beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { Toast } from 'antd-mobile';
import { useAuthStore } from '../../stores/auth';
import { useUiStore } from '../../stores/ui';
import { fireEvent, screen, waitFor, within } from '../../test/render';
import { fail, ok, renderRoutes, setUpScreenTests, stubFetch } from '../../test/utils';
import { nextPage } from './api/records';
import AccountRecordsPage from './pages/AccountRecordsPage';
import BetDetailPage from './pages/BetDetailPage';
import BetRecordsPage from './pages/BetRecordsPage';
import TransactionRecordsPage from './pages/TransactionRecordsPage';
import { profitBars } from './profitBars';

const WAIT = { timeout: 5000 };
const form = (init: RequestInit) => new URLSearchParams(String(init.body));

const betRow = (i: number) => ({
  plat_type_id: 15,
  plat_name: 'Koi原创',
  game_code: `game${i}`,
  game_name: `游戏${i}`,
  game_type_id: 5,
  bet_count: 3,
  stake: '3.000000',
  payout: '1.500000',
  profit: '-1.500000',
});

setUpScreenTests();
beforeEach(() => {
  useUiStore.setState({ loginOpen: false });
});

describe('record paging', () => {
  it('asks for the next page only while fewer rows than the total have arrived', () => {
    const page = (n: number, total: number) => ({ items: Array.from({ length: n }), total });
    expect(nextPage(page(20, 25), [page(20, 25)])).toBe(2);
    expect(nextPage(page(5, 25), [page(20, 25), page(5, 25)])).toBeUndefined();
    expect(nextPage(page(0, 25), [page(20, 25), page(0, 25)])).toBeUndefined();
  });
});

describe('betRecords', () => {
  it('shows the summary and the games, loads the next page, and opens a game’s rounds', async () => {
    // jsdom lays nothing out; antd-mobile's InfiniteScroll skips elements without an offsetParent (hidden).
    vi.spyOn(HTMLElement.prototype, 'offsetParent', 'get').mockImplementation(function (this: HTMLElement) {
      return this.parentElement;
    });
    const { calls } = stubFetch((url, init) => {
      if (url.pathname !== '/api/plat/bet-records') return undefined;
      const page = Number(form(init).get('page'));
      // A row shown on page 1 comes again on page 2 (the list grew at the top meanwhile): listed once.
      const rows =
        page === 1 ? Array.from({ length: 20 }, (_, i) => betRow(i)) : [betRow(19), betRow(20), betRow(21)];
      return ok({
        data: rows,
        total: 23,
        summary: { bet_count: 66, stake: '66.000000', payout: '33.000000', profit: '-33.000000' },
      });
    });
    const { router } = renderRoutes(
      [
        { path: '/betRecords', element: <BetRecordsPage /> },
        { path: '/betDetail', element: <p>detail</p> },
      ],
      ['/betRecords'],
    );
    expect(await screen.findByTestId('bet-summary', {}, WAIT)).toHaveTextContent('66');
    expect(screen.getByTestId('bet-summary')).toHaveTextContent('-33.0000');
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(22), WAIT);
    expect(await screen.findByText('没有更多了')).toBeInTheDocument();
    const requests = calls.filter((c) => c.url.pathname === '/api/plat/bet-records');
    expect(requests.map((c) => form(c.init).get('page'))).toEqual(['1', '2']);
    expect(form(requests[0]!.init).get('range')).toBe('2');
    expect(screen.getByText('游戏0').closest('button')).toHaveTextContent('-1.5000');
    fireEvent.click(screen.getByText('游戏3'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/betDetail'));
    const q = new URLSearchParams(router.state.location.search);
    expect([q.get('plat_type_id'), q.get('game_code'), q.get('game_name'), q.get('range')]).toEqual([
      '15',
      'game3',
      '游戏3',
      '2',
    ]);
  }, 20_000);

  it('switches the time range through the tabs (1 yesterday, 3 last 7 days)', async () => {
    const { calls } = stubFetch((url) =>
      url.pathname === '/api/plat/bet-records'
        ? ok({ data: [], total: 0, summary: { bet_count: 0, stake: '0', payout: '0', profit: '0' } })
        : undefined,
    );
    const { router } = renderRoutes([{ path: '/betRecords', element: <BetRecordsPage /> }], ['/betRecords']);
    expect(await screen.findByText('暂无记录', {}, WAIT)).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: '今天' })).toHaveAttribute('aria-selected', 'true');
    fireEvent.click(screen.getByRole('tab', { name: '昨天' }));
    await waitFor(() => expect(router.state.location.search).toBe('?range=1'));
    fireEvent.click(screen.getByRole('tab', { name: '近7天' }));
    await waitFor(() => expect(calls.map((c) => form(c.init).get('range'))).toEqual(['2', '1', '3']));
  });

  it('shows the error state with a retry that loads again', async () => {
    let fails = true;
    const { calls } = stubFetch((url) => {
      if (url.pathname !== '/api/plat/bet-records') return undefined;
      if (fails) return fail(500, '服务器繁忙', 500);
      return ok({
        data: [betRow(1)],
        total: 1,
        summary: { bet_count: 3, stake: '3', payout: '1.5', profit: '-1.5' },
      });
    });
    renderRoutes([{ path: '/betRecords', element: <BetRecordsPage /> }], ['/betRecords']);
    expect(await screen.findByText('加载失败', {}, WAIT)).toBeInTheDocument();
    expect(Toast.show).toHaveBeenCalledWith(expect.objectContaining({ content: '服务器繁忙' }));
    fails = false;
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByText('游戏1', {}, WAIT)).toBeInTheDocument();
    expect(calls.length).toBeGreaterThanOrEqual(2);
  });

  it('tells the player when the phone is offline', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    stubFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    renderRoutes([{ path: '/betRecords', element: <BetRecordsPage /> }], ['/betRecords']);
    const alert = await screen.findByRole('alert', {}, WAIT);
    expect(alert).toHaveTextContent('网络已断开，请检查网络连接');
  });

  it('asks a signed-out visitor to sign in and sends nothing', async () => {
    useAuthStore.setState({ token: null });
    const { calls } = stubFetch(() => undefined);
    renderRoutes([{ path: '/betRecords', element: <BetRecordsPage /> }], ['/betRecords']);
    expect(screen.getByText('登录后查看您的记录')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '登录 / 注册' }));
    expect(useUiStore.getState().loginOpen).toBe(true);
    expect(calls).toHaveLength(0);
  });
});

describe('betDetail', () => {
  const SEED = 'c'.repeat(64);
  const params = { target: '50.00', direction: 'over' as const };

  function round(id: string, nonce: number, revealed: boolean, tamper = false) {
    const play = verify('dice', params, { serverSeed: SEED, clientSeed: 'cs', nonce });
    if (!play.ok) throw new Error('bad fixture');
    const win = play.value.win !== tamper;
    return {
      round_id: id,
      game_code: 'dice',
      game_name: '骰子',
      stake: '1.000000',
      payout: win ? play.value.multiplierText : '0.000000',
      profit: win ? '0.980000' : '-1.000000',
      status: 2,
      opened_at: '2026-11-22T06:00:00.000Z',
      closed_at: '2026-11-22T06:00:00.000Z',
      fairness: {
        game: 'dice',
        // The server stores (and sends) the checked parameters, not the form the player sent.
        params: { targetHundredths: 5000, direction: 'over' },
        outcome: { roll: play.value.outcome.roll },
        multiplier: play.value.multiplierText,
        server_seed_hash: hashServerSeed(SEED),
        client_seed: 'cs',
        nonce,
        server_seed: revealed ? SEED : null,
      },
    };
  }

  function renderDetail(rows: unknown[]) {
    const { calls } = stubFetch((url) =>
      url.pathname === '/api/plat/bet-detail' ? ok({ data: rows, total: rows.length }) : undefined,
    );
    renderRoutes(
      [{ path: '/betDetail', element: <BetDetailPage /> }],
      ['/betDetail?plat_type_id=15&game_code=dice&game_name=%E9%AA%B0%E5%AD%90&range=3'],
    );
    return calls;
  }

  it('verifies a revealed round in the browser, and flags a round the seed does not produce', async () => {
    const calls = renderDetail([round('r1', 0, true), round('r2', 1, true, true)]);
    const rounds = await screen.findAllByTestId('round', {}, WAIT);
    expect(rounds).toHaveLength(2);
    const body = form(calls[0]!.init);
    expect([body.get('plat_type_id'), body.get('game_code'), body.get('range')]).toEqual(['15', 'dice', '3']);
    fireEvent.click(within(rounds[0]!).getByRole('button', { name: '验证本局' }));
    expect(within(rounds[0]!).getByRole('status')).toHaveTextContent('✓ 已验证');
    fireEvent.click(within(rounds[1]!).getByRole('button', { name: '验证本局' }));
    expect(within(rounds[1]!).getByRole('status')).toHaveTextContent('✗ 验证失败');
  });

  it('explains that a round is verifiable once its seed is revealed', async () => {
    renderDetail([round('r1', 0, false)]);
    const [only] = await screen.findAllByTestId('round', {}, WAIT);
    expect(only).toHaveTextContent('尚未公开：在游戏中更换种子后即可验证本局');
    expect(within(only!).queryByRole('button', { name: '验证本局' })).toBeNull();
  });

  it('refuses to load without a game', () => {
    stubFetch(() => undefined);
    renderRoutes([{ path: '/betDetail', element: <BetDetailPage /> }], ['/betDetail']);
    expect(screen.getByText('未指定游戏')).toBeInTheDocument();
  });
});

/**
 * Opens the balance-change page at `search` over `list` (the server's only page), and returns the calls and the
 * rows once shown.
 */
async function showTransactions(list: object[], search = '') {
  const { calls } = stubFetch((url) =>
    url.pathname === '/api/plat/bill-change'
      ? ok({ list, total: list.length, page: 1, size: 20 })
      : undefined,
  );
  renderRoutes(
    [{ path: '/transactionRecords', element: <TransactionRecordsPage /> }],
    [`/transactionRecords${search}`],
  );
  return { calls, items: await screen.findAllByRole('listitem', {}, WAIT) };
}

describe('transactionRecords', () => {
  it('lists balance changes with their sign, phase, reason and balance after, for the chosen range', async () => {
    const { calls, items } = await showTransactions(
      [
        {
          id: '2',
          created_at: '2026-11-22T06:00:00.000Z',
          type: 2,
          type_name: '提现',
          phase: 'hold',
          amount: '-50.000000',
          balance_after: '50.0000',
          reference_type: 'withdrawal',
          reference_id: 'w1',
        },
        {
          id: '1',
          created_at: '2026-11-22T05:00:00.000Z',
          type: 1,
          type_name: '充值',
          phase: 'posted',
          amount: '100.000000',
          balance_after: '100.0000',
          reference_type: 'deposit',
          reference_id: 'd1',
        },
        {
          id: '0',
          created_at: '2026-11-22T04:00:00.000Z',
          type: 17,
          type_name: '红利没收',
          phase: 'posted',
          amount: '-2.000000',
          balance_after: '0.0000',
          reference_type: 'bonus_max_win',
          reference_id: '7',
        },
      ],
      '?range=3',
    );
    expect(items[0]).toHaveTextContent('提现 · 冻结');
    expect(items[0]).toHaveTextContent('-50.0000');
    expect(items[0]).toHaveTextContent('余额 50.0000');
    expect(items[1]).toHaveTextContent('充值');
    expect(items[1]).toHaveTextContent('+100.0000');
    // A forfeit says why: the winnings above a bonus's largest convertible win were cut.
    expect(items[2]).toHaveTextContent('红利没收 · 超出红利最高可转出盈利');
    expect(form(calls[0]!.init).get('time')).toBe('3');
  });
});

describe('transactionRecords: held transfers', () => {
  it('shows a hold’s row as it stands now: 冻结 while pending, 已完成 once paid, 已退回 once returned', async () => {
    const row = (id: string, state: string, type_name = '提现') => ({
      id,
      created_at: '2026-11-22T06:00:00.000Z',
      type: 2,
      type_name,
      phase: 'hold',
      state,
      amount: '-10.000000',
      balance_after: '90.0000',
      reference_type: 'withdrawal',
      reference_id: `w${id}`,
    });
    const { items } = await showTransactions([
      row('3', 'pending'),
      row('2', 'completed', '提现手续费'),
      row('1', 'returned', '转入游戏'),
    ]);
    expect(items[0]).toHaveTextContent('提现 · 冻结');
    expect(items[1]).toHaveTextContent('提现手续费 · 已完成');
    expect(items[2]).toHaveTextContent('转入游戏 · 已退回');
    expect(screen.getAllByText(/冻结/)).toHaveLength(1);
  });
});

describe('accountRecords', () => {
  const rows = [
    {
      date: '2026-11-21',
      game_type_id: 5,
      category_name: '电子',
      bet_count: 2,
      stake: '2',
      payout: '3',
      profit: '1',
    },
    {
      date: '2026-11-22',
      game_type_id: 5,
      category_name: '电子',
      bet_count: 1,
      stake: '5',
      payout: '0',
      profit: '-5',
    },
    {
      date: '2026-11-22',
      game_type_id: 1,
      category_name: '棋牌',
      bet_count: 1,
      stake: '1',
      payout: '3',
      profit: '2',
    },
  ];

  it('groups the chart by day for the week and by category for one day', () => {
    // 2026-11-22 17:00 UTC is already 11-23 in UTC+8: the week ends on the player's report day.
    expect(profitBars(rows, 3, undefined, new Date('2026-11-22T17:00:00Z'))).toEqual([
      { label: '11-17', value: 0 },
      { label: '11-18', value: 0 },
      { label: '11-19', value: 0 },
      { label: '11-20', value: 0 },
      { label: '11-21', value: 1 },
      { label: '11-22', value: -3 },
      { label: '11-23', value: 0 },
    ]);
    expect(profitBars(rows, 2)).toEqual([
      { label: '电子', value: -4 },
      { label: '棋牌', value: 2 },
    ]);
  });

  it('shows the totals, a chart bar per day of the week and a row per day and category', async () => {
    // The week the chart draws ends on today's report day: pinned to the rows' week, so the test does not
    // depend on the day it runs (only Date is faked; the screen's timers run as usual).
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-22T17:00:00Z'));
    onTestFinished(() => void vi.useRealTimers());
    stubFetch((url) =>
      url.pathname === '/api/plat/win-loss-report'
        ? ok({ data: rows, total: { bet_count: 4, stake: '8', payout: '6', profit: '-2' } })
        : undefined,
    );
    renderRoutes([{ path: '/accountRecords', element: <AccountRecordsPage /> }], ['/accountRecords?range=3']);
    expect(await screen.findByTestId('winloss-total', {}, WAIT)).toHaveTextContent('-2.0000');
    const chart = screen.getByTestId('profit-chart');
    expect(chart.querySelectorAll('rect')).toHaveLength(7);
    expect(chart.querySelectorAll('.profit-chart__down')).toHaveLength(1);
    expect(screen.getAllByRole('listitem')).toHaveLength(3);
  });
});

import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '../../test/render';
import { ok, renderRoutes, setUpScreenTests, stubFetch } from '../../test/utils';
import type { Rebate } from './api/rebates';
import type { VipList } from './api/vipList';
import { remaining } from './components/money';
import IncomePage from './pages/IncomePage';
import VipInfoPage from './pages/VipInfoPage';

const WAIT = { timeout: 5000 };
const screens = setUpScreenTests();

const rebate = (extra: Partial<Rebate>): Rebate => ({
  day: '2026-11-26',
  level: 1,
  valid_bet: '200.000000',
  amount: '0.700000',
  status: 1,
  created_at: '2026-11-27T00:10:00.000Z',
  claimed_at: null,
  lines: [
    {
      game_type_id: 5,
      bet_count: 4,
      valid_bet: '200.000000',
      weight: '100',
      rate: '0.35',
      amount: '0.700000',
    },
  ],
  ...extra,
});

const vipList: VipList = {
  level: 1,
  valid_bet: '1500.000000',
  next_level: 2,
  next_threshold: '5000.000000',
  progress_bp: 1250,
  levels: [
    {
      level: 0,
      threshold: '0.000000',
      level_up_reward: '0.000000',
      monthly_reward: '0.000000',
      check_in_reward: '0.000000',
      rates: [],
    },
    {
      level: 1,
      threshold: '1000.000000',
      level_up_reward: '5.000000',
      monthly_reward: '2.000000',
      check_in_reward: '0.500000',
      rates: [{ game_type_id: 5, rate: '0.35' }],
    },
    {
      level: 2,
      threshold: '5000.000000',
      level_up_reward: '18.000000',
      monthly_reward: '8.000000',
      check_in_reward: '1.000000',
      rates: [],
    },
  ],
  weights: [{ game_type_id: 2, weight: '50' }],
  rewards: [
    {
      id: 7,
      type: 1,
      period: 'L1',
      level: 1,
      amount: '5.000000',
      status: 1,
      created_at: '2026-11-27T00:00:00.000Z',
      claimed_at: null,
    },
  ],
  claimable_total: '5.500000',
  check_in: { day: '2026-11-27', level: 1, amount: '0.500000', checked_in: false },
};

describe('vip screens', () => {
  it('works out what remains to the next level exactly', () => {
    expect(remaining('5000.000000', '1500.000000')).toBe('3500');
    expect(remaining('1000', '999.999999')).toBe('0.000001');
    expect(remaining('1000', '1200')).toBe('0');
  });

  it('shows the level, the progress to the next one and claims a level-up reward', async () => {
    let claimed = false;
    stubFetch((url, init) => {
      if (url.pathname === '/api/vip/list')
        return ok(claimed ? { ...vipList, rewards: [{ ...vipList.rewards[0]!, status: 2 }] } : vipList);
      if (url.pathname === '/api/vip/reward/receive') {
        expect(new URLSearchParams(String(init.body)).get('id')).toBe('7');
        claimed = true;
        return ok({ id: 7, amount: '5.000000' });
      }
      return undefined;
    });
    renderRoutes([{ path: '/vipInfo', element: <VipInfoPage /> }], ['/vipInfo']);
    await waitFor(() => expect(screen.getByTestId('vip-level')).toHaveTextContent('VIP1'), WAIT);
    expect(screen.getByTestId('vip-next')).toHaveTextContent('距 VIP2 还需 3500 USDT');
    expect(screen.getByTestId('vip-facts')).toHaveTextContent('1000');
    fireEvent.click(screen.getByRole('button', { name: '领取' }));
    await waitFor(() => screens.toasted('领取成功 +5.0000 USDT'), WAIT);
    await waitFor(() => expect(screen.getByText('已领取')).toBeInTheDocument(), WAIT);
  });

  it('checks in for the level’s reward once, then says it is done', async () => {
    let checkedIn = false;
    const calls: string[] = [];
    stubFetch((url) => {
      if (url.pathname === '/api/vip/list')
        return ok({ ...vipList, check_in: { ...vipList.check_in, checked_in: checkedIn } });
      if (url.pathname === '/api/vip/checkin') {
        calls.push(url.pathname);
        checkedIn = true;
        return ok({ id: 9, day: '2026-11-27', amount: '0.500000' });
      }
      return undefined;
    });
    renderRoutes([{ path: '/vipInfo', element: <VipInfoPage /> }], ['/vipInfo']);
    await waitFor(
      () => expect(screen.getByTestId('vip-checkin')).toHaveTextContent('签到即得 0.5000 USDT'),
      WAIT,
    );
    expect(screen.getByTestId('vip-checkin')).toHaveTextContent('今日签到 · VIP1');
    fireEvent.click(screen.getByRole('button', { name: '签到' }));
    await waitFor(() => screens.toasted('领取成功 +0.5000 USDT'), WAIT);
    await waitFor(() => expect(screen.getByTestId('vip-checkin')).toHaveTextContent('今日已签到'), WAIT);
    expect(screen.getByTestId('vip-checkin')).toHaveTextContent('今日已得 0.5000 USDT');
    expect(calls).toEqual(['/api/vip/checkin']);
    expect(screen.getByTestId('vip-facts')).toHaveTextContent('每日签到');
  });

  it('shows a level without a check-in reward why it cannot check in', async () => {
    stubFetch((url) =>
      url.pathname === '/api/vip/list'
        ? ok({
            ...vipList,
            level: 0,
            check_in: { day: '2026-11-27', level: 0, amount: '0.000000', checked_in: false },
          })
        : undefined,
    );
    renderRoutes([{ path: '/vipInfo', element: <VipInfoPage /> }], ['/vipInfo']);
    await waitFor(
      () => expect(screen.getByTestId('vip-checkin')).toHaveTextContent('VIP0暂无签到奖励'),
      WAIT,
    );
    expect(screen.getByRole('button', { name: '签到' })).toBeDisabled();
  });

  it('lists rebates with their source bets in income, and shows the commission tab empty until agents fill it', async () => {
    stubFetch((url) =>
      url.pathname === '/api/vip/rebates'
        ? ok({ data: [rebate({})], total: 1, claimable: '0.700000', claimed: '0.000000' })
        : undefined,
    );
    renderRoutes([{ path: '/income', element: <IncomePage /> }], ['/income']);
    await waitFor(() => expect(screen.getByTestId('rebate-record')).toBeInTheDocument(), WAIT);
    expect(screen.getByTestId('rebate-record')).toHaveTextContent(
      '电子 · 4 注 · 有效投注 200 × 100% × 0.35%',
    );
    expect(screen.getByTestId('rebate-claimable')).toHaveTextContent('0.7000');
    fireEvent.click(screen.getByRole('tab', { name: '佣金' }));
    expect(screen.getByText('暂无佣金')).toBeInTheDocument();
  });

  it('shows what the agents feature gives the commission tab', async () => {
    stubFetch(() => ok({ data: [], total: 0, claimable: '0', claimed: '0' }));
    renderRoutes([{ path: '/income', element: <IncomePage commission={<p>佣金明细</p>} /> }], ['/income']);
    fireEvent.click(screen.getByRole('tab', { name: '佣金' }));
    expect(screen.getByText('佣金明细')).toBeInTheDocument();
  });

  it('refuses to show a visitor anything but the sign-in prompt', async () => {
    const { useAuthStore } = await import('../../stores/auth');
    useAuthStore.setState({ token: null });
    renderRoutes([{ path: '/vipInfo', element: <VipInfoPage /> }], ['/vipInfo']);
    expect(screen.getByText('登录后查看您的VIP等级与返水')).toBeInTheDocument();
  });
});

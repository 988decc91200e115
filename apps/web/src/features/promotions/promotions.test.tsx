import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '../../test/render';
import { fail, ok, renderRoutes, setUpScreenTests, stubFetch } from '../../test/utils';
import type { Bonus } from './api/bonuses';
import type { PromotionDetail } from './api/taskDetail';
import type { PromotionItem } from './api/taskList';
import ActivityDetailPage from './pages/ActivityDetailPage';
import ActivityPage from './pages/ActivityPage';
import BenefitPage from './pages/BenefitPage';

const WAIT = { timeout: 5000 };

function item(extra: Partial<PromotionItem>): PromotionItem {
  return {
    id: 1,
    type: 1,
    template: 'deposit_match',
    title: '首充豪礼',
    summary: '首充送 50%',
    banner: '<svg xmlns="http://www.w3.org/2000/svg"/>',
    category: 0,
    starts_at: '2026-11-01T00:00:00.000Z',
    ends_at: null,
    state: 'locked',
    amount: '0',
    refusal: '未达到领取条件：完成首次充值后可领取',
    refusal_code: 7003,
    progress: [{ label: 'deposit', current: '0', target: '20' }],
    next_at: null,
    budget_left: null,
    ...extra,
  };
}

const detail = (extra: Partial<PromotionItem>): PromotionDetail => ({
  ...item(extra),
  content_html: '<p>规则说明</p>',
  rules: {},
  terms: { multiple: '10', max_bet: '50', max_win: null, expiry_days: 30 },
  audience: {},
  once_per_household: true,
});

setUpScreenTests();

describe('activity', () => {
  it('lists running promotions with their state and filters them by category', async () => {
    stubFetch((url) =>
      url.pathname === '/api/plat/task/list'
        ? ok([item({}), item({ id: 2, title: '捕鱼七日挑战', category: 3, state: 'claimable' })])
        : undefined,
    );
    renderRoutes([{ path: '/activity', element: <ActivityPage /> }], ['/activity']);
    await screen.findByText('首充豪礼', {}, WAIT);
    expect(screen.getByText('可领取')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: '捕鱼' }));
    // Promotions about every game (category 0) stay under every filter.
    expect(screen.getByText('首充豪礼')).toBeTruthy();
    expect(screen.getByText('捕鱼七日挑战')).toBeTruthy();
  });

  it('says so when nothing runs, and offers a retry when the list fails', async () => {
    stubFetch((url) => (url.pathname === '/api/plat/task/list' ? ok([]) : undefined));
    renderRoutes([{ path: '/activity', element: <ActivityPage /> }], ['/activity']);
    await screen.findByText('暂无进行中的活动', {}, WAIT);
  });
});

describe('activityDetail', () => {
  it('explains why the claim button is disabled, with the terms frozen into the bonus', async () => {
    stubFetch((url) => (url.pathname === '/api/plat/task/detail' ? ok(detail({})) : undefined));
    renderRoutes([{ path: '/activityDetail', element: <ActivityDetailPage /> }], ['/activityDetail?id=1']);
    await screen.findByText('未达到领取条件：完成首次充值后可领取', {}, WAIT);
    expect(screen.getByText('50 USDT')).toBeTruthy();
    expect(screen.getByText('同一家庭（关联账户）限领一次')).toBeTruthy();
    expect((screen.getByRole('button', { name: /立即领取/ }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('claims, and shows the server’s refusal beside the button when the claim is refused', async () => {
    stubFetch((url) => {
      if (url.pathname === '/api/plat/task/detail')
        return ok(detail({ state: 'claimable', amount: '40', refusal: null }));
      if (url.pathname === '/api/plat/task/receive') return fail(7004, '活动奖金已派完');
      return undefined;
    });
    renderRoutes(
      [{ path: '/activityDetail', element: <ActivityDetailPage /> }],
      ['/activityDetail?activity_type=9'],
    );
    fireEvent.click(await screen.findByRole('button', { name: /领取 40 USDT/ }, WAIT));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('活动奖金已派完'), WAIT);
  });
});

describe('benefit: my bonuses', () => {
  it('says why money was taken back from a bonus, and nothing for one that kept everything', async () => {
    const bonus = (extra: Partial<Bonus>): Bonus => ({
      id: 1,
      title: '体验金',
      source: 'promotion',
      amount: '10',
      state: 'cleared',
      required: '100',
      done: '100',
      remaining: '0',
      percent: 100,
      multiple: '10',
      max_bet: null,
      max_win: '50',
      expires_at: null,
      forfeited: null,
      forfeit_reason: null,
      created_at: '2026-11-20T00:00:00.000Z',
      ...extra,
    });
    stubFetch((url) => {
      if (url.pathname === '/api/task/get/log/receive') return ok({ list: [], total: '0' });
      if (url.pathname === '/api/vip/list')
        return ok({
          level: 2,
          valid_bet: '6000',
          next_level: 3,
          next_threshold: '20000',
          progress_bp: 666,
          levels: [],
          weights: [],
          rewards: [
            {
              id: 4,
              type: 1,
              period: 'L2',
              level: 2,
              amount: '18',
              status: 1,
              created_at: '2026-11-20T00:00:00.000Z',
              claimed_at: null,
            },
          ],
          claimable_total: '19',
          check_in: { day: '2026-11-27', level: 2, amount: '1', checked_in: false },
        });
      if (url.pathname === '/api/plat/bonuses')
        return ok([
          bonus({ id: 2, forfeited: '12.5', forfeit_reason: 'max_win' }),
          bonus({ id: 1, title: '首充豪礼' }),
        ]);
      return undefined;
    });
    renderRoutes([{ path: '/benefit', element: <BenefitPage /> }], ['/benefit']);
    await screen.findByText('盈利超出最高可转出盈利，已收回 12.5 USDT', {}, WAIT);
    expect(screen.getAllByText(/已收回/)).toHaveLength(1);
    // The VIP part: today's check-in to take here, and the level-up reward waiting on vipInfo.
    expect(screen.getByTestId('benefit-vip')).toHaveTextContent('今日签到 · VIP2');
    expect(screen.getByTestId('benefit-vip')).toHaveTextContent('签到即得 1.0000 USDT');
    expect(screen.getByTestId('benefit-vip')).toHaveTextContent('1 项VIP奖励待领取');
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok, SCREEN_TEST_MS, serveWrites, showScreen, type ConsoleCall } from '../../test/console';
import { VipPage } from './VipPage';

const RUN = {
  day: '2026-11-26',
  players: 3,
  valid_bet: '300.000000',
  amount: '0.900000',
  runs: 1,
  last_added: 3,
  first_run_at: '2026-11-27T00:00:00.000Z',
  last_run_at: '2026-11-27T00:00:00.000Z',
};

/** The console's server for this screen. */
function answer({ path, method }: ConsoleCall) {
  if (path === '/api/admin/vip/table')
    return ok({
      levels: [],
      weights: [],
      settings: { rebate_auto_credit: false, rebate_turnover_centis: 100, reward_turnover_centis: 300 },
    });
  if (path === '/api/admin/vip/rebate-runs')
    return ok(
      method === 'POST'
        ? { run: RUN, added: 3, added_amount: '0.900000', before: null }
        : { data: [RUN], total: 1 },
    );
  if (path === '/api/admin/vip/settings') return ok({ ok: true });
  if (path === '/api/admin/vip/month-end') return ok({ added: 2, amount: '10.000000' });
  return undefined;
}

describe('the VIP console', () => {
  it(
    'saves the rebate settings from their fields',
    async () => {
      const writes = serveWrites(answer);
      const user = showScreen(<VipPage />);
      const rebate = await screen.findByLabelText('返水流水倍数 (%)');
      expect(rebate).toHaveValue('100');
      expect(screen.getByLabelText('VIP奖励流水倍数 (%)')).toHaveValue('300');
      const autoCredit = screen.getByRole('switch', { name: '自动派发返水（不需玩家领取）' });
      await user.click(autoCredit);
      await user.click(within(autoCredit.closest('form')!).getByRole('button', { name: /保\s*存/ }));
      await waitFor(() => expect(writes()).toHaveLength(1));
      expect(writes()[0]).toMatchObject({
        path: '/api/admin/vip/settings',
        body: { rebate_auto_credit: true, rebate_turnover_centis: 100, reward_turnover_centis: 300 },
      });
    },
    SCREEN_TEST_MS,
  );

  it(
    'runs a day and the month end for the periods typed beside their buttons',
    async () => {
      const writes = serveWrites(answer);
      const user = showScreen(<VipPage />);
      await user.click(await screen.findByRole('tab', { name: '返水结算' }));
      const day = await screen.findByLabelText('日期');
      await user.clear(day);
      await user.type(day, '2026-11-26');
      await user.click(screen.getByRole('button', { name: '结算/重新结算' }));
      await waitFor(() => expect(writes()).toHaveLength(1));
      const month = screen.getByLabelText('月份');
      await user.clear(month);
      await user.type(month, '2026-10');
      await user.click(screen.getByRole('button', { name: '发放月末奖励' }));
      await waitFor(() => expect(writes()).toHaveLength(2));
      expect(writes().map((w) => [w.path, w.body])).toEqual([
        ['/api/admin/vip/rebate-runs', { day: '2026-11-26' }],
        ['/api/admin/vip/month-end', { month: '2026-10' }],
      ]);
    },
    SCREEN_TEST_MS,
  );
});

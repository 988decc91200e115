// VIP, rebates and the masters tournament against the real server: a new player (100 USDT demo bonus) bets on
// Koi's dice through the API, sees the valid bets as VIP progress, the day's rebate once it is settled (the
// test route KOI_TEST_ROUTES adds settles today at once instead of after midnight UTC+8), claims it from the
// home card's 返水 shortcut and sees it claimed in income and backRecords; then the tournament page ranks them.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { apiResult, BASE, sharedBrowser, shot } from '@koi/e2e/browser';
import { newPhone } from './phone.mjs';
import { diceBettor } from './scenario.mjs';

const browser = sharedBrowser();

describe('VIP and rebates', () => {
  it('shows VIP progress from valid bets, then the settled rebate, claimed from the home shortcut', async () => {
    const { token } = await diceBettor(3, '10');

    const { context, page } = await newPhone(browser(), { koi_token: token });
    await page.goto(`${BASE}/vipInfo`);
    await page.getByTestId('vip-level').filter({ hasText: 'VIP0' }).waitFor();
    await page.getByTestId('vip-valid-bet').filter({ hasText: '30.00' }).waitFor();
    await page.getByTestId('vip-next').filter({ hasText: '距 VIP1 还需 970 USDT' }).waitFor();
    await page.waitForTimeout(300);
    await shot(page, 'vip-info');

    // Before the day is settled there is nothing to claim.
    await page.goto(`${BASE}/income`);
    await page.getByText('暂无记录').waitFor();

    const settled = await apiResult('/api/test/vip/settle', token);
    assert.ok(settled.added >= 1, JSON.stringify(settled));

    await page.goto(`${BASE}/home`);
    await page.locator('.shortcut').filter({ hasText: '返水' }).click();
    await page.waitForURL(/\/income$/);
    const card = page.getByTestId('rebate-record').first();
    await card.filter({ hasText: '+0.0900' }).waitFor();
    await page.getByTestId('rebate-claimable').filter({ hasText: '0.0900' }).waitFor();
    await page.waitForTimeout(300);
    await shot(page, 'income-rebate');
    await card.getByRole('button', { name: '领取' }).click();
    await page.getByTestId('rebate-claimed').filter({ hasText: '0.0900' }).waitFor();
    await page.getByTestId('rebate-claimable').filter({ hasText: '0.0000' }).waitFor();
    await card.getByText('已领取').waitFor();

    await page.getByRole('tab', { name: '佣金' }).click();
    await page.getByText('暂无佣金').waitFor();
    await shot(page, 'income-commission');

    await page.goto(`${BASE}/backRecords`);
    await page.getByTestId('rebate-record').filter({ hasText: '电子 · 3 注' }).waitFor();
    await page.waitForTimeout(300);
    await shot(page, 'back-records');

    // The tournament of the demo content ranks the player by the same valid bets.
    await page.goto(`${BASE}/reward`);
    await page.getByTestId('reward-countdown').waitFor();
    await page.getByTestId('reward-me').filter({ hasText: '第' }).waitFor();
    await page.waitForTimeout(300);
    await shot(page, 'reward');
    await context.close();

    // The same screens in the dark theme.
    const dark = await newPhone(browser(), { koi_token: token, koi_dark: '1' });
    await dark.page.goto(`${BASE}/vipInfo`);
    await dark.page.getByTestId('vip-level').waitFor();
    await dark.page.waitForTimeout(300);
    await shot(dark.page, 'vip-info-dark');
    await dark.page.goto(`${BASE}/reward`);
    await dark.page.getByTestId('reward-board').waitFor();
    await dark.page.waitForTimeout(300);
    await shot(dark.page, 'reward-dark');
    await dark.page.goto(`${BASE}/backRecords`);
    await dark.page.getByTestId('rebate-record').first().waitFor();
    await dark.page.waitForTimeout(300);
    await shot(dark.page, 'back-records-dark');
    await dark.context.close();
  });
});

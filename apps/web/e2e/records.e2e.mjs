// The personal centre, the record screens and /about against the real server: a new player (100 USDT demo
// bonus) bets on Koi's dice through the API, rotates the seed, then reads and verifies the rounds in the app.
// Also remember me (decision 30): an old stored password is gone after the first load.
/* global document -- page.evaluate callbacks run in the browser */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { apiResult, BASE, sharedBrowser, shot } from '@koi/e2e/browser';
import { newPhone } from './phone.mjs';
import { betDice, diceBettor } from './scenario.mjs';

const browser = sharedBrowser();

describe('records and personal centre', () => {
  it('leads from the personal centre to bets, rounds (verified in the browser), transactions and win/loss', async () => {
    const { username, token } = await diceBettor(3, '1', (i) => (i % 2 ? 'under' : 'over'));
    await apiResult('/api/originals/seeds/rotate', token, { client_seed: 'e2e' });

    const { context, page } = await newPhone(browser(), { koi_token: token });
    await page.goto(`${BASE}/user`);
    await page.getByTestId('user-name').filter({ hasText: username }).waitFor();
    assert.equal(await page.getByText('敬请期待').count(), 0);
    await page.waitForTimeout(400);
    await shot(page, 'user-centre');

    await page.getByText('投注记录').click();
    await page.waitForURL(/\/betRecords$/);
    await page.getByTestId('bet-summary').filter({ hasText: '3' }).waitFor();
    await page.waitForTimeout(300);
    await shot(page, 'bet-records');

    await page.locator('.records-page').getByText('骰子').click();
    await page.waitForURL(/\/betDetail\?/);
    const first = page.getByTestId('round').first();
    await first.waitFor();
    assert.equal(await page.getByTestId('round').count(), 3);
    await first.getByText('公平性数据').click();
    await first.getByRole('button', { name: '验证本局' }).click();
    await first.getByRole('status').filter({ hasText: '✓ 已验证' }).waitFor();
    await shot(page, 'bet-detail');

    await page.goto(`${BASE}/transactionRecords`);
    await page.getByTestId('record-list').getByText('下注').first().waitFor();
    await page.waitForTimeout(300);
    await shot(page, 'transaction-records');

    // Pull to refresh: a bet made elsewhere appears after dragging the list down.
    const rows = await page.getByTestId('record-list').locator('li').count();
    await betDice(token, '1');
    const refreshed = page.waitForRequest((r) => r.url().endsWith('/api/plat/bill-change'));
    // antd-mobile's PullToRefresh follows touch events only; Chromium's DevTools protocol sends real ones.
    const cdp = await context.newCDPSession(page);
    const touch = (type, y) =>
      cdp.send('Input.dispatchTouchEvent', { type, touchPoints: y === null ? [] : [{ x: 195, y }] });
    await touch('touchStart', 300);
    for (let y = 310; y <= 560; y += 10) await touch('touchMove', y);
    await touch('touchEnd', null);
    await refreshed;
    await page.waitForFunction(
      (n) => document.querySelectorAll('[data-testid="record-list"] li').length > n,
      rows,
    );

    await page.goto(`${BASE}/accountRecords?range=3`);
    await page.getByTestId('profit-chart').waitFor();
    assert.equal(await page.getByTestId('profit-chart').locator('rect').count(), 7);
    await page.waitForTimeout(300);
    await shot(page, 'account-records');

    await page.getByRole('tab', { name: '昨天' }).click();
    await page.getByText('暂无记录').waitFor();
    await shot(page, 'account-records-empty');
    await context.close();
  });

  it('shows the version and the operator’s licence and responsible-gambling texts on /about', async () => {
    const { context, page } = await newPhone(browser());
    await page.goto(`${BASE}/about`);
    await page.getByTestId('licence-text').filter({ hasText: '牌照' }).waitFor();
    await page.getByTestId('responsible-text').filter({ hasText: '自我排除' }).waitFor();
    assert.match(await page.getByTestId('app-version').innerText(), /^版本 \d+\.\d+\.\d+$/);
    await shot(page, 'about');
    await context.close();
  });
});

describe('remember me (decision 30)', () => {
  it('deletes a password stored by an older version on first load and leaves the password to the browser', async () => {
    const { context, page } = await newPhone(browser(), {
      userPass: JSON.stringify({ username: 'olduser001', password: 'secret123' }),
    });
    await page.goto(`${BASE}/home`);
    await page.getByTestId('greeting').waitFor();
    assert.equal(
      await page.evaluate(() => localStorage.getItem('userPass')),
      JSON.stringify({ username: 'olduser001' }),
    );
    await page.getByRole('button', { name: '登录 / 注册' }).first().click();
    const username = page.getByPlaceholder('请输入用户名（8-20位）');
    const password = page.getByPlaceholder('请输入密码（6-20位）');
    await username.waitFor();
    assert.equal(await username.inputValue(), 'olduser001');
    assert.equal(await password.inputValue(), '');
    assert.equal(await username.getAttribute('autocomplete'), 'username');
    assert.equal(await password.getAttribute('autocomplete'), 'current-password');
    assert.equal(
      await page.evaluate(() => document.querySelector('form input[type=password]') !== null),
      true,
    );
    await context.close();
  });
});

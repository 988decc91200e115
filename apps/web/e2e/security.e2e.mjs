// The security centre against the real server: the previous sign-in and the live sessions,
// signing another device out, the login password change (validation toast, then other sessions signed out),
// deposit limits with a pending raise, the session reminder dialog (the page clock is moved forward), and
// self-exclusion (the confirmation spelled out, then the player signed out and refused at the cashier).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { apiLogin, apiPost, apiSignUp, BASE, sharedBrowser, shot, uniqueUsername } from '@koi/e2e/browser';
import { newPhone } from './phone.mjs';

const browser = sharedBrowser();
/** Another sign-in of the same player, from "Japan" on another device. */
async function signInElsewhere(username, password = 'secret123') {
  const res = await apiLogin(username, password, 'tablet-77', { 'cf-ipcountry': 'JP' });
  assert.equal(res.code, 200, JSON.stringify(res));
  return res.result.token;
}

describe('security centre', () => {
  it('shows sign-ins and sessions, signs another device out, changes the login password', async () => {
    const username = uniqueUsername();
    await apiSignUp(username);
    const tablet = await signInElsewhere(username);
    const login = await apiLogin(username, 'secret123', 'phone-01');
    const token = login.result.token;
    const other = await signInElsewhere(username);
    assert.equal((await apiPost('/api/plat/deposit-limits/set', token, { day: '50' })).code, 200);
    assert.equal(
      (await apiPost('/api/plat/deposit-limits/set', token, { day: '500', week: '1000' })).code,
      200,
    );

    const { page } = await newPhone(browser(), { koi_token: token });
    await page.goto(`${BASE}/safe`);
    const last = page.getByTestId('last-sign-in');
    await last.filter({ hasText: '日本' }).waitFor();
    assert.match(await last.textContent(), /上次登录.*日本 · IP .* · 设备 tablet-7/);
    await page.waitForTimeout(300);
    await shot(page, 'safe-top');

    const sessions = page.getByTestId('sessions');
    await sessions.scrollIntoViewIfNeeded();
    assert.equal(await sessions.getByRole('button', { name: '退出', exact: true }).count(), 3);
    await shot(page, 'safe-sessions');
    await sessions.getByRole('button', { name: '退出', exact: true }).first().click();
    await page.getByRole('dialog').getByText('确定让该设备').waitFor();
    await page.waitForTimeout(600);
    await shot(page, 'safe-sign-out-one-confirm');
    await page.getByRole('button', { name: '确定' }).click();
    await page.getByText('该设备已退出登录').waitFor();
    await sessions.getByRole('button', { name: '退出', exact: true }).nth(2).waitFor({ state: 'detached' });
    assert.equal(await sessions.getByRole('button', { name: '退出', exact: true }).count(), 2);

    await page.getByTestId('responsible').scrollIntoViewIfNeeded();
    await page.getByTestId('pending-day').filter({ hasText: '500.00' }).waitFor();
    await shot(page, 'safe-responsible');
    await page.getByTestId('self-exclusion').scrollIntoViewIfNeeded();
    await shot(page, 'safe-self-exclusion');

    await page.locator('.adm-list-item', { hasText: '修改后其他设备将退出登录' }).click();
    await page.waitForURL(/\/password$/);
    await page.locator('input[aria-label="原登录密码"]').fill('secret123');
    await page.locator('input[aria-label="新登录密码"]').fill('newpass88');
    await page.locator('input[aria-label="确认新密码"]').fill('newpass89');
    await page.getByRole('button', { name: '确认修改' }).click();
    await page.getByText('密码不一致').waitFor();
    await shot(page, 'password-mismatch');
    await page.locator('input[aria-label="确认新密码"]').fill('newpass88');
    await page.getByRole('button', { name: '确认修改' }).click();
    await page.getByText(/修改成功，已退出其他 \d 台设备/).waitFor();
    await shot(page, 'password-changed');
    await page.waitForURL(/\/safe$/);

    // Every other session is gone; this one stays; the new password signs in.
    for (const t of [tablet, other]) assert.equal((await apiPost('/api/plat/info', t)).code, 401);
    assert.equal((await apiPost('/api/plat/info', token)).code, 200);
    const again = await apiLogin(username, 'newpass88', 'x');
    assert.equal(again.code, 200);
  });

  it('reminds after the chosen interval, then self-excludes and signs out', async () => {
    const username = uniqueUsername();
    const token = await apiSignUp(username);
    const { page } = await newPhone(browser(), { koi_token: token });
    await page.clock.install({ time: new Date() });
    await page.goto(`${BASE}/safe`);
    const reminder = page.getByTestId('reminder');
    await reminder.scrollIntoViewIfNeeded();
    await reminder.getByText('15分钟', { exact: true }).click();
    await page.getByText('提醒设置已保存').waitFor();
    // The reminder starts once the page's own requests are over (lib/useFirstScreenDone's reminder turn, at
    // most 15 s after the first screen), long before a player's fifteen minutes are up: the page clock runs
    // past that turn first, then jumps.
    await page.clock.runFor(20_000);
    await page.waitForTimeout(500);
    await page.clock.fastForward('15:30');
    const dialog = page.getByTestId('reality-check');
    await dialog.waitFor();
    await page.clock.runFor(600); // the dialog's fade-in runs on the page clock
    await page.waitForTimeout(300);
    assert.match(await dialog.textContent(), /您本次登录已游戏.*投注 0 注.*本次输赢/);
    await shot(page, 'reality-check');
    await page.getByText('继续游戏').click();
    await dialog.waitFor({ state: 'detached' });

    const block = page.getByTestId('self-exclusion');
    await block.scrollIntoViewIfNeeded();
    await block.getByRole('button', { name: '7天' }).click();
    await page.getByText('确认自我限制7天？').waitFor();
    await page.clock.runFor(600);
    await page.waitForTimeout(300);
    await shot(page, 'self-exclusion-confirm');
    await page.getByRole('button', { name: '确认并退出' }).click();
    await page.getByText('自我限制已生效，您已退出登录').waitFor();
    await page.waitForURL(/\/home/);
    await shot(page, 'self-excluded-home');
    assert.equal((await apiPost('/api/plat/info', token)).code, 401);
    const back = await apiLogin(username, 'secret123', 'x');
    const refused = await apiPost('/api/plat/recharge', back.result.token, { amount: '50' });
    assert.equal(refused.code, 1012);
  });

  it('personal centre leads to every screen; about and the security centre in English', async () => {
    const username = uniqueUsername();
    const token = await apiSignUp(username);
    const { page } = await newPhone(browser(), { koi_token: token });
    await page.goto(`${BASE}/user`);
    await page.getByTestId('user-name').filter({ hasText: username }).waitFor();
    for (const label of [
      '投注记录',
      '安全中心',
      '登录密码',
      '提现密码',
      '提现地址',
      '我的收益',
      '返水记录',
      'VIP特权',
      '邀请好友',
      '关于我们',
    ])
      await page.getByText(label, { exact: true }).first().waitFor();
    await page.waitForTimeout(300);
    await shot(page, 'user-centre-entries');
    await page.getByText('提现地址', { exact: true }).click();
    await page.getByRole('dialog', { name: '修改提现地址' }).waitFor();
    await page.waitForTimeout(500);
    await shot(page, 'user-address-panel');
    await page.getByRole('dialog', { name: '修改提现地址' }).getByRole('button', { name: '返回' }).click();
    await page.getByText('登录密码', { exact: true }).click();
    await page.waitForURL(/\/password$/);
    await page.goto(`${BASE}/about`);
    await page.getByTestId('app-version').waitFor();
    await page.waitForTimeout(300);
    await shot(page, 'about');

    await page.evaluate(() => localStorage.setItem('koi_lang', 'en'));
    await page.goto(`${BASE}/safe`);
    await page.getByText('Last sign-in').or(page.getByText('This is your first sign-in')).first().waitFor();
    await page.waitForTimeout(300);
    await shot(page, 'safe-en');
    await page.getByTestId('self-exclusion').scrollIntoViewIfNeeded();
    await shot(page, 'safe-en-responsible');
  });
});

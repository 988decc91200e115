// Player app scenarios in Chromium at 390×844 against the real server (see run.mjs).
/* global document, window, MutationObserver -- page.evaluate and addInitScript callbacks run in the browser */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { apiSignUp, BASE, sharedBrowser, shot, uniqueUsername } from '@koi/e2e/browser';
import { greeted, newPhone, storedToken } from './phone.mjs';

const browser = sharedBrowser();

describe('player app', () => {
  it('shows home to a guest with the tab bar, banners and the lobby', async () => {
    const { context, page } = await newPhone(browser(), {}, { addToHomeBar: true });
    await page.goto(`${BASE}/`);
    await page.waitForURL(/\/home$/);
    await greeted(page, '游客');
    for (const tab of ['首页', '活动', '充值', '互动', '我的']) {
      assert.equal(await page.locator('.tab-bar__item', { hasText: tab }).count(), 1, tab);
    }
    await page.locator('.banner-slide img').first().waitFor();
    // The banner's dots and the slides' aria-hidden follow the slide on show: a swipe to the third banner.
    await page.locator('.carousel__track').evaluate((el) => el.scrollTo({ left: 2 * el.clientWidth }));
    await page.locator('.carousel__dots span:nth-child(3).is-active').waitFor();
    assert.equal(await page.locator('.carousel__slide[aria-hidden="false"]').getAttribute('data-slide'), '2');
    await page.getByTestId('game-grid').waitFor();
    await page.locator('.a2hs-bar').waitFor();
    await page.waitForTimeout(600);
    await shot(page, 'home-light');
    // The app's tokens win over antd-mobile's own in the first screen's one stylesheet (main.tsx's order):
    // its components (switches, primary buttons, dialogs) take the brand colour, in both themes.
    const admPrimary = () =>
      page.evaluate(() =>
        window.getComputedStyle(document.documentElement).getPropertyValue('--adm-color-primary').trim(),
      );
    assert.equal(await admPrimary(), '#7c3aed');
    await page.getByRole('button', { name: '深色模式' }).click();
    assert.equal(await page.evaluate(() => document.documentElement.dataset.prefersColorScheme), 'dark');
    assert.equal(await admPrimary(), '#9b6bff');
    await page.waitForTimeout(300);
    await shot(page, 'home-dark');
    await page.reload();
    assert.equal(await page.evaluate(() => localStorage.getItem('koi_dark')), '1');
    await context.close();
  });

  it('asks a guest who taps a game to sign in, and nothing else', async () => {
    const { context, page } = await newPhone(browser());
    const launches = [];
    page.on('request', (r) => r.url().includes('/api/game/login') && launches.push(r.url()));
    await page.goto(`${BASE}/home`);
    await page.getByTestId('game-tile').first().click();
    await page.getByRole('heading', { name: '欢迎登录' }).waitFor();
    assert.equal(context.pages().length, 1, 'no new window');
    assert.equal(launches.length, 0, 'no launch request');
    await page.locator('.auth-captcha img').waitFor();
    await page.waitForTimeout(400);
    await shot(page, 'login-dialog');
    await context.close();
  });

  it('registers through the dialog and greets the player by name', async () => {
    const { context, page } = await newPhone(browser());
    const username = uniqueUsername();
    await page.goto(`${BASE}/user`);
    await page.getByRole('button', { name: '登录 / 注册' }).click();
    await page.getByRole('button', { name: '立即注册' }).click();
    await page.getByRole('heading', { name: '注册' }).waitFor();
    await page.getByPlaceholder('请输入用户名（8-20位）').fill(username);
    await page.getByPlaceholder('请输入密码（6-20位）').fill('secret123');
    await page.getByPlaceholder('请再次输入密码（6-20位）').fill('secret124');
    await page.getByPlaceholder('请输入验证码').fill('1234');
    await page.locator('.auth-captcha img').waitFor();
    await shot(page, 'register-dialog');
    // Spec §5 order: a mismatch is reported first.
    await page.locator('.auth-submit').click();
    await page.getByText('密码不一致').waitFor();
    await page.getByPlaceholder('请再次输入密码（6-20位）').fill('secret123');
    await page.locator('.auth-age').click();
    await page.locator('.auth-submit').click();
    await page.waitForURL(`${BASE}/home`);
    await greeted(page, username);
    assert.ok(await storedToken(page));
    await page.getByTestId('balance').waitFor();
    // The notice opens once after a token sign-in (show-dialog flag); close it to see home.
    await page.getByRole('heading', { name: '公告' }).waitFor();
    await page.waitForTimeout(300);
    await shot(page, 'notice-dialog');
    await page.locator('.notice-dialog').getByRole('button', { name: '关闭' }).click();
    await page.waitForTimeout(1200);
    await shot(page, 'home-signed-in');
    // A lazy dialog brings its own styles; the app's colours must survive them (the inlined first-screen
    // styles keep a disabled <link> each, so Vite's loader does not add antd-mobile's base styles again).
    const primary = () =>
      page.evaluate(() =>
        window.getComputedStyle(document.documentElement).getPropertyValue('--adm-color-primary').trim(),
      );
    const brand = await primary();
    await page.getByRole('button', { name: '客服' }).click();
    const service = page.getByRole('dialog', { name: '联系客服' });
    await service.waitFor();
    await page.waitForTimeout(300);
    await shot(page, 'service-dialog');
    assert.equal(await primary(), brand);
    await page.keyboard.press('Escape');
    await service.waitFor({ state: 'hidden' });
    await context.close();
  });

  it('switches game categories and keeps the choice in the address', async () => {
    const { context, page } = await newPhone(browser());
    await page.goto(`${BASE}/home`);
    await page.getByTestId('game-grid').waitFor();
    const listRequest = page.waitForRequest(
      (r) => r.url().includes('/api/plat/game?') && r.url().includes('game_type=7'),
    );
    await page.getByRole('tab', { name: '视讯' }).click();
    await listRequest;
    await page.waitForURL(/game_type=7/);
    assert.equal(await page.getByRole('tab', { name: '视讯' }).getAttribute('aria-selected'), 'true');
    await page.locator('.game-grid--2').waitFor();
    await page.getByRole('tab', { name: '热门' }).click();
    await page.locator('.game-grid--3').waitFor();
    // Home is a kept view: leaving and coming back keeps the tab and the scroll position.
    await page.getByRole('tab', { name: '视讯' }).click();
    await page.locator('.game-grid--2').waitFor();
    await page.evaluate(() => window.scrollTo(0, 600));
    await page.waitForTimeout(200);
    const scrolled = await page.evaluate(() => window.scrollY);
    assert.ok(scrolled > 100);
    await page.locator('.tab-bar__item', { hasText: '活动' }).click();
    await page.waitForURL(/\/activity$/);
    await page.locator('.tab-bar__item.is-active', { hasText: '活动' }).waitFor();
    await page.locator('.tab-bar__item', { hasText: '首页' }).click();
    assert.equal(await page.getByRole('tab', { name: '视讯' }).getAttribute('aria-selected'), 'true');
    // The kept view restores its scroll position after it is shown again (a frame later), so wait for it.
    const restored = await page
      .waitForFunction((y) => Math.abs(window.scrollY - y) < 5, scrolled, { timeout: 3000 })
      .then(
        () => true,
        () => false,
      );
    assert.ok(
      restored,
      `scroll restored (now ${await page.evaluate(() => window.scrollY)}, was ${scrolled})`,
    );
    await page.goto(`${BASE}/home?game_type=3`);
    assert.equal(await page.getByRole('tab', { name: '捕鱼' }).getAttribute('aria-selected'), 'true');
    await page.locator('.game-grid--2').waitFor();
    await shot(page, 'lobby-fishing');
    await context.close();
  });

  /** A one-time sign-in link for the player holding `token` (decision 31). */
  const signInLinkFor = (token) =>
    fetch(`${BASE}/api/home/sign-in-link`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    })
      .then((r) => r.json())
      .then((r) => r.result);

  it('signs in from a sign-in link: the one-time code leaves the address and becomes a session', async () => {
    const username = uniqueUsername();
    const link = await signInLinkFor(await apiSignUp(username));
    const { context, page } = await newPhone(browser());
    // A slow exchange (a phone's network): the home page must not first show a guest's sign-in button where the
    // player's balance is about to be. The page records every sign-in button it ever draws.
    await page.route('**/api/home/sign-in-link/exchange', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 800));
      await route.continue();
    });
    await page.addInitScript(() => {
      window.__guestButtons = 0;
      new MutationObserver(() => {
        if (document.querySelector('.balance-card__login')) window.__guestButtons += 1;
      }).observe(document, { subtree: true, childList: true });
    });
    await page.goto(`${BASE}${link.path}`);
    await page.waitForURL(`${BASE}/home`);
    await greeted(page, username);
    await page.getByTestId('balance').waitFor();
    assert.equal(await page.evaluate(() => window.__guestButtons), 0);
    const stored = await storedToken(page);
    assert.ok(stored && stored !== link.code);
    assert.ok(!page.url().includes('token'));
    // The history entry itself was rewritten: going back does not return to the link.
    assert.ok(!(await page.evaluate(() => window.location.href)).includes(link.code));
    await context.close();
  });

  it('asks before a sign-in link replaces the signed-in player, and switches only when told', async () => {
    const mine = uniqueUsername();
    const myToken = await apiSignUp(mine);
    const theirs = uniqueUsername();
    const theirToken = await apiSignUp(theirs);
    const { context, page } = await newPhone(browser(), { koi_token: myToken });
    await page.goto(`${BASE}${(await signInLinkFor(theirToken)).path}`);
    const dialog = page.getByRole('dialog', { name: '切换账号？' });
    await dialog.getByText(`此浏览器已登录账号 ${mine}。`).waitFor();
    assert.ok(!page.url().includes('token'));
    assert.equal(await storedToken(page), myToken);
    await page.waitForTimeout(400);
    await shot(page, 'sign-in-link-switch-account');
    await dialog.getByRole('button', { name: '保持当前账号' }).click();
    await greeted(page, mine);
    assert.equal(await storedToken(page), myToken);

    await page.goto(`${BASE}${(await signInLinkFor(theirToken)).path}`);
    await dialog.getByRole('button', { name: '切换账号' }).click();
    await greeted(page, theirs);
    assert.notEqual(await storedToken(page), myToken);
    await context.close();
  });

  it('opens a playable game for a signed-in player in a new window at /redirect', async () => {
    const token = await apiSignUp(uniqueUsername());
    const { context, page } = await newPhone(browser(), { koi_token: token });
    await page.goto(`${BASE}/home`);
    const popup = context.waitForEvent('page');
    await page.getByTestId('game-grid').getByRole('button', { name: '骰子' }).click();
    const opened = await popup;
    assert.match(opened.url(), /\/redirect\?type=15&game_code=dice/);
    await context.close();
  });

  it('lists brands by category and opens a provider list', async () => {
    const { context, page } = await newPhone(browser());
    await page.goto(`${BASE}/home`);
    await page.getByRole('button', { name: '菜单' }).click();
    await page.locator('.side-drawer').waitFor();
    await page.waitForTimeout(400);
    await shot(page, 'drawer');
    await page
      .locator('.side-drawer')
      .getByRole('button', { name: /全部游戏/ })
      .click();
    await page.waitForURL(/\/allGames$/);
    await page.getByTestId('block-1').waitFor();
    await shot(page, 'all-games');
    await page.getByTestId('block-1').locator('.brand-tile').first().click();
    await page.waitForURL(/\/cateList\?plat_id=\d+&plat_type=1$/);
    // Home stays mounted but hidden (kept view), so look inside the visible screen.
    await page.locator('.cate-list').getByTestId('game-grid').waitFor();
    await shot(page, 'cate-list');
    await context.close();
  });

  it('clears a rejected token and opens the login dialog', async () => {
    const { context, page } = await newPhone(browser(), { koi_token: 'not-a-real-token' });
    await page.goto(`${BASE}/home`);
    await page.getByRole('heading', { name: '欢迎登录' }).waitFor();
    assert.equal(await storedToken(page), null);
    await greeted(page, '游客');
    await context.close();
  });

  it('shows a tab screen inside the frame with the tab bar, and a titled screen with a back button without it', async () => {
    const { context, page } = await newPhone(browser());
    await page.goto(`${BASE}/activity`);
    await page.locator('.tab-bar__item.is-active', { hasText: '活动' }).waitFor();
    assert.equal(await page.getByText('敬请期待').count(), 0);
    await shot(page, 'activity-tab');
    await page.goto(`${BASE}/vipInfo`);
    await page.locator('.app-nav').getByText('VIP特权').waitFor();
    assert.equal(await page.locator('.tab-bar').count(), 0);
    await context.close();
  });
});

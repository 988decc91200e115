/* global window, document -- waitForFunction callbacks run in the browser */
// Telegram (decision 37) in Chromium at 390×844 against the real server and the sandbox as real processes
// (see run.mjs; the sandbox hosts the bot, the server runs it in webhook mode): on the sandbox chat page a
// Telegram user sends /start with a player's invite code, the bot answers with an "打开 Koi" web_app button,
// opening it lands on the app's /tg with signed launch data in the fragment, the first visit asks for the 18+
// confirmation and creates the account, and the player is signed in on home; an operator then sees the
// inviter on the new player's record in the console API. Screenshots: artifacts/screenshots/telegram-*.png.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { describe, it } from 'node:test';
import { apiSignUp, BASE, sharedBrowser, shot, uniqueUsername } from '@koi/e2e/browser';
import { greeted, newPhone, storedToken } from './phone.mjs';
import { call, FINANCE_PASSWORD, operatorToken } from './scenario.mjs';

const SANDBOX = process.env.KOI_E2E_SANDBOX;
const OPERATOR = JSON.parse(process.env.KOI_E2E_OPERATOR ?? 'null');
/** The sandbox's default user 韩梅梅 (apps/sandbox/src/telegram/store.ts), whose Telegram speaks Chinese. */
const HAN = { id: 7000000002, username: 'han_meimei' };

const browser = sharedBrowser();

describe('Telegram Mini App sign-in', () => {
  it('signs a sandbox Telegram user in as the invitee of the code they pressed /start with', async () => {
    assert.ok(SANDBOX, 'run.mjs starts the sandbox');
    const inviterName = uniqueUsername();
    const inviterToken = await apiSignUp(inviterName, 'secret123', `e2e-${randomUUID()}`);
    const inviteCode = (await call('POST', `${BASE}/api/plat/info`, inviterToken, {})).result.invite_code;
    assert.match(inviteCode, /^[A-Za-z0-9]+$/);

    const { context, page } = await newPhone(browser());
    const errors = [];
    page.on('pageerror', (e) => errors.push(e.message));
    try {
      // The chat page: pick 韩梅梅, send /start with the invite code; the bot's answer carries the button.
      await page.goto(`${SANDBOX}/telegram/chat?user=${HAN.id}`);
      await page.locator('#user option').first().waitFor({ state: 'attached' });
      await page.locator('#user').selectOption(String(HAN.id));
      await page.locator('#code').fill(inviteCode);
      await page.getByRole('button', { name: '发送 /start' }).click();
      // The server sets its webhook within a few seconds of starting; the update waits for it if need be.
      const open = page.locator('button[data-webapp]').last();
      await open.waitFor({ timeout: 30_000 });
      await page.locator('.msg.bot', { hasText: inviteCode }).waitFor();
      assert.equal(await open.textContent(), '打开 Koi');
      await shot(page, 'telegram-chat');

      // Opening it goes to the Mini App URL with the launch data in the fragment, as Telegram does.
      await Promise.all([page.waitForURL(`${BASE}/tg?code=${inviteCode}*`), open.click()]);
      // The fragment (signed launch data) leaves the address bar at once.
      await page.waitForFunction(() => !window.location.hash.includes('tgWebAppData'));
      // First visit: the account is created after the 18+ confirmation.
      const create = page.getByRole('button', { name: '创建账户并登录' });
      await create.waitFor();
      assert.ok(await create.isDisabled(), 'the button waits for the confirmation');
      await page.getByText(`邀请码：${inviteCode}`).waitFor();
      await shot(page, 'telegram-age');
      await page.getByText('我已年满18周岁').click();
      await create.click();

      // Signed in on home as the Telegram player (the name derived from their @username).
      const username = `tg_${HAN.username}`;
      await page.waitForURL(`${BASE}/home`);
      await greeted(page, username);
      assert.ok(await storedToken(page), 'a session of this browser');
      // The registration ran the same creation hooks as the web form: the run's 100 USDT demo bonus arrived.
      await page.waitForFunction(() =>
        document.querySelector('[data-testid="balance"]')?.textContent?.startsWith('100.0000'),
      );
      await shot(page, 'telegram-signed-in');

      // The console shows the inviter on the new player's record, as for a web-link registration.
      assert.ok(OPERATOR, 'run.mjs creates the finance operator');
      const op = await operatorToken(OPERATOR, FINANCE_PASSWORD);
      const list = await call('GET', `${BASE}/api/admin/players?keyword=${username}`, op);
      const row = list.result.data.find((p) => p.username === username);
      assert.ok(row, JSON.stringify(list));
      const detail = await call('GET', `${BASE}/api/admin/players/${row.id}`, op);
      assert.equal(detail.result.inviter?.username, inviterName);
      assert.deepEqual(errors, []);
    } catch (error) {
      await shot(page, 'telegram-fail').catch(() => undefined);
      throw error;
    } finally {
      await context.close();
    }
  });
});

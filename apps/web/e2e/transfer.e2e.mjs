// A transfer-wallet game against the sandbox's provider: launching 抢庄牛牛 moves the player's whole balance
// into the provider, so home shows it as 游戏中 beside the wallet, and coming back to Koi recalls it once.
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { apiSignUp, BASE, sharedBrowser, shot, uniqueUsername } from '@koi/e2e/browser';
import { newPhone } from './phone.mjs';

const browser = sharedBrowser();

async function apiGet(path, token) {
  const res = await fetch(`${BASE}${path}`, { headers: { authorization: `Bearer ${token}` } });
  return res.json();
}

it('shows money in a transfer-wallet game as 游戏中 and recalls it when the player returns home', async () => {
  const token = await apiSignUp(uniqueUsername());
  const launch = await apiGet('/api/game/login?game_code=ky-qznn&plat_type=12', token);
  assert.equal(launch.code, 200, JSON.stringify(launch));
  assert.equal((await apiGet('/api/plat/in-game', token)).result.total, '100.0000');

  const { context, page } = await newPhone(browser(), { koi_token: token });
  // The recall is held back a moment in the browser, so the screenshot catches the note before it goes.
  const recalls = [];
  await page.route('**/api/plat/refresh', async (route) => {
    recalls.push(Date.now());
    await new Promise((r) => setTimeout(r, 1500));
    await route.continue();
  });
  await page.goto(`${BASE}/`);
  await page.getByTestId('in-game').filter({ hasText: '游戏中 100.0000' }).waitFor();
  await shot(page, 'home-in-game');
  await page.getByTestId('in-game').waitFor({ state: 'detached', timeout: 15_000 });
  await page.getByTestId('balance').filter({ hasText: '100.0000' }).waitFor({ timeout: 15_000 });
  await page.waitForTimeout(500);
  await shot(page, 'home-in-game-recalled');
  assert.equal(recalls.length, 1);
  assert.equal((await apiGet('/api/plat/in-game', token)).result.total, '0.0000');

  // 交易记录: the move into the game and back read as done, not as frozen.
  await page.goto(`${BASE}/transactionRecords`);
  await page.getByRole('listitem').first().waitFor();
  await page.waitForTimeout(500);
  await shot(page, 'transaction-records-resolved');
  assert.equal(await page.getByRole('listitem').filter({ hasText: '冻结' }).count(), 0);

  // The withdraw form: what can be withdrawn now (nothing while the sign-up bonus's turnover is open).
  await page.goto(`${BASE}/recharge?type=withdraw`);
  await page.getByTestId('withdraw-available').waitFor();
  await page.waitForTimeout(500);
  await shot(page, 'withdraw-form-withdrawable');
  await context.close();
});

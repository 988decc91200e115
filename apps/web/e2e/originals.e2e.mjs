// Dice rounds on the originals screen against the real server (the e2e server credits each new player a
// 100 USDT demo bonus through the ledger), then the seed rotation and the in-browser verification of every
// round with @koi/fair.
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { apiSignUp, BASE, sharedBrowser, shot, uniqueUsername } from '@koi/e2e/browser';
import { newPhone } from './phone.mjs';

const browser = sharedBrowser();

it('plays a dice round and verifies it in the browser after the seed is revealed', async () => {
  const token = await apiSignUp(uniqueUsername());
  const { context, page } = await newPhone(browser(), { koi_token: token });
  await page.goto(`${BASE}/originals/dice`);
  await page
    .getByTestId('server-seed-hash')
    .filter({ hasText: /[0-9a-f]{64}/ })
    .waitFor();
  assert.equal(await page.getByRole('switch', { name: '自动投注' }).getAttribute('aria-checked'), 'false');
  await page.getByRole('button', { name: '投注' }).click();
  await page.locator('.result-badge').waitFor();
  await page.getByRole('button', { name: '投注' }).click();
  await page.locator('.originals-history li').nth(1).waitFor();
  await page.waitForTimeout(700);
  await shot(page, 'originals-dice');
  await page.getByRole('button', { name: '更换种子并公开旧种子' }).click();
  await page.getByTestId('verify-list').getByText('#1 ✓ 已验证').waitFor();
  assert.equal(await page.getByTestId('verify-list').getByText('✓').count(), 2);
  await context.close();
});

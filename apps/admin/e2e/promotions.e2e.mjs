// The console's promotions area in Chromium at 1440×900 against the real server (see run.mjs): the demo
// promotions (SEED_DEMO) with budget and spend, the create form generated from a template's rule schema (a
// trial bonus is created as a draft and started), a player's claim in the claims list, the linked-account
// group of two players who signed up on one device, and a player barred with a reason.
import assert from 'node:assert/strict';
import { describe } from 'node:test';
import { apiPost, apiSignUp, uniqueUsername } from '@koi/e2e/browser';
import { consoleSession, firstSignIn, label, OPERATORS, snapshot } from './session.mjs';

const { desktop, it } = consoleSession();

describe('console promotions', () => {
  it('creates and starts a promotion from its template form, and shows claims and linked accounts', async () => {
    const { page } = await desktop();
    await firstSignIn(page, OPERATORS.promo);
    await page.goto(`${page.url().replace(/\/admin\/?.*$/, '')}/admin/promotions`);
    await page.getByText('首充豪礼 最高送 100 USDT').waitFor();
    await snapshot(page, 'promo-01-list');

    // The form: choosing the trial type generates its rule fields (amount, new_player_days, terms).
    await page.getByRole('button', { name: /新建活动/ }).click();
    await page.locator('.ant-modal .ant-select-selector').first().click();
    await page.locator('.ant-select-item-option').filter({ hasText: '3 · 转场体验金' }).click();
    await page.locator('#promotion_title').fill('控制台体验金');
    await page.locator('#promotion_rules_amount').fill('6');
    await page.locator('#promotion_rules_new_player_days').fill('30');
    await page.locator('#promotion_budget').fill('600');
    await snapshot(page, 'promo-02-form');
    await page
      .locator('.ant-modal')
      .getByRole('button', { name: label('确定') })
      .click();
    const row = page.locator('.ant-table-row', { hasText: '控制台体验金' });
    await row.waitFor();
    await row.getByRole('button', { name: label('开始') }).click();
    await row.getByText('进行中').waitFor();

    // A player claims it; the claim shows in the claims tab with what was paid.
    const token = await apiSignUp(uniqueUsername(), 'secret123', 'promo-shared-device');
    await apiSignUp(uniqueUsername(), 'secret123', 'promo-shared-device');
    const list = await fetch(`${new URL(page.url()).origin}/api/plat/task/list`, {
      headers: { authorization: `Bearer ${token}` },
    }).then((r) => r.json());
    const promo = list.result.find((p) => p.title === '控制台体验金');
    const claimed = await apiPost('/api/plat/task/receive', token, { id: String(promo.id) });
    assert.equal(claimed.code, 200, JSON.stringify(claimed));
    await page.reload();
    await page.locator('.ant-table-row', { hasText: '控制台体验金' }).getByText('6 / 600').waitFor();
    await page.getByRole('tab', { name: '领取记录' }).click();
    // Inactive tabs stay in the page (hidden), so rows are looked for in the open tab only.
    const claimRow = page
      .locator('.ant-tabs-tabpane-active .ant-table-row', { hasText: '控制台体验金' })
      .first();
    await claimRow.waitFor();
    await snapshot(page, 'promo-03-claims');
    const playerId = (await claimRow.locator('td').nth(2).innerText()).trim();
    assert.match(playerId, /^\d+$/);

    // The linked-account group of the claimant: the other player on the same device, and why.
    await page.getByRole('tab', { name: '关联账户' }).click();
    const panel = page.locator('.ant-tabs-tabpane-active');
    await panel.locator('input').fill(playerId);
    await panel.getByRole('button', { name: label('查询') }).click();
    await panel.getByText('同一设备指纹').first().waitFor();
    await snapshot(page, 'promo-04-households');
    await page.getByRole('tab', { name: '活动限制' }).click();
    await snapshot(page, 'promo-05-flags');
  });
});

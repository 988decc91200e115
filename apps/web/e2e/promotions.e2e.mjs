// The promotions journey in Chromium at 390×844 against the real server and the sandbox (see run.mjs): a new
// player deposits 100 on the sandbox chain (as the money journey does), opens the activity tab (the demo
// promotions, SEED_DEMO), opens the first-deposit bonus, claims it with the button, and sees the bonus with its
// turnover progress in the benefit centre; then plays part of the turnover and sees the progress move. Every
// promotions screen is photographed in both themes. Screenshots: artifacts/screenshots/promo-*.png.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { describe, it } from 'node:test';
import { apiPost, apiResult, BASE, sharedBrowser, shot } from '@koi/e2e/browser';
import { newPhone } from './phone.mjs';
import { failureShot, newPlayerPhone, sandboxPay } from './scenario.mjs';

const SANDBOX = process.env.KOI_E2E_SANDBOX;
const browser = sharedBrowser();

const failure = failureShot('promo');

describe('promotions journey', () => {
  it(
    'a new player deposits, claims the first-deposit bonus on the activity page and sees its turnover progress',
    failure.run(async () => {
      const { token, context, page, errors } = await newPlayerPhone(browser());
      failure.watch(page);

      // Before any deposit the first-deposit bonus explains why it cannot be claimed.
      await page.goto(`${BASE}/activity`);
      const card = page.locator('.promo-card').filter({ hasText: '首充豪礼' });
      await card.waitFor();
      await page.waitForTimeout(400);
      await shot(page, 'promo-01-activity');
      await card.click();
      await page.getByRole('alert').filter({ hasText: '完成首次充值后可领取' }).waitFor();
      await shot(page, 'promo-02-detail-before-deposit');

      // The deposit, paid on the sandbox chain.
      const order = await apiPost('/api/plat/recharge', token, { amount: '100' });
      assert.equal(order.code, 200, JSON.stringify(order));
      sandboxPay(SANDBOX, order.result.address, order.result.actual_amount);
      const deadline = Date.now() + 90_000;
      for (;;) {
        const list = await fetch(`${BASE}/api/plat/task/list`, {
          headers: { authorization: `Bearer ${token}` },
        });
        const first = (await list.json()).result.find((p) => p.type === 1);
        if (first.state === 'claimable') break;
        assert.ok(Date.now() < deadline, 'the deposit was not credited within 90 s');
        await new Promise((r) => setTimeout(r, 1000));
      }

      // The claim, with the button on the detail page.
      await page.reload();
      const claim = page.getByRole('button', { name: /领取 50(\.\d+)? USDT/ });
      await claim.waitFor();
      await shot(page, 'promo-03-detail-claimable');
      await claim.click();
      await page.getByRole('button', { name: /已领取 50(\.\d+)? USDT/ }).waitFor();
      await shot(page, 'promo-04-detail-claimed');

      const [bonus] = await apiResult('/api/plat/bonuses', token);
      assert.equal(bonus.state, 'open');
      assert.match(bonus.amount, /^50(\.\d+)?$/);
      assert.equal(bonus.percent, 0);

      // The benefit centre lists the bonus with its turnover: required 10× the bonus, nothing done yet.
      await page.goto(`${BASE}/benefit`);
      const row = page.getByTestId('bonus-row').first();
      await row.waitFor();
      assert.match(await row.innerText(), /流水要求 50\d(\.\d+)?/);
      await shot(page, 'promo-05-benefit');

      // Part of the turnover played. Bets clear the deposit's own 1× requirement first (it is older), then the
      // bonus's: three dice rounds of 40 (under the bonus's 50 max bet) at a 98 % chance, valid in this run
      // (run.mjs sets VALID_BET_MAX_WIN_CHANCE), so the run never depends on luck.
      for (let i = 0; i < 3; i += 1) {
        const bet = await fetch(`${BASE}/api/originals/dice/bet`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({
            amount: '40',
            idempotency_key: randomUUID(),
            target: '2.00',
            direction: 'over',
          }),
        }).then((r) => r.json());
        assert.equal(bet.code, 200, JSON.stringify(bet));
      }
      const [after] = await apiResult('/api/plat/bonuses', token);
      assert.ok(after.percent > 0 && after.percent < 100, JSON.stringify(after));
      await page.reload();
      await page
        .getByTestId('bonus-row')
        .filter({ hasText: `${after.percent}%` })
        .waitFor();
      await shot(page, 'promo-06-benefit-progress');

      // The home banners' activity types, and the rich content page.
      await page.goto(`${BASE}/activityDetail?activity_type=999`);
      await page.getByRole('button', { name: '邀请好友' }).waitFor();
      await shot(page, 'promo-07-detail-agent');
      await page.goto(`${BASE}/activityDetail?activity_type=9`);
      await page.getByText('5D 房间每日奖金').first().waitFor();
      await shot(page, 'promo-08-detail-type9');
      await page.goto(`${BASE}/customDetail?id=${await firstDepositId(token)}`);
      await page.locator('.promo-rich').waitFor();
      await shot(page, 'promo-09-custom-detail');
      assert.deepEqual(errors, []);
      await context.close();

      // The dark theme.
      const dark = await newPhone(browser(), { koi_token: token, koi_dark: '1' });
      await dark.page.goto(`${BASE}/activity`);
      await dark.page.locator('.promo-card').first().waitFor();
      await dark.page.waitForTimeout(400);
      await shot(dark.page, 'promo-10-activity-dark');
      await dark.page.goto(`${BASE}/activityDetail?id=${await firstDepositId(token)}`);
      await dark.page.locator('.promo-terms').waitFor();
      await shot(dark.page, 'promo-11-detail-dark');
      await dark.page.goto(`${BASE}/benefit`);
      await dark.page.getByTestId('bonus-row').first().waitFor();
      await shot(dark.page, 'promo-12-benefit-dark');
      await dark.context.close();
    }),
  );
});

async function firstDepositId(token) {
  const list = await fetch(`${BASE}/api/plat/task/list`, { headers: { authorization: `Bearer ${token}` } });
  return (await list.json()).result.find((p) => p.type === 1).id;
}

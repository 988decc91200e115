// A hosted payment channel in Chromium at 390×844 against the real
// server and the sandbox channel as real processes (see run.mjs): the recharge form lists the channel with its
// limits, fee and rate and quotes the amount; 立即充值 opens the channel's hosted page; paying there and
// following its "back to the merchant" link lands on the result screen, which shows the credit and the new
// balance. An order left unpaid shows as pending; one cancelled at the channel shows as failed.
// The record in 充提记录 shows the channel's fee and the net credit.
// Screenshots: artifacts/screenshots/channel-result-*.png, channel-records-fee.png.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { describe, it } from 'node:test';
import { apiSignUp, BASE, sharedBrowser, shot, uniqueUsername } from '@koi/e2e/browser';
import { newPhone } from './phone.mjs';

const browser = sharedBrowser();

async function plat(token, p, body = {}) {
  const res = await fetch(`${BASE}/api/${p}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return res.json();
}

describe('payment channel and its result screen', () => {
  it('pays on the hosted page and comes back to the credit; pending and failed orders show as such', async () => {
    const token = await apiSignUp(uniqueUsername(), 'secret123', `e2e-${randomUUID()}`);
    const channels = (await plat(token, 'pay/channel')).result;
    const cny = channels.find((c) => c.currency === 'CNY');
    assert.ok(cny, `the sandbox CNY channel is listed: ${JSON.stringify(channels)}`);
    const before = (await plat(token, 'plat/info')).result.balance;
    const { context, page } = await newPhone(browser(), { koi_token: token });
    try {
      await page.goto(`${BASE}/recharge`);
      await page.getByRole('radio', { name: new RegExp(cny.name) }).click();
      await page.getByLabel('充值金额').locator('input').fill('100');
      const quote = page.getByTestId('channel-quote');
      // 1% of 100 USDT, 100 × 7.2 CNY: the numbers the server will charge.
      await quote.waitFor();
      assert.match(await quote.innerText(), /手续费 1 USDT，到账 99 USDT，需支付 720\.00 CNY/);
      await shot(page, 'channel-result-form');

      await page.getByRole('button', { name: '立即充值' }).click();
      await page.waitForURL(/\/payments\/pay\//);
      await page.locator('#pay').click();
      await page.locator('#back').click();
      await page.waitForURL(/\/recharge\?channel_order=/);
      const paid = page.getByTestId('channel-result-paid');
      await paid.waitFor({ timeout: 20_000 });
      const after = (await plat(token, 'plat/info')).result.balance;
      assert.equal(Number(after) - Number(before), 99, `credited 99 once: ${before} → ${after}`);
      await page.getByText(`当前余额：${after}`).waitFor({ timeout: 10_000 });
      await shot(page, 'channel-result-paid');
      await page.getByRole('button', { name: '查看充提记录' }).click();
      await page.waitForURL(/\/rechargeRecords/);
      // The record tells the whole story: 100 asked, 1 kept by the channel, 99 credited.
      await page.getByText('通道手续费 1.0000 · 实际到账 99.0000').waitFor({ timeout: 10_000 });
      await shot(page, 'channel-records-fee');

      // An order left unpaid: the result screen waits for the channel.
      const open = (await plat(token, 'plat/iPay/rechargeOrder', { channel_id: cny.id, amount: '50' }))
        .result;
      await page.goto(`${BASE}/recharge?channel_order=${open.order_id}`);
      await page.getByTestId('channel-result-pending').waitFor();
      await page.waitForTimeout(400);
      await shot(page, 'channel-result-pending');

      // Cancelled on the channel's page: its notification fails the order and the screen follows.
      const cancel = await fetch(
        open.pay_url.replace(/\/payments\/pay\/([^/?]+).*$/, '/payments/pay/$1/cancel'),
        {
          method: 'POST',
        },
      );
      assert.equal(cancel.status, 200);
      await page.getByTestId('channel-result-failed').waitFor({ timeout: 20_000 });
      await shot(page, 'channel-result-failed');
      await page.getByRole('button', { name: '返回充值' }).click();
      await page.getByRole('button', { name: '立即充值' }).waitFor();
    } finally {
      await context.close();
    }
  });
});

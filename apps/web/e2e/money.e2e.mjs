// The money journey in Chromium at 390×844 against the real server and the
// sandbox as real processes (see run.mjs): register → recharge 100 → the popup shows the address, the exact
// amount, the countdown and the sandbox link → `koi sandbox:pay` pays it on the sandbox chain → the balance
// shows +100 without a reload → (the deposit's 1× turnover is played on dice) → set the withdrawal password →
// bind a TRC20 address → withdraw 50 → the record shows pending review → a finance operator (made with the
// command line by run.mjs) signs in with TOTP and approves through the admin API → the record shows completed
// with a tx hash that exists on the sandbox chain; the balance is right and the ledger verifies clean.
// Screenshots: artifacts/screenshots/money-*.png.
/* global document -- waitForFunction callbacks run in the browser */
import assert from 'node:assert/strict';
import { randomBytes, randomUUID } from 'node:crypto';
import { describe, it } from 'node:test';
import bs58check from 'bs58check';
import { BASE, sharedBrowser, shot } from '@koi/e2e/browser';
import {
  call,
  failureShot,
  FINANCE_PASSWORD,
  newPlayerPhone,
  operatorToken,
  sandboxPay,
} from './scenario.mjs';

const SANDBOX = process.env.KOI_E2E_SANDBOX;
const OPERATOR = JSON.parse(process.env.KOI_E2E_OPERATOR ?? 'null');

const browser = sharedBrowser();
const WITHDRAW_PASSWORD = 'withdraw123';

/** USDT decimal strings to micro-USDT and back, exactly (no floats near money). */
const micro = (s) => {
  const [whole, fraction = ''] = s.split('.');
  return BigInt(whole) * 1_000_000n + BigInt(fraction.padEnd(6, '0').slice(0, 6));
};
const usdt4 = (m) => `${m / 1_000_000n}.${String((m % 1_000_000n) / 100n).padStart(4, '0')}`;

const plat = (token, p, body = {}) => call('POST', `${BASE}/api/plat/${p}`, token, body);

async function settle(page) {
  // Popups animate in; a screenshot mid-animation shows half a dialog.
  await page.waitForTimeout(450);
}

const failure = failureShot('money');

describe('money journey', () => {
  it(
    'deposits 100 on the sandbox chain, withdraws 50, and sees it approved and paid on chain',
    failure.run(async () => {
      assert.ok(OPERATOR, 'run.mjs creates the finance operator');
      const { username, token, context, page, errors } = await newPlayerPhone(browser());
      failure.watch(page);
      const startBalance = micro((await plat(token, 'info')).result.balance);

      // Recharge: below the minimum is refused before sending, then 100 asks the server for an order.
      await page.goto(`${BASE}/recharge`);
      await page.getByRole('button', { name: '立即充值' }).waitFor();
      await page.locator('input[aria-label="充值金额"]').fill('19');
      await page.getByRole('button', { name: '立即充值' }).click();
      await page.getByText('最低充值金额为20 USDT').waitFor();
      await shot(page, 'money-01-recharge-minimum');
      await page.getByRole('button', { name: '100', exact: true }).click();
      const answer = page.waitForResponse((r) => r.url().endsWith('/api/plat/recharge'));
      await page.getByRole('button', { name: '立即充值' }).click();
      const order = await (await answer).json();
      assert.equal(order.code, 200, JSON.stringify(order));
      const { address, actual_amount: actual } = order.result;
      await page.getByTestId('deposit-address').filter({ hasText: address }).waitFor();
      assert.match(await page.getByTestId('deposit-actual').innerText(), /^100\.0\d{3} USDT/);
      assert.match(await page.getByTestId('deposit-countdown').innerText(), /^1[45]:\d\d$/);
      // In the sandbox the popup links to the sandbox wallet, prefilled with this order.
      const link = new URL(await page.getByTestId('deposit-sandbox-link').getAttribute('href'));
      assert.equal(link.origin, SANDBOX);
      assert.deepEqual(Object.fromEntries(link.searchParams), { to: address, amount: actual });
      await settle(page);
      await shot(page, 'money-02-deposit-popup');
      // The countdown is live.
      const before = await page.getByTestId('deposit-countdown').innerText();
      await page.waitForFunction(
        (t) => document.querySelector('[data-testid="deposit-countdown"]')?.textContent !== t,
        before,
      );

      // The sandbox wallet page opens prefilled, as a person demoing the deposit would see it.
      const wallet = await context.newPage();
      await wallet.goto(link.href);
      assert.equal(await wallet.locator('#to').inputValue(), address);
      assert.equal(await wallet.locator('#amount').inputValue(), actual);
      await shot(wallet, 'money-03-sandbox-wallet');
      await wallet.close();

      // Pay it with the command line; the popup follows the order to its credit, no reload.
      const depositTx = sandboxPay(SANDBOX, address, actual);
      const credited = startBalance + micro(actual);
      await page
        .getByTestId('deposit-success')
        .filter({ hasText: usdt4(credited) })
        .waitFor({ timeout: 90_000 });
      await settle(page);
      await shot(page, 'money-04-deposit-credited');
      await page.getByTestId('deposit-success').getByRole('button', { name: '确定' }).click();

      // The withdrawal form shows the turnover the deposit requires (decision 23): 1× the deposit, and nothing
      // withdrawable until it is played, the remaining turnover beside the amount.
      await page.goto(`${BASE}/recharge?type=withdraw`);
      await page.getByTestId('withdraw-available').filter({ hasText: '0.0000' }).waitFor();
      assert.equal(await page.getByTestId('withdraw-turnover').innerText(), `${usdt4(micro(actual))} USDT`);
      assert.match(
        await page.getByTestId('withdraw-available-turnover').innerText(),
        new RegExp(usdt4(micro(actual))),
      );
      await shot(page, 'money-05-withdraw-turnover');
      // The player plays it: one dice round of 101 USDT at a 98 % chance (the originals e2e plays in the UI),
      // valid in this run (run.mjs sets VALID_BET_MAX_WIN_CHANCE).
      const bet = await call('POST', `${BASE}/api/originals/dice/bet`, token, {
        amount: '101',
        idempotency_key: randomUUID(),
        target: '2.00',
        direction: 'over',
      });
      assert.equal(bet.code, 200, JSON.stringify(bet));
      await page.reload();
      await page.getByTestId('withdraw-turnover').filter({ hasText: '0.0000 USDT' }).waitFor();
      const beforeWithdraw = micro((await plat(token, 'info')).result.balance);
      // Played: the whole balance is withdrawable now.
      await page
        .getByTestId('withdraw-available')
        .filter({ hasText: usdt4(beforeWithdraw) })
        .waitFor();

      // The guards lead to the password panel first.
      await page.getByRole('button', { name: '立即提现' }).click();
      const setPanel = page.getByRole('dialog', { name: '设置提现密码' });
      await setPanel.waitFor();
      await setPanel.locator('input[aria-label="新提现密码"]').fill(WITHDRAW_PASSWORD);
      await setPanel.locator('input[aria-label="确认提现密码"]').fill('withdraw124');
      await setPanel.getByRole('button', { name: '提交' }).click();
      await page.getByText('提现密码与确认密码不一致').waitFor();
      await settle(page);
      await shot(page, 'money-06-password-mismatch');
      await setPanel.locator('input[aria-label="确认提现密码"]').fill(WITHDRAW_PASSWORD);
      await setPanel.getByRole('button', { name: '提交' }).click();
      await page.getByText('设置成功').waitFor();
      await setPanel.waitFor({ state: 'hidden' });

      // Then the address panel: bind a fresh TRC20 address (its chain balance proves the payout below).
      const payoutAddress = bs58check.encode(Buffer.concat([Buffer.from([0x41]), randomBytes(20)]));
      await page.getByRole('button', { name: '立即提现' }).click();
      const addressPanel = page.getByRole('dialog', { name: '修改提现地址' });
      await addressPanel.waitFor();
      await addressPanel.getByRole('button', { name: '添加地址' }).click();
      await page.locator('input[aria-label="地址"]').fill(payoutAddress);
      await settle(page);
      await shot(page, 'money-07-add-address');
      await page.locator('.address-add').getByRole('button', { name: '确定' }).click();
      await page.getByText('添加成功').waitFor();
      await addressPanel.getByText(payoutAddress).waitFor();
      await settle(page);
      await shot(page, 'money-08-address-list');
      await addressPanel.getByRole('button', { name: '返回' }).click();
      await addressPanel.waitFor({ state: 'hidden' });

      // Withdraw 50 with the password: held at once, pending review.
      await page.locator('input[aria-label="提现金额"]').fill('50');
      await page.getByRole('button', { name: '立即提现' }).click();
      await page.locator('input[aria-label="提现密码"]').fill(WITHDRAW_PASSWORD);
      await settle(page);
      await shot(page, 'money-09-withdraw-password');
      const applied = page.waitForResponse((r) => r.url().endsWith('/api/plat/withdraw-apply'));
      await page.locator('.withdraw-password').getByRole('button', { name: '确定' }).click();
      const result = await (await applied).json();
      assert.equal(result.code, 200, JSON.stringify(result));
      const done = page.getByTestId('withdraw-done');
      await done.filter({ hasText: '待审核' }).waitFor();
      assert.match(await done.innerText(), /50\.0000 USDT/);
      await shot(page, 'money-10-withdraw-pending');
      const fee = micro(result.result.fee);
      const afterWithdraw = beforeWithdraw - 50_000_000n - fee;
      assert.equal((await plat(token, 'info')).result.balance, usdt4(afterWithdraw));

      // The records: the withdrawal pending review, the deposit credited with its transaction hash.
      await page.goto(`${BASE}/rechargeRecords`);
      const records = page.getByTestId('inout-record');
      await records.first().waitFor();
      const withdrawalRow = records.filter({ hasText: '提现' }).first();
      await withdrawalRow.getByTestId('inout-status').filter({ hasText: '待审核' }).waitFor();
      const depositRow = records.filter({ hasText: '充值' }).first();
      await depositRow.getByTestId('inout-status').filter({ hasText: '已到账' }).waitFor();
      assert.equal(await depositRow.getByTestId('inout-tx-hash').getAttribute('title'), depositTx);
      await settle(page);
      await shot(page, 'money-11-records-pending');

      // A finance operator approves through the admin API; the sandbox rail pays it.
      const op = await operatorToken(OPERATOR, FINANCE_PASSWORD);
      const queue = await call('GET', `${BASE}/api/admin/withdrawals?status=applied&size=50`, op);
      const mine = queue.result.data.find((w) => w.id === result.result.id);
      assert.ok(mine, 'the withdrawal is in the review queue');
      assert.equal(mine.username, username);
      const approved = await call('POST', `${BASE}/api/admin/withdrawals/${mine.id}/approve`, op, {
        reason: 'e2e: money journey',
      });
      assert.equal(approved.code, 200, JSON.stringify(approved));
      assert.equal(approved.result.state, 'paid');

      // The record shows completed with the transaction hash, which exists on the sandbox chain.
      await page.goto(`${BASE}/rechargeRecords`);
      await withdrawalRow.getByTestId('inout-status').filter({ hasText: '已完成' }).waitFor();
      const hash = await withdrawalRow.getByTestId('inout-tx-hash').getAttribute('title');
      assert.equal(hash, approved.result.tx_hash);
      assert.equal(
        (await fetch(`${SANDBOX}/tron/tx/${hash}`)).status,
        200,
        'the payout is on the sandbox chain',
      );
      const onChain = await fetch(`${SANDBOX}/tron/balance/${payoutAddress}`).then((r) => r.json());
      assert.equal(onChain.usdt, '50000000', 'exactly 50 USDT arrived, once');
      await settle(page);
      await shot(page, 'money-12-records-completed');

      // The balance is right (the hold is posted, nothing came back) and the ledger verifies clean.
      assert.equal((await plat(token, 'info')).result.balance, usdt4(afterWithdraw));
      await page.goto(`${BASE}/user`);
      await page
        .getByTestId('user-balance')
        .filter({ hasText: usdt4(afterWithdraw) })
        .waitFor();
      await settle(page);
      await shot(page, 'money-13-user-balance');
      const verify = await call('POST', `${BASE}/api/admin/ledger/verify`, op);
      assert.equal(verify.code, 200, JSON.stringify(verify));
      assert.deepEqual(verify.result.violations, []);
      assert.equal(verify.result.ok, true);

      // The security centre reaches both panels and the deposit limits.
      await page.goto(`${BASE}/safe`);
      // The withdrawal password row reports it as set (the journey set it above).
      await page.getByText('提现密码', { exact: true }).waitFor();
      await page.getByText('已设置').waitFor();
      await page.getByText('充值限额（理性游戏）').waitFor();
      await settle(page);
      await shot(page, 'money-14-safe');
      assert.deepEqual(errors, []);
      await context.close();
    }),
  );
});

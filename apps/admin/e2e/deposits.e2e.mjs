// The console's deposits screens in Chromium at 1440×900 against the real server and the sandbox TRON node
// (see run.mjs): a player pays an order on the sandbox chain and then sends money that matches no order from
// the same wallet; a finance operator finds it in 未匹配队列 with the likely player and matches it (credited
// once), records a refund, asks to match a larger payment that a second finance operator approves, manages
// the receiving addresses and reads the watcher's cursor and lag.
/* global document -- waitForFunction callbacks run in the browser */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { before, describe } from 'node:test';
import bs58check from 'bs58check';
import { apiSignUp, BASE, uniqueUsername } from '@koi/e2e/browser';
import { consoleSession, firstSignIn, giveReason, label, OPERATORS, snapshot } from './session.mjs';

const SANDBOX = process.env.KOI_E2E_SANDBOX ?? '';
const { desktop, it, track } = consoleSession();

/** A person's wallet on the sandbox chain sends USDT (the sandbox's wallet page does the same). */
async function send(to, amount, from) {
  const res = await fetch(`${SANDBOX}/tron/wallet/send`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ to, amount, ...(from ? { from } : {}) }),
  });
  const body = await res.json();
  assert.equal(res.status, 200, JSON.stringify(body));
  return body;
}

async function until(what, check, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 300));
  }
}

/**
 * The row of the current table showing `amount`, once the watcher has recorded it: the screen is reloaded
 * every few seconds (after it finished loading) until the row is there.
 */
async function queueRow(page, amount) {
  const row = page.locator('.ant-table-row', { hasText: amount });
  await until(
    `${amount} in the table`,
    async () => {
      await page.locator('.ant-table').waitFor();
      await page.waitForFunction(() => !document.querySelector('.ant-spin-spinning'));
      if ((await row.count()) > 0) return true;
      await page.waitForTimeout(2000);
      await page.reload();
      return false;
    },
    60_000,
  );
  return row.first();
}

/** On 监听状态, after a refresh: whether the watcher's row for `address` shows a lag, i.e. it has been polled. */
async function polled(page, address) {
  await page.getByRole('button', { name: /刷\s*新/ }).click();
  return /\d+ 秒/.test((await page.locator('.ant-table-row', { hasText: address }).textContent()) ?? '');
}

/** Presses `button` (匹配入账, 退款) on the queue row showing `amount`; the dialog it opens, found by `field`. */
async function resolveDialog(page, amount, button, field) {
  const row = await queueRow(page, amount);
  await row.getByRole('button', { name: label(button) }).click();
  return page.locator('.ant-modal').filter({ has: page.locator(field) });
}

describe('deposits console', () => {
  let player;
  let auth;
  let wallet;
  let depositAddress;
  let a;

  const balance = async () =>
    (
      await fetch(`${BASE}/api/plat/info`, { method: 'POST', headers: auth, body: '{}' }).then((r) =>
        r.json(),
      )
    ).result.balance;

  before(async () => {
    const health = await until('the sandbox', () =>
      fetch(`${SANDBOX}/health`).then(
        (r) => r.ok,
        () => false,
      ),
    );
    assert.ok(health);
    player = uniqueUsername();
    const token = await apiSignUp(player);
    auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    // An order paid in time from the player's wallet: credited by the watcher, and the wallet is now known.
    const order = (
      await fetch(`${BASE}/api/plat/recharge`, {
        method: 'POST',
        headers: auth,
        body: JSON.stringify({ amount: '30' }),
      }).then((r) => r.json())
    ).result;
    depositAddress = order.address;
    wallet = (await send(order.address, order.actual_amount)).from;
    await until('the order credited', async () => {
      const state = await fetch(`${BASE}/api/plat/recharge/${order.order_id}`, { headers: auth }).then((r) =>
        r.json(),
      );
      return state.result?.status === 1;
    });
    // Three payments that match no order, from the same wallet: one to match, one to refund, one above the
    // approval amount.
    await send(depositAddress, '12.5', wallet);
    await send(depositAddress, '7.77', wallet);
    await send(depositAddress, '150', wallet);
  });

  it('shows the deposits group to finance and the unmatched queue with the likely player', async () => {
    a = await desktop();
    const { page } = a;
    await firstSignIn(page, OPERATORS.depositA);
    for (const item of ['充值订单', '链上转账', '未匹配队列', '收款地址', '监听状态']) {
      await page.getByRole('menuitem', { name: item }).waitFor();
    }
    await page.getByText('充值管理').waitFor();
    await page.getByRole('menuitem', { name: '未匹配队列' }).click();
    await page.waitForURL(/\/admin\/deposits\/unmatched$/);
    for (const amount of ['12.50', '7.77', '150.00']) await queueRow(page, amount);
    const row = await queueRow(page, '12.50');
    assert.match(await row.textContent(), new RegExp(player));
    assert.match(await row.textContent(), /无对应订单/);
    await snapshot(page, 'dep-01-unmatched-queue');
  });

  it('matches a payment to the likely player with a reason: credited once', async () => {
    const page = track(a.page);
    const dialog = await resolveDialog(page, '12.50', '匹配入账', '#resolve_player_id');
    // Prefilled with the likely player (the one player this wallet funded before).
    assert.match(await dialog.locator('#resolve_player_id').inputValue(), /^\d+$/);
    // The reason is required: the dialog says so and sends nothing.
    await dialog.getByRole('button', { name: label('确定') }).click();
    await dialog.getByText('请填写原因').waitFor();
    await snapshot(page, 'dep-02-match-dialog');
    await dialog.locator('#resolve_reason').fill('e2e: same wallet as the player’s earlier deposit');
    await dialog.getByRole('button', { name: label('确定') }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.locator('.ant-segmented-item', { hasText: '已匹配' }).click();
    const matched = page.locator('.ant-table-row', { hasText: '12.50' });
    await matched.waitFor();
    assert.match(await matched.textContent(), /已匹配入账/);
    // 100 sign-up bonus + the 30 order + the matched 12.5, credited once.
    assert.equal(await balance(), '142.5000');
    await page.locator('.ant-segmented-item', { hasText: '未处理' }).click();
  });

  it('records a refund with its reference', async () => {
    const page = track(a.page);
    const dialog = await resolveDialog(page, '7.77', '退款', '#resolve_reference');
    await dialog.locator('#resolve_reference').fill(randomBytes(32).toString('hex'));
    await dialog.locator('#resolve_reason').fill('e2e: sender asked for the money back');
    await snapshot(page, 'dep-03-refund-dialog');
    await dialog.getByRole('button', { name: label('确定') }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.locator('.ant-table-row', { hasText: '7.77' }).waitFor({ state: 'detached' });
  });

  it('asks to match a payment above the approval amount: it waits, and the requester cannot approve it', async () => {
    const page = track(a.page);
    const dialog = await resolveDialog(page, '150.00', '匹配入账', '#resolve_player_id');
    await dialog.getByText('须由另一位操作员复核批准').waitFor();
    await dialog.locator('#resolve_reason').fill('e2e: player sent the ticket with the hash');
    await dialog.getByRole('button', { name: label('确定') }).click();
    await dialog.waitFor({ state: 'detached' });
    const waiting = page.locator('.ant-table-row', { hasText: '150.00' });
    await waiting.getByText('待复核').waitFor();
    assert.equal(await waiting.getByRole('button', { name: label('批准') }).isDisabled(), true);
    await snapshot(page, 'dep-04-awaiting-approval');
  });

  it('a second finance operator approves it and the money moves', async () => {
    const b = await desktop();
    const { page, context } = b;
    await firstSignIn(page, OPERATORS.depositB);
    await page.getByRole('menuitem', { name: '未匹配队列' }).click();
    const row = await queueRow(page, '150.00');
    await row.getByRole('button', { name: label('批准') }).click();
    await giveReason(page, 'e2e: checked the ticket');
    await page.locator('.ant-segmented-item', { hasText: '已匹配' }).click();
    const matched = page.locator('.ant-table-row', { hasText: '150.00' });
    await matched.waitFor();
    await snapshot(page, 'dep-05-approved');
    assert.equal(await balance(), '292.5000');
    await page.locator('.ant-segmented-item', { hasText: '全部' }).click();
    await page.locator('.ant-table-row', { hasText: '已退款' }).waitFor();
    await snapshot(page, 'dep-06-unmatched-all');
    await context.close();
  });

  it('lists orders and chain transfers with confirmations and match state', async () => {
    const page = track(a.page);
    await page.getByRole('menuitem', { name: '充值订单' }).click();
    await page.locator('#order-filters_player').fill(player);
    await page.getByRole('button', { name: /查\s*询/ }).click();
    const order = page.locator('.ant-table-row', { hasText: player });
    await order.getByText('已到账').waitFor();
    await snapshot(page, 'dep-07-orders');
    await page.getByRole('menuitem', { name: '链上转账' }).click();
    await page.locator('.ant-table-row', { hasText: '150.00' }).waitFor();
    assert.ok((await page.locator('.ant-table-row', { hasText: '已确认' }).count()) >= 4);
    await snapshot(page, 'dep-08-transfers');
  });

  it('adds a receiving address (checksum checked), disables it, and shows the watcher', async () => {
    const page = track(a.page);
    await page.getByRole('menuitem', { name: '收款地址' }).click();
    await page.locator('.ant-table-row', { hasText: depositAddress }).waitFor();
    await page.getByRole('button', { name: /添加收款地址/ }).click();
    const dialog = page.locator('.ant-modal').filter({ has: page.locator('#address_address') });
    const fresh = bs58check.encode(Buffer.concat([Buffer.from([0x41]), randomBytes(20)]));
    // One changed character fails the checksum: the server refuses with its message, the dialog stays open.
    const typo = fresh.slice(0, 10) + (fresh[10] === 'a' ? 'b' : 'a') + fresh.slice(11);
    await dialog.locator('#address_address').fill(typo);
    await dialog.locator('#address_label').fill('e2e 热钱包2号');
    await dialog.locator('#address_reason').fill('e2e: capacity');
    await dialog.getByRole('button', { name: label('确定') }).click();
    await dialog.getByRole('alert').getByText('TRON地址格式不正确').waitFor();
    await snapshot(page, 'dep-09-address-checksum');
    await dialog.locator('#address_address').fill(fresh);
    // The OK button by its place rather than its name: after a refusal that quick, antd can leave its spinner
    // (invisible, but still labelled "loading") behind in the button.
    await dialog.locator('.ant-modal-footer .ant-btn-primary').click();
    await dialog.waitFor({ state: 'detached' });
    // The watcher polls an enabled address every second, but a disabled one only while money may still come
    // for an order, which this new address has none of: it is disabled once the watcher has polled it.
    await page.getByRole('menuitem', { name: '监听状态' }).click();
    await until('the new address polled', () => polled(page, fresh));
    await page.getByRole('menuitem', { name: '收款地址' }).click();
    const row = page.locator('.ant-table-row', { hasText: fresh });
    await row.getByRole('button', { name: label('停用') }).click();
    await giveReason(page, 'e2e: rotate out');
    await row.getByText('停用', { exact: true }).first().waitFor();
    await row.getByRole('button', { name: label('启用') }).waitFor();
    await snapshot(page, 'dep-10-addresses');
    await page.getByRole('menuitem', { name: '监听状态' }).click();
    const watched = page.locator('.ant-table-row', { hasText: depositAddress });
    await watched.waitFor();
    await until('the watcher row shows a lag', async () => /\d+ 秒/.test(await watched.textContent()));
    // The disabled address is still listed, with its cursor and lag.
    await until('the disabled address listed', () => polled(page, fresh));
    await snapshot(page, 'dep-11-watcher');
    await page.getByRole('button', { name: 'English' }).click();
    await page.getByRole('menuitem', { name: 'Unmatched queue' }).click();
    await page.getByText('Why not credited').waitFor();
    await page.locator('.ant-segmented-item', { hasText: /^All$/ }).click();
    await page.locator('.ant-table-row', { hasText: 'Refunded' }).waitFor();
    await snapshot(page, 'dep-12-unmatched-english');
    await page
      .getByRole('button', { name: '中文' })
      .click()
      .catch(() => undefined);
    await a.context.close();
  });
});

// Withdrawal review in the console (decision 22) in Chromium at 1440×900 against the real
// server and the sandbox payout rail (see run.mjs). Four players apply through the player API; two finance
// operators review them: a small one approved and paid on the sandbox chain, one above the two-operator
// amount (the first operator cannot add the second approval), one rejected with a reason (money back), and
// one whose payout answer is lost (shown as processing, then reconciled to paid, sent once).
/* global document -- waitForFunction callbacks run in the browser */
import assert from 'node:assert/strict';
import { randomBytes, randomUUID } from 'node:crypto';
import { before, describe } from 'node:test';
import bs58check from 'bs58check';
import { apiSignUp, BASE, shot, uniqueUsername } from '@koi/e2e/browser';
import { consoleSession, firstSignIn, giveReason, label, OPERATORS, settle, snapshot } from './session.mjs';

const SANDBOX = process.env.KOI_E2E_SANDBOX;
const CONTROL = process.env.KOI_E2E_SANDBOX_CONTROL;
const WITHDRAW_PASSWORD = 'payout-pass-8';
const { desktop, it, track } = consoleSession();

const tronAddress = () => bs58check.encode(Buffer.concat([Buffer.from([0x41]), randomBytes(20)]));

async function plat(token, path, body = {}) {
  const res = await fetch(`${BASE}/api/plat/${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return res.json();
}

/** A new player (100 USDT demo bonus, own device) who applies for `amount` to a fresh TRC20 address. */
async function applicant(amount) {
  const username = uniqueUsername();
  const token = await apiSignUp(username, 'secret123', `e2e-${randomUUID()}`);
  assert.equal((await plat(token, 'set-password', { password: WITHDRAW_PASSWORD })).code, 200);
  const address = tronAddress();
  const bound = await plat(token, 'bind-address', { type: '1', address, area: '' });
  assert.equal(bound.code, 200, JSON.stringify(bound));
  const applied = await plat(token, 'withdraw-apply', {
    amount,
    address_id: bound.result.id,
    password: WITHDRAW_PASSWORD,
    request_id: randomUUID(),
  });
  assert.equal(applied.code, 200, JSON.stringify(applied));
  return { username, token, address, id: applied.result.id, amount };
}

const control = (path, body) =>
  fetch(`${SANDBOX}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-sandbox-control': CONTROL },
    body: JSON.stringify(body),
  }).then((r) => r.json());

/** The sandbox chain's USDT balance of an address, in micro-USDT (a decimal string). */
const chainBalance = (address) =>
  fetch(`${SANDBOX}/tron/balance/${address}`)
    .then((r) => r.json())
    .then((b) => b.usdt);

async function openReview(page, w) {
  const row = page.locator('.ant-table-row', { hasText: w.username });
  await row.getByRole('button', { name: /^\s*(审\s*核|查\s*看)\s*$/ }).click();
  await page.locator('.ant-drawer-title', { hasText: `#${w.id}` }).waitFor();
  await settle(page);
  return page.locator('.ant-drawer');
}

async function closeDrawer(page) {
  await page.locator('.ant-drawer-close').click();
  await page.locator('.ant-drawer-open').waitFor({ state: 'detached' });
}

async function approveIn(page, drawer, buttonText) {
  await drawer.getByRole('button', { name: label(buttonText) }).click();
  const dialog = page.locator('.ant-modal').filter({ hasText: '批准后将向' });
  await dialog.locator('textarea').fill('e2e: checked');
  await dialog.getByRole('button', { name: label('确定') }).click();
  await dialog.waitFor({ state: 'hidden' });
}

describe('withdrawal review (finance)', () => {
  let small;
  let large;
  let refused;
  let lost;
  let operatorA;

  before(async () => {
    small = await applicant('20');
    large = await applicant('60');
    refused = await applicant('30');
    lost = await applicant('15');
  });

  it('shows the open queue with amounts, addresses, states and review flags', async () => {
    operatorA = await desktop();
    const { page } = operatorA;
    await firstSignIn(page, OPERATORS.payA);
    await page.getByRole('menuitem', { name: '提现审核' }).click();
    await page.waitForURL(/\/admin\/withdrawals$/);
    for (const w of [small, large, refused, lost]) {
      await page.locator('.ant-table-row', { hasText: w.username }).waitFor();
    }
    const largeRow = page.locator('.ant-table-row', { hasText: large.username });
    assert.match(await largeRow.textContent(), /需双人审批/);
    assert.match(await largeRow.textContent(), /首次提现/);
    await snapshot(page, 'wd-01-queue');
  });

  it('approves a small withdrawal: paid at once with a tx hash that exists on the sandbox chain', async () => {
    const page = track(operatorA.page);
    const drawer = await openReview(page, small);
    // The player's context is on the drawer before the decision.
    await drawer.getByText('玩家信息').waitFor();
    await drawer.getByText('同设备其他玩家').waitFor();
    await drawer.getByText('近7日投注（按游戏）').waitFor();
    await shot(page, 'wd-02-review-drawer');
    await approveIn(page, drawer, '批准出款');
    await drawer.locator('.ant-tag', { hasText: '已出款' }).waitFor({ timeout: 30_000 });
    const hash = (await drawer.getByTestId('withdrawal-tx-hash').textContent()).trim();
    assert.match(hash, /^[0-9a-f]{64}$/);
    const tx = await fetch(`${SANDBOX}/tron/tx/${hash}`);
    assert.equal(tx.status, 200, 'the transaction exists on the sandbox chain');
    assert.equal(await chainBalance(small.address), '20000000');
    await snapshot(page, 'wd-03-paid');
    await closeDrawer(page);
  });

  it('records a first approval above the two-operator amount and refuses the same operator the second', async () => {
    const page = track(operatorA.page);
    const drawer = await openReview(page, large);
    await drawer.getByText('金额超过双人审批阈值，需要两位不同的操作员批准。').waitFor();
    await approveIn(page, drawer, '批准出款');
    await drawer.getByTestId('second-approval-banner').waitFor();
    await drawer.locator('.ant-tag', { hasText: '待第二人批准' }).waitFor();
    assert.equal(await drawer.getByRole('button', { name: label('第二人批准') }).isDisabled(), true);
    assert.match(await drawer.getByTestId('second-approval-banner').textContent(), /另一位操作员/);
    assert.equal(await chainBalance(large.address), '0', 'nothing is paid after one approval');
    await snapshot(page, 'wd-04-second-pending');
    await closeDrawer(page);
  });

  it('rejects with a reason: the held money goes back and the player sees the reason', async () => {
    const page = track(operatorA.page);
    const before = await plat(refused.token, 'info');
    const drawer = await openReview(page, refused);
    await drawer.getByRole('button', { name: label('驳回') }).click();
    await giveReason(page, '地址与实名信息不符');
    await drawer.locator('.ant-tag', { hasText: '已驳回' }).waitFor();
    await drawer.getByText('地址与实名信息不符').waitFor();
    const after = await plat(refused.token, 'info');
    // 30 + the 1 USDT fee were held; both are back.
    assert.equal(Number(after.result.balance) - Number(before.result.balance), 31);
    const records = await plat(refused.token, 'inout-records', { range: 2, type: 2 });
    assert.equal(records.result.list[0].status, 3);
    await snapshot(page, 'wd-05-rejected');
    await closeDrawer(page);
  });

  it('shows a payout whose answer was lost as processing, then reconciles it to paid without paying twice', async () => {
    const page = track(operatorA.page);
    await control('/control/payout/faults', { drop_answer_next: 1 });
    const drawer = await openReview(page, lost);
    await approveIn(page, drawer, '批准出款');
    await drawer.locator('.ant-tag', { hasText: '处理中（结果未知，对账中）' }).waitFor({ timeout: 30_000 });
    await drawer.getByText(/切勿手动退款或重复出款/).waitFor();
    await snapshot(page, 'wd-06-processing');
    // The reconciler asks the rail about the withdrawal after 30 s of quiet (job every 15 s).
    await drawer.locator('.ant-tag', { hasText: '已出款' }).waitFor({ timeout: 120_000 });
    assert.equal(await chainBalance(lost.address), '15000000', 'sent exactly once');
    await snapshot(page, 'wd-07-reconciled');
    await closeDrawer(page);
  });

  it('a second finance operator completes the two-operator approval; the queue filters by state and amount', async () => {
    const { context, page } = await desktop();
    await firstSignIn(page, OPERATORS.payB);
    await page.goto(`${BASE}/admin/withdrawals`);
    const drawer = await openReview(page, large);
    await drawer.getByTestId('second-approval-banner').waitFor();
    await shot(page, 'wd-08-second-operator');
    await approveIn(page, drawer, '第二人批准');
    await drawer.locator('.ant-tag', { hasText: '已出款' }).waitFor({ timeout: 30_000 });
    assert.equal(await chainBalance(large.address), '60000000');
    // The approvers by their usernames, not by id.
    const approvers = drawer
      .locator('.ant-descriptions-item-label', { hasText: '批准人' })
      .locator('xpath=following-sibling::*[1]');
    assert.equal(
      (await approvers.textContent()).trim(),
      `${OPERATORS.payA.username} · ${OPERATORS.payB.username}`,
    );
    await drawer.getByTestId('context-withdrawing').waitFor();
    await closeDrawer(page);
    await page.locator('.ant-segmented-item', { hasText: '已出款' }).click();
    await page.getByPlaceholder('最低金额').fill('50');
    await page.getByRole('button', { name: /查\s*询/ }).click();
    await page.locator('.ant-table-row', { hasText: large.username }).waitFor();
    await page.waitForFunction(() => document.querySelectorAll('.ant-table-row').length === 1);
    await snapshot(page, 'wd-09-filtered-paid');
    await context.close();
    await operatorA.context.close();
  });
});

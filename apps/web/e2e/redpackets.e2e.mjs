// The red-packet journey in two browsers against the real server: one player sends a packet with a mine from
// /redBag, another watches /game and sees it arrive live (the room's topic on the events stream), grabs a share,
// and once four more players (over the API) have taken the rest, sees the packet close live and verifies its
// split in the browser with @koi/fair. Also the rules page's verifier and the history, light and dark.
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { apiPost, apiSignUp, BASE, sharedBrowser, shot, uniqueUsername } from '@koi/e2e/browser';
import { newPhone } from './phone.mjs';

const browser = sharedBrowser();
const SHOTS = 'redpacket-';

it('sends a packet in one browser, grabs it live in another, and verifies the split after the close', async () => {
  const senderToken = await apiSignUp(uniqueUsername(), 'secret123', `rp-s-${Date.now()}`);
  const grabberToken = await apiSignUp(uniqueUsername(), 'secret123', `rp-g-${Date.now()}`);
  const sender = await newPhone(browser(), { koi_token: senderToken });
  const grabber = await newPhone(browser(), { koi_token: grabberToken, koi_dark: '1' });

  // The grabber opens the room first and waits until the live stream is connected.
  await grabber.page.goto(`${BASE}/game`);
  await grabber.page.locator('[data-testid="rp-live"][data-live="true"]').waitFor();
  const before = await grabber.page.locator('[data-testid^="rp-packet-"]').count();

  await sender.page.goto(`${BASE}/redBag`);
  await sender.page.getByTestId('rp-total').locator('input').fill('10');
  await sender.page.getByTestId('rp-mine-7').click();
  await sender.page.waitForTimeout(300);
  await shot(sender.page, `${SHOTS}redbag`);
  await sender.page.getByTestId('rp-submit').click();
  await sender.page.waitForURL(/\/game\?room=\d+/);
  const sentCard = sender.page.locator('[data-testid^="rp-packet-"]').first();
  await sentCard.waitFor();
  const packetId = Number((await sentCard.getAttribute('data-testid')).replace('rp-packet-', ''));

  // The grabber's room shows it without a reload.
  const card = grabber.page.getByTestId(`rp-packet-${packetId}`);
  await card.waitFor({ timeout: 10_000 });
  assert.equal(await grabber.page.locator('[data-testid^="rp-packet-"]').count(), before + 1);
  await grabber.page.getByTestId(`rp-grab-${packetId}`).click();
  await grabber.page.getByTestId('rp-grab-result').waitFor();
  await grabber.page.waitForTimeout(700);
  await shot(grabber.page, `${SHOTS}grab-dark`);
  await grabber.page.getByTestId('rp-grab-result').click();
  await card.getByTestId('rp-my-share').waitFor();

  // The sender's room saw the grab live too.
  await sender.page.getByTestId(`rp-packet-${packetId}`).locator('.rp-grab').first().waitFor();
  await shot(sender.page, `${SHOTS}game`);

  // Four more players take the other shares; the last grab closes the packet.
  for (let i = 0; i < 4; i++) {
    const token = await apiSignUp(uniqueUsername(), 'secret123', `rp-o-${i}-${Date.now()}`);
    const res = await apiPost('/api/redpacket/grab', token, { packet_id: String(packetId) });
    assert.equal(res.code, 200, JSON.stringify(res));
  }
  await grabber.page
    .locator(`[data-testid="rp-packet-${packetId}"][data-state="closed"]`)
    .waitFor({ timeout: 10_000 });
  assert.equal(await card.locator('.rp-grab').count(), 5);
  await card.getByRole('button', { name: '验证拆分' }).first().click();
  await card.getByTestId(`rp-verify-${packetId}`).getByRole('button', { name: '验证拆分' }).click();
  await card.getByText('验证通过：由公开的种子重新计算的每一份与实际一致').waitFor();
  await card.scrollIntoViewIfNeeded();
  await shot(grabber.page, `${SHOTS}verified-dark`);

  // My history lists the packet with the same verification.
  await grabber.page.goto(`${BASE}/historyList`);
  await grabber.page.getByRole('tab', { name: '我抢的' }).click();
  await grabber.page.getByTestId(`rp-packet-${packetId}`).waitFor();
  await shot(grabber.page, `${SHOTS}history-dark`);
  await sender.page.goto(`${BASE}/historyList`);
  await sender.page.getByTestId(`rp-packet-${packetId}`).waitFor();
  await shot(sender.page, `${SHOTS}history`);
  await sender.context.close();
  await grabber.context.close();
});

it('explains the rules and recomputes the worked example in the verifier', async () => {
  const { context, page } = await newPhone(browser());
  await page.goto(`${BASE}/redRule`);
  await page.getByTestId('rp-example').getByText('1.525164').waitFor();
  await shot(page, `${SHOTS}rule`);
  await page.getByRole('button', { name: '填入示例' }).click();
  await page.getByTestId('rp-v-compute').click();
  const verifier = page.getByTestId('rp-verifier');
  for (const share of ['1.525164', '1.825367', '2.481632', '1.521444', '2.646393']) {
    await verifier.getByText(share).waitFor();
  }
  await page.getByTestId('rp-v-hash').locator('input').fill('0'.repeat(64));
  await page.getByTestId('rp-v-compute').click();
  await verifier.getByText('服务器种子与公布的哈希不符').waitFor();
  await verifier.scrollIntoViewIfNeeded();
  await shot(page, `${SHOTS}rule-verifier`);
  await context.close();
});

it('asks a guest to sign in on the room', async () => {
  const { context, page } = await newPhone(browser(), { koi_dark: '1' });
  await page.goto(`${BASE}/game`);
  await page.getByText('登录后参与红包扫雷').waitFor();
  await shot(page, `${SHOTS}game-guest-dark`);
  await context.close();
});

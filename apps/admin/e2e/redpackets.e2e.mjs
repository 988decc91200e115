// The console's red-packet screen in Chromium at 1440×900 against the real server: an admin creates a room
// (a bad fee is refused with the server's message first), closes it with a reason, and opens a packet a player
// sent, read-only, with its seed hash and no server seed while it is open.
import assert from 'node:assert/strict';
import { describe } from 'node:test';
import { apiPost, apiSignUp, uniqueUsername } from '@koi/e2e/browser';
import { consoleSession, firstSignIn, giveReason, label, OPERATORS, snapshot } from './session.mjs';

const { desktop, it } = consoleSession();

describe('red packets in the console', () => {
  it('creates and closes a room, and reads a packet without being able to steer it', async () => {
    // A player sends a packet into the first demo room over the API.
    const token = await apiSignUp(uniqueUsername(), 'secret123', `rp-console-${Date.now()}`);
    const sent = await apiPost('/api/redpacket/send', token, {
      room_id: '1',
      total: '10',
      shares: '5',
      mine_digit: '4',
      client_seed: 'console-e2e',
      idempotency_key: `console-${Date.now()}`,
    });
    assert.equal(sent.code, 200, JSON.stringify(sent));

    const { context, page } = await desktop();
    await firstSignIn(page, OPERATORS.redpackets);
    await page.getByRole('menuitem', { name: '红包扫雷' }).click();
    const pane = page.locator('.ant-tabs-tabpane-active');
    await pane.getByRole('cell', { name: '新手房 1–100 USDT' }).first().waitFor();

    await page.getByRole('button', { name: label('新建房间') }).click();
    await page.locator('#redpacket-room_name').fill('测试房 e2e');
    await page.locator('#redpacket-room_min_stake').fill('2');
    await page.locator('#redpacket-room_max_stake').fill('20');
    await page.locator('#redpacket-room_fee_rate').fill('60');
    await page.locator('#redpacket-room_reason').fill('e2e room');
    const dialog = page.locator('.ant-modal').filter({ has: page.locator('#redpacket-room_name') });
    await dialog.getByRole('button', { name: label('确定') }).click();
    await dialog.getByText('红包房间设置不正确：手续费比例须在0到50（%）之间，最多两位小数').waitFor();
    await page.locator('#redpacket-room_fee_rate').fill('3');
    await dialog.getByRole('button', { name: label('确定') }).click();
    await pane.getByRole('cell', { name: '测试房 e2e' }).first().waitFor();
    await snapshot(page, 'console-redpacket-rooms');

    await page.getByRole('switch', { name: '测试房 e2e 开放' }).click();
    await giveReason(page, 'closing the e2e room');
    await page.locator('.ant-switch:not(.ant-switch-checked)[aria-label="测试房 e2e 开放"]').waitFor();

    await page.getByRole('tab', { name: '红包' }).click();
    await pane
      .getByRole('cell', { name: String(sent.result.id), exact: true })
      .first()
      .click();
    const drawer = page.locator('.ant-drawer');
    await drawer.getByText(sent.result.server_seed_hash).waitFor();
    await drawer.getByText('红包结束后公开').waitFor();
    await snapshot(page, 'console-redpacket-packet');
    await context.close();
  });
});

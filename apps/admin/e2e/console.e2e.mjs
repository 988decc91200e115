// Operator console scenarios in Chromium at 1440×900 against the real server (see run.mjs): sign-in with a
// TOTP code computed here, the forced password change, freezing a player and finding it in the audit log,
// and a manual adjustment above the approval threshold approved by a second operator.
/* global document -- waitForFunction callbacks run in the browser */
import assert from 'node:assert/strict';
import zlib from 'node:zlib';
import { before, describe } from 'node:test';
import { apiSignUp, BASE, shot, uniqueUsername } from '@koi/e2e/browser';
import {
  changePassword,
  consoleSession,
  firstSignIn,
  giveReason,
  label,
  NEW_PASSWORD,
  OPERATORS,
  settle,
  signIn,
  snapshot,
} from './session.mjs';

const { desktop, it, track } = consoleSession();

/** A real PNG (an orange-to-red banner gradient) for the upload, made here so the repository needs no image. */
function bannerPng(width = 360, height = 120) {
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y += 1) {
    const row = y * (width * 3 + 1);
    for (let x = 0; x < width; x += 1) {
      const at = row + 1 + x * 3;
      rows[at] = 250;
      rows[at + 1] = Math.round(170 - (120 * x) / width);
      rows[at + 2] = Math.round(40 + (60 * y) / height);
    }
  }
  const chunk = (type, data) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length, 0);
    head.write(type, 4, 'ascii');
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(Buffer.concat([head.subarray(4), data])), 0);
    return Buffer.concat([head, data, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function openPlayer(page, username) {
  await page.goto(`${BASE}/admin/players`);
  await page.locator('#player-filters_keyword').fill(username);
  await page.getByRole('button', { name: /查\s*询/ }).click();
  await page.locator('.ant-table-row', { hasText: username }).click();
  await page.locator('.ant-drawer-title', { hasText: username }).waitFor();
  await settle(page);
}

/** Signs the player in through the player API, as their phone would; the answer's envelope. */
const playerLogin = (username, password) =>
  fetch(`${BASE}/api/home/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username, password, captcha: 'x', device: 'e2e' }),
  }).then((r) => r.json());

/**
 * A secret the console shows once (test id `testId`): its text, after a screenshot of the dialog, once the
 * dialog is closed with 完成 and the secret is gone from the page.
 */
async function takeShownOnce(page, testId, screenshot) {
  const shown = page.getByTestId(testId);
  await shown.waitFor();
  const text = (await shown.textContent()).trim();
  await snapshot(page, screenshot);
  await page
    .locator('.ant-modal')
    .getByRole('button', { name: label('完成') })
    .click();
  await shown.waitFor({ state: 'detached' });
  return text;
}

describe('operator console', () => {
  let player;
  let playerId;
  let boss;

  before(async () => {
    player = uniqueUsername();
    await apiSignUp(player);
  });

  it('signs in with password and TOTP, forces the password change, and shows the dashboard', async () => {
    boss = await desktop();
    const page = track(boss.page);
    await signIn(page, OPERATORS.boss, { screenshot: '01-login' });
    await shot(page, '02-password-forced');
    await changePassword(page, OPERATORS.boss);
    await page.getByText('今日注册').waitFor();
    await page.locator('canvas').first().waitFor();
    await settle(page);
    // The admin sees every screen of the menu, operators included.
    for (const item of [
      '数据概览',
      '玩家管理',
      '调账审批',
      '账本查询',
      '审计日志',
      '游戏管理',
      '内容管理',
      '操作员',
    ]) {
      await page.getByRole('menuitem', { name: item }).waitFor();
    }
    await shot(page, '03-dashboard');
  });

  it('freezes a player with a reason; the player can no longer sign in', async () => {
    const page = track(boss.page);
    await openPlayer(page, player);
    playerId = Number((await page.locator('.ant-drawer-title').textContent()).match(/#(\d+)/)[1]);
    await shot(page, '04-player-detail');
    await page.getByRole('button', { name: '冻结账户' }).click();
    await giveReason(page, 'e2e: suspected account takeover');
    await page.locator('.ant-drawer .ant-tag', { hasText: '已冻结' }).waitFor();
    await page.getByRole('button', { name: '解除冻结' }).waitFor();
    await shot(page, '05-player-frozen');
    const login = await playerLogin(player, 'secret123');
    assert.notEqual(login.code, 200, 'a frozen player cannot sign in');
  });

  it('finds the freeze in the audit log with its reason and before/after', async () => {
    const page = track(boss.page);
    await page.goto(`${BASE}/admin/audit`);
    await page.locator('#audit-filters_action').click();
    // Typing the code finds the action, which the console shows by its Chinese name.
    await page.keyboard.type('player.freeze');
    await page.locator('.ant-select-item-option', { hasText: '冻结玩家' }).click();
    await page.locator('#audit-filters_target').fill(`player:${playerId}`);
    await page.getByRole('button', { name: /查\s*询/ }).click();
    const row = page.locator('.ant-table-row', { hasText: 'e2e: suspected account takeover' });
    await row.waitFor();
    assert.match(await row.textContent(), new RegExp(OPERATORS.boss.username));
    assert.match(await row.textContent(), /冻结玩家/);
    await row.click();
    await page.getByTestId('audit-diff').waitFor();
    await shot(page, '06-audit-freeze');
  });

  it('unfreezes and resets the password: the one-time password is shown once and works', async () => {
    const page = track(boss.page);
    await openPlayer(page, player);
    await page.getByRole('button', { name: '解除冻结' }).click();
    await giveReason(page, 'e2e: owner verified');
    await page.locator('.ant-drawer .ant-tag', { hasText: '正常' }).waitFor();
    await page.getByRole('button', { name: '重置登录密码' }).click();
    await giveReason(page, 'e2e: player forgot the password');
    const password = await takeShownOnce(page, 'one-time-password', '07-player-password-reset');
    const login = await playerLogin(player, password);
    assert.equal(login.code, 200, `the one-time password signs the player in: ${JSON.stringify(login)}`);
  });

  it('makes a one-time sign-in link for the player: shown once, it opens one session, once', async () => {
    const page = track(boss.page);
    await openPlayer(page, player);
    await page.getByRole('button', { name: '生成登录链接' }).click();
    await giveReason(page, 'e2e: player cannot sign in on a new phone');
    const link = new URL(await takeShownOnce(page, 'sign-in-link', '07b-player-sign-in-link'));
    const code = link.searchParams.get('token');
    assert.ok(code, `the link carries a one-time code: ${link}`);
    const exchange = () =>
      fetch(`${BASE}/api/home/sign-in-link/exchange`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ code, device: 'e2e' }),
      }).then((r) => r.json());
    assert.equal((await exchange()).code, 200, 'the link signs the player in');
    assert.notEqual((await exchange()).code, 200, 'a second use is refused');
  });

  it('adjusts the balance above the threshold: it waits for a second operator', async () => {
    const page = track(boss.page);
    await openPlayer(page, player);
    await page.getByRole('button', { name: '手动调账' }).click();
    const dialog = page.locator('.ant-modal').filter({ has: page.locator('#adjust_amount') });
    await dialog.locator('#adjust_amount').fill('5000');
    await dialog.locator('#adjust_reason').fill('e2e: goodwill credit');
    await dialog.getByRole('button', { name: label('确定') }).click();
    await page.getByText('已提交，等待审批').waitFor();
    await snapshot(page, '08-adjust-pending');
    await page
      .locator('.ant-modal')
      .getByRole('button', { name: label('完成') })
      .click();
    // The requester cannot approve their own adjustment.
    await page.goto(`${BASE}/admin/adjustments`);
    const row = page.locator('.ant-table-row', { hasText: 'e2e: goodwill credit' });
    await row.waitFor();
    assert.equal(await row.getByRole('button', { name: label('批准') }).isDisabled(), true);
  });

  it('a second operator (finance) approves it and the money moves', async () => {
    const { context, page } = await desktop();
    await firstSignIn(page, OPERATORS.second);
    // Finance sees the money screens but not games, content, audit or operators.
    await page.getByRole('menuitem', { name: '调账审批' }).waitFor();
    for (const hidden of ['操作员', '审计日志', '游戏管理', '内容管理']) {
      assert.equal(await page.getByRole('menuitem', { name: hidden }).count(), 0, hidden);
    }
    await page.getByRole('menuitem', { name: '调账审批' }).click();
    const row = page.locator('.ant-table-row', { hasText: 'e2e: goodwill credit' });
    await row.getByRole('button', { name: label('批准') }).click();
    await giveReason(page, 'e2e: checked with the player');
    await page.locator('.ant-segmented-item', { hasText: '已入账' }).click();
    await settle(page);
    const applied = page.locator('.ant-table-row', { hasText: 'e2e: goodwill credit' });
    await applied.waitFor();
    assert.match(await applied.textContent(), new RegExp(OPERATORS.second.username));
    await snapshot(page, '09-adjust-approved');
    await openPlayer(page, player);
    await page.locator('.ant-descriptions', { hasText: '5100' }).waitFor();
    await snapshot(page, '10-player-after-approval');
    // The detail links to the ledger explorer, filtered to this player, where the adjustment is a transfer.
    await page.getByRole('link', { name: /在账本查询中查看全部账变/ }).click();
    await page.waitForURL(/\/admin\/ledger\?player=\d+$/);
    assert.equal(await page.locator('#ledger-filters_player').inputValue(), String(playerId));
    await page.locator('.ant-table-row', { hasText: 'adjustment' }).first().waitFor();
    await context.close();
  });

  it('shows the ledger with its system accounts and a clean verify', async () => {
    const page = track(boss.page);
    await page.goto(`${BASE}/admin/ledger`);
    await page.locator('.ant-table-row').first().waitFor();
    await page.getByRole('button', { name: /立即校验账本/ }).click();
    const result = page.getByTestId('ledger-verify-result');
    await result.waitFor();
    assert.match(await result.textContent(), /账本校验通过/);
    await snapshot(page, '11-ledger');
  });

  it('creates a support operator with audit read added, showing a one-time enrolment link once (never its credentials)', async () => {
    const page = track(boss.page);
    const username = `support_${Date.now().toString(36).slice(-5)}`;
    await page.goto(`${BASE}/admin/operators`);
    await page.getByRole('button', { name: /新建操作员/ }).click();
    const dialog = page.locator('.ant-modal').filter({ has: page.locator('#create-operator_username') });
    await dialog.locator('#create-operator_username').fill(username);
    await dialog
      .locator('.ant-select')
      .filter({ has: page.locator('#create-operator_role') })
      .click();
    await page.locator('.ant-select-item-option', { hasText: '客服' }).click();
    const auditRow = dialog.locator('[data-area=audit]');
    await auditRow.getByText('只读').click();
    await dialog.locator('#create-operator_reason').fill('e2e: new support agent');
    await snapshot(page, '12-operator-create');
    await dialog.getByRole('button', { name: label('确定') }).click();
    const link = await page.getByTestId('operator-enrol-link').textContent();
    assert.match(link, /\/admin\/enrol#[A-Za-z0-9_-]{20,}/);
    assert.equal(await page.getByTestId('operator-password').count(), 0);
    await snapshot(page, '13-operator-created');
    await page.getByRole('button', { name: label('完成') }).click();
    // The server kept the override: the role dialog opens on support with audit at read.
    await page
      .locator('.ant-table-row', { hasText: username })
      .getByRole('button', { name: '修改角色' })
      .click();
    const roleDialog = page.locator('.ant-modal').filter({ has: page.locator('#role-change_role') });
    await roleDialog.getByText('客服').waitFor();
    const checked = roleDialog.locator('[data-area=audit] .ant-radio-button-wrapper-checked');
    assert.equal((await checked.textContent()).trim(), '只读');
    await roleDialog.getByRole('button', { name: label('取消') }).click();
  });

  it('shows games and providers', async () => {
    const page = track(boss.page);
    await page.goto(`${BASE}/admin/games`);
    await page.locator('.ant-table-row').first().waitFor();
    await snapshot(page, '14-games');
  });

  it('creates a banner from an uploaded image', async () => {
    const page = track(boss.page);
    await page.goto(`${BASE}/admin/content`);
    await page.getByText('配置项').waitFor();
    await snapshot(page, '15-content');
    await page.getByRole('button', { name: /新增轮播图/ }).click();
    const dialog = page.locator('.ant-modal').filter({ has: page.locator('#banner_title') });
    await dialog.locator('input[type=file]').setInputFiles({
      name: 'banner.png',
      mimeType: 'image/png',
      buffer: bannerPng(),
    });
    await page.waitForFunction(() => document.querySelector('#banner_image')?.value.startsWith('/uploads/'));
    const url = await dialog.locator('#banner_image').inputValue();
    await dialog.locator('#banner_title').fill('e2e 上传的轮播图');
    await snapshot(page, '16-banner-upload');
    await dialog.getByRole('button', { name: /确\s*定|OK/ }).click();
    const row = page.locator('.ant-table-row', { hasText: 'e2e 上传的轮播图' });
    await row.waitFor();
    assert.equal(await row.locator('img').getAttribute('src'), url);
    const image = await fetch(`${BASE}${url}`);
    assert.equal(image.status, 200, 'the uploaded image is served back');
  });

  it('writes the notice with the rich-text editor; players get it formatted and sanitised', async () => {
    const page = track(boss.page);
    await page.goto(`${BASE}/admin/content`);
    const editor = page.locator('[aria-label="config-item-1"][contenteditable="true"]');
    await editor.waitFor();
    await editor.click();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.press('Delete');
    await page.getByRole('button', { name: '加粗' }).click();
    await page.keyboard.type('维护通知');
    // Each keystroke waits for the editor to show the last one: ProseMirror applies input in its own
    // transactions, and an Enter that arrives while the bold toggle is still re-rendering can be lost.
    await editor.locator('strong', { hasText: '维护通知' }).waitFor();
    await page.getByRole('button', { name: '加粗' }).click();
    await page.getByRole('button', { name: '加粗', pressed: false }).waitFor();
    assert.ok(
      await editor.evaluate(
        (node) => node.contains(document.activeElement) || node === document.activeElement,
      ),
    );
    await page.keyboard.press('Enter');
    await editor.locator('p').nth(1).waitFor();
    await page.keyboard.type('今晚 02:00 至 03:00 暂停充值');
    await snapshot(page, '16b-notice-editor');
    await page
      .getByRole('button', { name: /保\s*存/ })
      .first()
      .click();
    await page.getByText('已保存').first().waitFor();
    const bulletin = await (await fetch(`${BASE}/api/plat/bulletin`)).json();
    const notice = bulletin.result.find((item) => item.id === 1).content;
    assert.equal(notice, '<p><strong>维护通知</strong></p><p>今晚 02:00 至 03:00 暂停充值</p>');
  });

  it('edits a payment channel and disables another, each with a reason', async () => {
    const page = track(boss.page);
    await page.goto(`${BASE}/admin/deposits/channels`);
    const cny = page.locator('.ant-table-row', { hasText: 'sandbox-cny' });
    await cny.waitFor();
    await snapshot(page, '16b-channels');
    await cny.getByRole('button', { name: /编\s*辑/ }).click();
    const dialog = page.locator('.ant-modal').filter({ has: page.locator('#channel-edit_rate') });
    await dialog.locator('#channel-edit_rate').fill('7.15');
    await dialog.locator('#channel-edit_fee_rate').fill('1.5');
    await dialog.locator('#channel-edit_reason').fill('e2e 调整汇率');
    await snapshot(page, '16c-channel-edit');
    await dialog.getByRole('button', { name: label('保存') }).click();
    await cny.getByText('7.15').waitFor();
    await cny.getByText('1.5%').waitFor();
    const usdt = page.locator('.ant-table-row', { hasText: 'sandbox-usdt' });
    await usdt.getByRole('switch').click();
    await giveReason(page, 'e2e 停用');
    await page.waitForFunction(
      () =>
        [...document.querySelectorAll('.ant-table-row')]
          .find((r) => r.textContent.includes('sandbox-usdt'))
          ?.querySelector('.ant-switch')
          ?.getAttribute('aria-checked') === 'false',
    );
    // Players no longer see the disabled channel.
    const listed = await fetch(`${BASE}/api/pay/channel`, { method: 'POST' }).then((r) => r.json());
    assert.deepEqual(
      listed.result.map((c) => c.rate),
      ['7.15'],
    );
    await page.getByRole('tab', { name: '通道订单' }).click();
    await snapshot(page, '16d-channel-orders');
  });

  it('lists my sessions, and the dashboard shows the last ledger check', async () => {
    const { page, context } = boss;
    track(page);
    await page.goto(`${BASE}/admin/sessions`);
    await page.locator('.ant-tag', { hasText: '当前' }).waitFor();
    // The command line made this admin and printed its ten codes; a new set, shown once, after the password.
    const card = page.getByTestId('recovery-card');
    await card.getByText('剩余 10 个未使用的恢复码').waitFor();
    await snapshot(page, '17-sessions');
    await card.getByRole('button', { name: '重新生成恢复码' }).click();
    const ask = page.locator('.ant-modal').filter({ has: page.locator('#recovery_password') });
    await ask.locator('#recovery_password').fill(NEW_PASSWORD);
    await ask.getByRole('button', { name: label('确定') }).click();
    const codes = page.getByTestId('recovery-codes');
    await codes.waitFor();
    await snapshot(page, '17b-recovery-codes');
    const code = (await codes.locator('.ant-typography').first().textContent()).trim();
    assert.match(code, /^[A-Z2-9]{4}(-[A-Z2-9]{4}){3}$/);
    await page.getByRole('button', { name: '我已保存' }).click();
    await card.getByText('剩余 10 个未使用的恢复码').waitFor();
    // A lost phone: the code signs the admin in once, in a browser of its own.
    const other = await boss.context.browser().newContext({ viewport: { width: 1440, height: 900 } });
    const second = await other.newPage();
    await second.goto(`${BASE}/admin/login`);
    await second.locator('#login_username').fill(OPERATORS.boss.username);
    await second.locator('#login_password').fill(NEW_PASSWORD);
    await second.getByRole('button', { name: '手机丢失？使用恢复码登录' }).click();
    await second.locator('#login_recovery_code').fill(code.toLowerCase());
    await snapshot(second, '17c-login-recovery-code');
    await second.getByRole('button', { name: label('登录') }).click();
    await second.waitForURL(/\/admin\/?$/);
    await other.close();
    await page.reload();
    await card.getByText('剩余 9 个未使用的恢复码').waitFor();
    // Back on the dashboard, the ledger check run above is the last one shown.
    await page.getByRole('menuitem', { name: '数据概览' }).click();
    await page.getByTestId('ledger-check-state').waitFor();
    assert.match(await page.getByTestId('ledger-check-state').textContent(), /校验通过/);
    await snapshot(page, '18-dashboard-after');
    // English is one click away and remembered.
    await page.getByRole('button', { name: 'English' }).click();
    await page.getByRole('menuitem', { name: 'Dashboard' }).waitFor();
    await page.getByText('Sign-ups today').waitFor();
    await snapshot(page, '19-dashboard-english');
    await page.reload();
    await page.getByText('Sign-ups today').waitFor();
    await context.close();
  });
});

// Invites and the agent programme in the player app: the invite dialog (poster PNG at the device ratio, copy
// link), a three-level invite chain through web links with real bets, and the Agent screen's commission.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { it } from 'node:test';
import { apiLogin, apiPost, apiSignUp, BASE, sharedBrowser, shot, uniqueUsername } from '@koi/e2e/browser';
import { newPhone } from './phone.mjs';

const browser = sharedBrowser();

/** Width and height of a PNG from its IHDR chunk. */
function pngSize(file) {
  const bytes = fs.readFileSync(file);
  return [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];
}

/** Registers through an invite's web link: the page stores its `code` (spec §4), registration sends it. */
async function registerThroughLink(page, webLink) {
  const link = new URL(webLink);
  await page.goto(`${BASE}/${link.search}`);
  await page.waitForFunction(() => Boolean(localStorage.getItem('invited_code')));
  const code = await page.evaluate(() => localStorage.getItem('invited_code'));
  assert.equal(code, link.searchParams.get('code'));
  const username = uniqueUsername();
  const reg = await apiPost('/api/home/register', null, {
    username,
    password: 'secret123',
    confrimPas: 'secret123',
    captcha: 'x',
    code,
    device: 'e2e',
    age_confirmed: '1',
  });
  assert.equal(reg.code, 200, JSON.stringify(reg));
  const token = (await apiLogin(username)).result.token;
  return { username, token };
}

const diceBet = (token, amount) =>
  apiPost('/api/originals/dice/bet', token, {
    idempotency_key: `e2e-${Date.now()}-${Math.random()}`,
    amount,
    target: '50',
    direction: 'over',
  });

it('opens the invite dialog, saves the web poster as a 670×742 PNG at the device ratio, and copies the link', async () => {
  const token = await apiSignUp(uniqueUsername());
  const { context, page } = await newPhone(browser(), { koi_token: token });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: BASE });
  await page.goto(`${BASE}/user`);
  await page.getByText('邀请好友', { exact: true }).click();
  const dialog = page.getByRole('dialog', { name: '邀请好友 共享佣金' });
  await dialog.getByRole('img', { name: 'Web二维码' }).waitFor();
  // The run configures the sandbox's Telegram bot, so the Telegram part shows its start link's QR code too
  // (without a bot it says that Telegram sharing is not open, instead of a broken link).
  await dialog.getByRole('img', { name: 'Telegram二维码' }).waitFor();
  await page.waitForTimeout(400);
  await shot(page, 'agents-invite-dialog');

  const web = dialog.getByRole('region', { name: '网页平台分享' });
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    web.getByRole('button', { name: '保存图片' }).click(),
  ]);
  assert.equal(download.suggestedFilename(), 'poster.png');
  const file = await download.path();
  assert.deepEqual(pngSize(file), [670 * 2, 742 * 2]);
  // The loading toast locked the screen while the poster rendered, and is gone now.
  await page.getByText('生成图片中...').waitFor({ state: 'hidden' });

  await web.getByRole('button', { name: '复制链接' }).click();
  await page.getByText('复制成功').waitFor();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  assert.match(copied, /\/\?code=[A-Z0-9]+$/);

  // Closed by the top-right icon.
  await dialog.getByRole('button', { name: '关闭' }).click();
  await dialog.waitFor({ state: 'hidden' });
  await context.close();
});

it('pays the differential along a three-level chain made through web links, as the Agent screen shows', async () => {
  const topName = uniqueUsername();
  const topToken = await apiSignUp(topName);
  const top = (await apiPost('/api/plat/invite', topToken)).result;
  const phone = await newPhone(browser());
  const mid = await registerThroughLink(phone.page, top.web);
  const midInvite = (await apiPost('/api/plat/invite', mid.token)).result;
  const low = await registerThroughLink(phone.page, midInvite.web);
  await phone.context.close();

  // Real dice rounds of the two invitees (each has the 100 USDT demo bonus).
  for (const amount of ['10', '10', '5']) assert.equal((await diceBet(low.token, amount)).code, 200);
  assert.equal((await diceBet(mid.token, '20')).code, 200);

  const tiers = (await apiPost('/api/plat/broker/template', topToken)).result.tiers;
  const records = (await apiPost('/api/plat/bet-records', low.token, { range: 2 })).result.data;
  const category = records[0].game_type_id;
  const rateMicro = (rate) => BigInt(rate.replace('.', ''));
  const level1 = tiers[0].rates.find((r) => r.game_type_id === category).rate;
  // The middle agent's team is the low player's 25 USDT, at level 1: 25 × rate.
  const expectedMid = (25_000_000n * rateMicro(level1)) / 1_000_000n;
  const midInfo = (await apiPost('/api/plat/broker/info', mid.token)).result;
  assert.equal(midInfo.team_size, 1);
  assert.equal(BigInt(midInfo.commission_pending.replace('.', '')), expectedMid);
  // The top agent's team is 45 USDT at level 1; the middle agent's 25 at the same rate is theirs: 20 × rate.
  const topInfo = (await apiPost('/api/plat/broker/info', topToken)).result;
  assert.equal(topInfo.team_size, 2);
  assert.equal(
    BigInt(topInfo.commission_pending.replace('.', '')),
    (20_000_000n * rateMicro(level1)) / 1_000_000n,
  );

  const { context, page } = await newPhone(browser(), { koi_token: topToken });
  await page.goto(`${BASE}/Agent`);
  await page.getByTestId('agent-team-size').filter({ hasText: '2' }).waitFor();
  await page.waitForTimeout(300);
  await shot(page, 'agents-agent-overview');
  await page.getByRole('tab', { name: '团队' }).click();
  await page.getByTestId('agent-members').locator('li').nth(1).waitFor();
  await shot(page, 'agents-agent-team');
  await page.getByRole('tab', { name: '佣金档位' }).click();
  await page.getByTestId('tier-table').waitFor();
  await shot(page, 'agents-agent-tiers');
  await page.getByRole('tab', { name: '佣金', exact: true }).click();
  await page.getByTestId('commission-pending').filter({ hasText: topInfo.commission_pending }).waitFor();
  await shot(page, 'agents-agent-income');
  await page.goto(`${BASE}/promote`);
  await page.getByTestId('worked-example').waitFor();
  await page.waitForTimeout(300);
  await shot(page, 'agents-promote');
  await page.getByRole('button', { name: '生成海报 邀请好友' }).click();
  await page
    .getByRole('dialog', { name: '邀请好友 共享佣金' })
    .getByRole('img', { name: 'Web二维码' })
    .waitFor();
  // Closed by the overlay.
  await page.mouse.click(195, 10);
  await page.getByRole('dialog', { name: '邀请好友 共享佣金' }).waitFor({ state: 'hidden' });
  await context.close();
});

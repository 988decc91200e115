// The console's community screen in Chromium at 1440×900 against the real server: two players write posts
// (one with a picture); a support operator finds them in the review queue, approves one and rejects the other
// with a reason (the author sees it), hides a reader's comment with a reason (gone for the author), looks at the
// bans, and manages the places to buy USDT (an http link is refused in the form, an https one is listed on /buy).
/* global document -- page.waitForFunction callbacks run in the browser */
import assert from 'node:assert/strict';
import { describe } from 'node:test';
import sharp from 'sharp';
import { apiSignUp, BASE, uniqueUsername } from '@koi/e2e/browser';
import { consoleSession, firstSignIn, giveReason, label, OPERATORS, snapshot } from './session.mjs';

const { desktop, it } = consoleSession();

/** A player's post through the API, as the app sends it (multipart with the picture). */
async function writePost(token, content, picture) {
  const form = new FormData();
  form.set('content', content);
  if (picture) form.append('images', new Blob([picture], { type: 'image/png' }), 'art.png');
  const res = await fetch(`${BASE}/api/community/posts`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const body = await res.json();
  assert.equal(body.code, 200, JSON.stringify(body));
  return body.result;
}

describe('console: community', () => {
  it('reviews posts, rejects one with a reason the author sees, and lists an https place to buy', async () => {
    const operator = OPERATORS.community;
    assert.ok(operator, 'run.mjs creates the community operator');
    const author = uniqueUsername();
    const token = await apiSignUp(author);
    const picture = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#7c3aed' } })
      .png()
      .toBuffer();
    const good = await writePost(token, `${author} 今天手气不错，分享一张图`, picture);
    const bad = await writePost(token, `${author} 加我微信 koi888 带你赢`);

    const { page } = await desktop();
    await firstSignIn(page, operator);
    await page.getByRole('menuitem', { name: '社区管理' }).click();
    await page.waitForURL(/\/admin\/community$/);
    const goodRow = page.locator('.ant-table-row', { hasText: '今天手气不错' });
    await goodRow.waitFor();
    // The picture comes through the console's own image route, with the operator's session.
    await page.waitForFunction(() =>
      [...document.querySelectorAll('.ant-table-row img')].some((img) => img.naturalWidth === 320),
    );
    await snapshot(page, 'console-community-queue');

    await goodRow.getByRole('button', { name: label('通过') }).click();
    await goodRow.waitFor({ state: 'detached' });
    const badRow = page.locator('.ant-table-row', { hasText: '加我微信' });
    await badRow.getByRole('button', { name: label('驳回') }).click();
    await giveReason(page, '含有联系方式');
    await badRow.waitFor({ state: 'detached' });

    const mine = await fetch(`${BASE}/api/community/my-posts`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const posts = (await mine.json()).result.data;
    assert.equal(posts.find((p) => p.id === good.id).status, 'approved');
    assert.deepEqual((({ status, reason }) => ({ status, reason }))(posts.find((p) => p.id === bad.id)), {
      status: 'rejected',
      reason: '含有联系方式',
    });

    // A reader's comment on the approved post, hidden from the console with a reason.
    const reader = await apiSignUp(uniqueUsername());
    const commented = await fetch(`${BASE}/api/community/posts/${good.id}/comments`, {
      method: 'POST',
      headers: { authorization: `Bearer ${reader}`, 'content-type': 'application/json' },
      body: JSON.stringify({ content: '私聊我有内幕消息' }),
    });
    assert.equal((await commented.json()).code, 200);

    await page.getByRole('tab', { name: '全部动态' }).click();
    await page.locator('.ant-table-row', { hasText: '含有联系方式' }).waitFor();
    await snapshot(page, 'console-community-posts');

    await page
      .locator('.ant-table-row', { hasText: '今天手气不错' })
      .getByRole('button', { name: '查看评论' })
      .click();
    const comments = page.getByRole('dialog', { name: `动态 #${good.id} 的评论` });
    const commentRow = comments.locator('.ant-table-row', { hasText: '私聊我有内幕消息' });
    await commentRow.getByRole('button', { name: label('隐藏') }).click();
    await giveReason(page, '疑似诈骗引流');
    await commentRow.getByText('原因：疑似诈骗引流').waitFor();
    await commentRow.getByRole('button', { name: label('恢复') }).waitFor();
    await snapshot(page, 'console-community-comments');
    const forAuthor = await fetch(`${BASE}/api/community/posts/${good.id}/comments`, {
      headers: { authorization: `Bearer ${token}` },
    });
    assert.deepEqual((await forAuthor.json()).result.data, []);
    await comments.locator('.ant-modal-close').click();
    await comments.waitFor({ state: 'hidden' });

    await page.getByRole('tab', { name: '禁言' }).click();
    await page.getByRole('button', { name: /禁言玩家/ }).waitFor();
    await snapshot(page, 'console-community-bans');

    await page.getByRole('tab', { name: '购买渠道' }).click();
    await page.locator('.ant-table-row', { hasText: '示例' }).first().waitFor();
    await page.getByRole('button', { name: /新增渠道/ }).click();
    await page.locator('#buyLink_name').fill('测试交易所');
    await page.locator('#buyLink_link').fill('http://insecure.example.com');
    await page.getByRole('button', { name: label('确定') }).click();
    await page.getByText('链接须为 https:// 开头的完整网址').waitFor();
    await page.locator('#buyLink_link').fill('https://secure.example.com/usdt');
    await page.getByRole('button', { name: label('确定') }).click();
    await page.locator('#buyLink_name').waitFor({ state: 'detached' });
    await page.locator('.ant-table-row', { hasText: 'secure.example.com' }).waitFor();
    await snapshot(page, 'console-community-buy-links');
    const listed = await (await fetch(`${BASE}/api/buy/links`)).json();
    assert.ok(listed.result.some((l) => l.link === 'https://secure.example.com/usdt'));
  });
});

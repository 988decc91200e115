// The community against the real server: a player writes a post with a picture (a script tag in its text), sees
// it under review on myCreatePost; a moderator approves it through the console API; another player finds it in
// the feed, shown as text, and likes it; the author sees the like on the interaction tab. The moderator then
// hides the reader's comment (only the reader still sees it, marked) and the post (its picture is refused to
// others). Also /buy and the screens in the dark theme and in English.
/* global window -- page.evaluate callbacks run in the browser */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { describe, it } from 'node:test';
import sharp from 'sharp';
import { apiSignUp, BASE, sharedBrowser, shot, uniqueUsername } from '@koi/e2e/browser';
import { newPhone } from './phone.mjs';
import { call, failureShot, newPlayerPhone, operatorToken } from './scenario.mjs';

const MODERATOR = JSON.parse(process.env.KOI_E2E_MODERATOR ?? 'null');
const browser = sharedBrowser();
const SCRIPT_TEXT = '<script>window.__pwned = 1</script>';

const settle = (page) => page.waitForTimeout(450);

const failure = failureShot('community');

describe('community', () => {
  it(
    'writes a post with a picture, approves it, and another player sees and likes it; the author is told',
    failure.run(async () => {
      assert.ok(MODERATOR, 'run.mjs creates the support operator');
      const { username: author, token: authorToken, context, page, errors } = await newPlayerPhone(browser());
      failure.watch(page);

      // The interaction tab is a real screen now, with its ways in.
      await page.goto(`${BASE}/interaction`);
      await page.getByRole('button', { name: /红包游戏/ }).waitFor();
      assert.equal(await page.getByText('敬请期待').count(), 0);
      await page.getByRole('button', { name: /发布动态/ }).click();
      await page.waitForURL(/\/CreatePost$/);

      const text = `鲤鱼跃龙门 ${author} ${SCRIPT_TEXT}`;
      await page.getByRole('textbox', { name: '分享你的想法…' }).fill(text);
      const picture = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#ff7a3d' } })
        .jpeg()
        .withExif({ IFD0: { Artist: 'e2e' } })
        .toBuffer();
      await page
        .getByTestId('compose-file')
        .setInputFiles({ name: 'koi.jpg', mimeType: 'image/jpeg', buffer: picture });
      await page.locator('.compose__thumb img').waitFor();
      await settle(page);
      await shot(page, 'community-create-post');

      await page.getByTestId('publish').click();
      await page.waitForURL(/\/myCreatePost$/);
      const mine = page.getByTestId('post').filter({ hasText: author });
      await mine.getByTestId('post-status').filter({ hasText: '审核中' }).waitFor();
      await mine.locator('.post__image img').waitFor();
      await settle(page);
      await shot(page, 'community-my-posts-pending');

      // The moderator approves it through the console API (the console's own screen is the admin e2e's).
      const modToken = await operatorToken(MODERATOR, 'koi pond moderator 2026');
      const queue = await call('GET', `${BASE}/api/admin/community/posts?status=pending&size=100`, modToken);
      const pending = queue.result.data.find((p) => p.username === author);
      assert.ok(pending, JSON.stringify(queue));
      assert.equal(pending.content, text);
      const approved = await call(
        'POST',
        `${BASE}/api/admin/community/posts/${pending.id}/approve`,
        modToken,
        {},
      );
      assert.equal(approved.code, 200, JSON.stringify(approved));

      // The author waits on the home screen with their own stream open: what follows lights 互动's dot live.
      const streamOpen = page.waitForResponse((r) => r.url().includes('/api/plat/events'));
      await page.goto(`${BASE}/home`);
      await streamOpen;

      // Another player finds it in the feed, the script tag shown as text and never run, and likes it.
      const second = await newPlayerPhone(browser());
      const readerToken = second.token;
      const rp = second.page;
      await rp.goto(`${BASE}/community`);
      const card = rp.getByTestId('post').filter({ hasText: author });
      await card.waitFor();
      assert.equal(await card.locator('.post__text').innerText(), text);
      assert.equal(await rp.evaluate(() => window.__pwned), undefined);
      assert.equal(await card.locator('.post__text script').count(), 0);
      const img = card.locator('.post__image img');
      await img.waitFor();
      assert.ok(await img.evaluate((el) => el.complete && el.naturalWidth === 640));
      await card.getByTestId('like').click();
      await card.getByTestId('like').filter({ hasText: '1' }).waitFor();
      assert.equal(await card.getByTestId('like').getAttribute('aria-pressed'), 'true');
      await settle(rp);
      await shot(rp, 'community-feed');

      // A comment from the reader, then the author's interaction tab lists the like and the comment.
      await card.getByRole('button', { name: '评论' }).click();
      await card.locator('.comments__compose input').fill('好看！');
      await card.getByRole('button', { name: '发送' }).click();
      await card.locator('.comment__text').filter({ hasText: '好看！' }).waitFor();
      await shot(rp, 'community-comments');

      const dot = page.getByRole('status', { name: '有新消息' });
      await dot.waitFor({ timeout: 10_000 });
      await shot(page, 'community-tab-dot');
      await page.locator('.tab-bar__item', { hasText: '互动' }).click();
      await page.waitForURL(/\/interaction/);
      await dot.waitFor({ state: 'detached' });
      const notes = page.getByTestId('notifications');
      await notes.getByText('赞了你的动态').waitFor();
      await notes.getByText('评论了你的动态').waitFor();
      await page.locator('.hot-list').waitFor();
      await settle(page);
      await shot(page, 'community-interaction');

      // The moderator hides the reader's comment: the reader still sees it, marked with the reason, the
      // author no longer does, nor the post's count.
      const listed = await call('GET', `${BASE}/api/admin/community/posts/${pending.id}/comments`, modToken);
      const theirs = listed.result.data.find((c) => c.content === '好看！');
      const hid = await call('POST', `${BASE}/api/admin/community/comments/${theirs.id}/hide`, modToken, {
        reason: '测试隐藏',
      });
      assert.equal(hid.code, 200, JSON.stringify(hid));
      await rp.reload();
      await card.getByRole('button', { name: '评论' }).click();
      const hiddenComment = card.locator('.comment.is-hidden').filter({ hasText: '好看！' });
      await hiddenComment.getByText('仅你可见：已被管理员隐藏（测试隐藏）').waitFor();
      await settle(rp);
      await shot(rp, 'community-comment-hidden');
      await page.goto(`${BASE}/community`);
      const own = page.getByTestId('post').filter({ hasText: author });
      await own.getByRole('button', { name: '评论' }).click();
      await own.getByText('还没有评论').waitFor();
      assert.equal(await own.getByText('好看！').count(), 0);

      // Hiding the post takes its picture away from everyone but its author (and the console).
      const imageUrl = `${BASE}${pending.images[0].replace('/api/admin/community/', '/api/community/')}`;
      const status = async (token) =>
        (await fetch(imageUrl, { headers: token ? { authorization: `Bearer ${token}` } : {} })).status;
      assert.equal(await status(readerToken), 200);
      const hidden = await call('POST', `${BASE}/api/admin/community/posts/${pending.id}/hide`, modToken, {
        reason: '测试下架',
      });
      assert.equal(hidden.code, 200, JSON.stringify(hidden));
      assert.equal(await status(readerToken), 404);
      assert.equal(await status(null), 401);
      assert.equal(await status(authorToken), 200);

      // /buy: the operator's places, opened in a new window without access to this one.
      await rp.goto(`${BASE}/buy`);
      const link = rp.getByTestId('buy-links').locator('a').first();
      await link.waitFor();
      assert.equal(await link.getAttribute('target'), '_blank');
      assert.match(await link.getAttribute('rel'), /noopener/);
      assert.match(await link.getAttribute('href'), /^https:\/\//);
      await rp.getByRole('note').filter({ hasText: 'Koi 不出售任何数字货币' }).waitFor();
      await settle(rp);
      await shot(rp, 'community-buy');

      assert.deepEqual([...errors, ...second.errors], []);
      await second.context.close();
      await context.close();
    }),
  );

  it('shows the community screens in the dark theme and in English', async () => {
    const token = await apiSignUp(uniqueUsername(), 'secret123', `e2e-${randomUUID()}`);
    const dark = await newPhone(browser(), { koi_token: token, koi_dark: '1' });
    for (const [path, ready, name] of [
      ['/community', '.post-list', 'community-feed-dark'],
      ['/interaction', '.interaction-entries', 'community-interaction-dark'],
      ['/CreatePost', '.compose', 'community-create-post-dark'],
      ['/buy', '.buy-list', 'community-buy-dark'],
    ]) {
      await dark.page.goto(`${BASE}${path}`);
      await dark.page.locator(ready).waitFor();
      await settle(dark.page);
      await shot(dark.page, name);
    }
    await dark.context.close();
    const en = await newPhone(browser(), { koi_token: token, koi_lang: 'en' });
    await en.page.goto(`${BASE}/interaction`);
    await en.page.getByRole('button', { name: /Red packets/ }).waitFor();
    await settle(en.page);
    await shot(en.page, 'community-interaction-en');
    await en.page.goto(`${BASE}/buy`);
    await en.page.getByRole('note').filter({ hasText: 'Koi sells no cryptocurrency' }).waitFor();
    await shot(en.page, 'community-buy-en');
    await en.context.close();
  });
});

// A dice round on the originals screen. The bet and seed calls are answered here with rounds computed by
// @koi/fair (the same library the server settles with), because the e2e server has no funded test player;
// everything else (sign-in, user info, routing, rendering) is the real app against the real server.
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { hashServerSeed, verify } from '@koi/fair';
import { apiSignUp, BASE, launch, newPhone, shot, uniqueUsername } from './browser.mjs';

const SERVER_SEED = '5'.repeat(64);
const HASH = hashServerSeed(SERVER_SEED);
const CLIENT_SEED = 'e2e-client-seed';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

async function fakeOriginals(page) {
  let nonce = 0;
  await page.route('**/api/originals/**', async (route) => {
    const url = new URL(route.request().url());
    const reply = (result) =>
      route.fulfill({
        contentType: 'application/json',
        body: JSON.stringify({ code: 200, result, message: 'success', error: null }),
      });
    if (url.pathname === '/api/originals/seeds') {
      return reply({ current: { server_seed_hash: HASH, client_seed: CLIENT_SEED, nonce } });
    }
    if (url.pathname === '/api/originals/seeds/rotate') {
      return reply({
        previous: { server_seed: SERVER_SEED, server_seed_hash: HASH, client_seed: CLIENT_SEED, bets: nonce },
        current: { server_seed_hash: hashServerSeed('6'.repeat(64)), client_seed: CLIENT_SEED, nonce: 0 },
      });
    }
    const form = new URLSearchParams(route.request().postData() ?? '');
    const params = { target: form.get('target'), direction: form.get('direction') };
    const play = verify('dice', params, { serverSeed: SERVER_SEED, clientSeed: CLIENT_SEED, nonce });
    assert.ok(play.ok);
    const n = nonce++;
    const multiplier = play.value.multiplierText;
    return reply({
      bet_id: n + 1,
      game: 'dice',
      amount: form.get('amount'),
      payout: play.value.win ? multiplier : '0',
      profit: play.value.win ? (Number(multiplier) - 1).toFixed(4) : '-1.0000',
      win: play.value.win,
      multiplier,
      outcome: play.value.outcome,
      balance: '10.0000',
      fairness: { server_seed_hash: HASH, client_seed: CLIENT_SEED, nonce: n },
      created_at: new Date().toISOString(),
    });
  });
}

it('plays a dice round and verifies it in the browser after the seed is revealed', async () => {
  const token = await apiSignUp(uniqueUsername());
  const { context, page } = await newPhone(browser, { koi_token: token, showtime: String(Date.now()) });
  await fakeOriginals(page);
  await page.goto(`${BASE}/originals/dice`);
  await page.getByTestId('server-seed-hash').filter({ hasText: HASH }).waitFor();
  assert.equal(await page.getByRole('switch', { name: '自动投注' }).getAttribute('aria-checked'), 'false');
  await page.getByRole('button', { name: '投注' }).click();
  await page.locator('.result-badge').waitFor();
  await page.getByRole('button', { name: '投注' }).click();
  await page.locator('.originals-history li').nth(1).waitFor();
  await page.waitForTimeout(700);
  await shot(page, 'originals-dice');
  await page.getByRole('button', { name: '更换种子并公开旧种子' }).click();
  await page.getByTestId('verify-list').getByText('#1 ✓ 已验证').waitFor();
  assert.equal(await page.getByTestId('verify-list').getByText('✓').count(), 2);
  await context.close();
});

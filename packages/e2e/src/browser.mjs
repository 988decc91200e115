// What the scenarios of the player app and the console share: Debian's Chromium, screenshots by name, and
// players made and signed in through the API. Each app opens its own page size (the player app a phone, the
// console a desktop).
import fs from 'node:fs';
import path from 'node:path';
import { after, before } from 'node:test';
import { chromium } from 'playwright-core';

export const BASE = process.env.KOI_E2E_BASE ?? 'http://127.0.0.1:8080';
const SHOTS =
  process.env.KOI_SCREENSHOTS ?? path.resolve(import.meta.dirname, '../../../artifacts/screenshots');

export async function launch() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

/** One Chromium for the calling file's tests: launched before them, closed after them. Call `browser()` inside a test. */
export function sharedBrowser() {
  let browser;
  before(async () => {
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
  });
  return () => browser;
}

/**
 * Waits, at most 2 s, for the page's running animations and transitions that end (an entrance fade, the route's
 * progress bar) to finish, so a screenshot shows the screen settled rather than half faded in. Endless ones (a
 * pulse, a skeleton's shimmer) are not waited for: their end time is infinite.
 */
async function settled(page) {
  await page
    .evaluate(() =>
      Promise.race([
        Promise.all(
          globalThis.document
            .getAnimations()
            .filter(
              (a) => a.playState === 'running' && Number.isFinite(a.effect?.getComputedTiming().endTime),
            )
            .map((a) => a.finished.catch(() => {})),
        ),
        new Promise((resolve) => setTimeout(resolve, 2000)),
      ]),
    )
    .catch(() => {});
}

export async function shot(page, name) {
  fs.mkdirSync(SHOTS, { recursive: true });
  const file = path.join(SHOTS, `${name}.png`);
  await settled(page);
  await page.screenshot({ path: file });
  return file;
}

export function uniqueUsername() {
  return `koi${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`.slice(0, 18);
}

/** POSTs a form to the API as the app does, signed in when `token` is given; returns the envelope. */
export async function apiPost(path, token, fields = {}, headers = {}) {
  const res = await fetch(`${BASE}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...headers,
    },
    body: new URLSearchParams(fields).toString(),
  });
  return res.json();
}

/** A call a scenario's setup relies on: it must succeed; returns its result. */
export async function apiResult(path, token, fields = {}) {
  const res = await apiPost(path, token, fields);
  if (res.code !== 200) throw new Error(`${path}: ${JSON.stringify(res)}`);
  return res.result;
}

/** Signs an existing player in through the API (CAPTCHA=off); returns the envelope. */
export function apiLogin(username, password = 'secret123', device = 'e2e', headers = {}) {
  return apiPost('/api/home/login', null, { username, password, captcha: 'x', device }, headers);
}

/**
 * Registers and signs in through the API (CAPTCHA=off), returning the token. Players share the device id
 * `e2e` unless given their own (a shared device is a withdrawal review flag).
 */
export async function apiSignUp(username, password = 'secret123', device = 'e2e') {
  const reg = await apiPost('/api/home/register', null, {
    username,
    password,
    confrimPas: password,
    captcha: 'x',
    code: '',
    device,
    age_confirmed: '1',
  });
  if (reg.code !== 200) throw new Error(`register failed: ${JSON.stringify(reg)}`);
  const login = await apiLogin(username, password, device);
  if (login.code !== 200) throw new Error(`login failed: ${JSON.stringify(login)}`);
  return login.result.token;
}

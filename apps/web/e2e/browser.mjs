// Shared helpers for the e2e scenarios: Debian's Chromium at 390×844, zh-CN, screenshots by name.
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

/** A fresh phone-sized context; `storage` seeds localStorage before any page script runs. */
export async function newPhone(browser, storage = {}) {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'zh-CN',
    // The add-to-home bar shows once per 24 h; tests that do not look at it start with it already shown.
  });
  await context.addInitScript((entries) => {
    if (sessionStorage.getItem('__seeded')) return;
    sessionStorage.setItem('__seeded', '1');
    for (const [k, v] of Object.entries(entries)) localStorage.setItem(k, v);
  }, storage);
  const page = await context.newPage();
  return { context, page };
}

export async function shot(page, name) {
  fs.mkdirSync(SHOTS, { recursive: true });
  const file = path.join(SHOTS, `${name}.png`);
  await page.screenshot({ path: file });
  return file;
}

export function uniqueUsername() {
  return `koi${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`.slice(0, 18);
}

/**
 * Registers and signs in through the API (CAPTCHA=off), returning the token. Players share the device id
 * `e2e` unless given their own (a shared device is a withdrawal review flag).
 */
export async function apiSignUp(username, password = 'secret123', device = 'e2e') {
  const form = (o) => new URLSearchParams(o).toString();
  const headers = { 'content-type': 'application/x-www-form-urlencoded' };
  const reg = await fetch(`${BASE}/api/home/register`, {
    method: 'POST',
    headers,
    body: form({
      username,
      password,
      confrimPas: password,
      captcha: 'x',
      code: '',
      device,
      age_confirmed: '1',
    }),
  }).then((r) => r.json());
  if (reg.code !== 200) throw new Error(`register failed: ${JSON.stringify(reg)}`);
  const login = await fetch(`${BASE}/api/home/login`, {
    method: 'POST',
    headers,
    body: form({ username, password, captcha: 'x', device }),
  }).then((r) => r.json());
  if (login.code !== 200) throw new Error(`login failed: ${JSON.stringify(login)}`);
  return login.result.token;
}

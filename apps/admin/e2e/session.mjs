// Helpers shared by the console scenarios: one Chromium per file at 1440×900, operator sign-in with a TOTP
// code computed here, the forced password change, the reason dialog, and waiting for antd to settle.
/* global document -- waitForFunction callbacks run in the browser */
import { after, before, it as test } from 'node:test';
import { generate } from 'otplib';
import { BASE, launch, shot } from '@koi/e2e/browser';

/** The operators run.mjs created with the command line, by role in the scenarios. */
export const OPERATORS = JSON.parse(process.env.KOI_E2E_OPERATORS ?? '{}');
export const NEW_PASSWORD = 'tide pool lantern 42';

/**
 * The operator's current authenticator code. A code is accepted once, so two sign-ins of the same operator
 * in one 30-second step would collide; each operator signs in once per run.
 */
export const totp = (secret) => generate({ secret });

/** A button's exact label, tolerant of the space antd may put between two Chinese characters. */
export const label = (text) => new RegExp(`^\\s*${[...text].join('\\s*')}\\s*$`);

/**
 * Before a screenshot: no table or card still loading (antd greys them out), and drawers, dialogs and
 * segmented controls done sliding (a screenshot mid-animation shows them cut off).
 */
export async function settle(page) {
  await page.waitForFunction(() => !document.querySelector('.ant-spin-spinning, .ant-skeleton'));
  await page.waitForTimeout(500);
}

/** A screenshot once the page has settled, so that it never shows a half-loaded table or a sliding dialog. */
export async function snapshot(page, name) {
  await settle(page);
  await shot(page, name);
}

export async function signIn(page, operator, { screenshot } = {}) {
  await page.goto(`${BASE}/admin/`);
  await page.waitForURL(/\/admin\/login$/);
  await page.locator('#login_username').fill(operator.username);
  await page.locator('#login_password').fill(operator.password);
  await page.locator('#login_totp').fill(await totp(operator.totp_secret));
  if (screenshot) await shot(page, screenshot);
  await page.getByRole('button', { name: label('登录') }).click();
  // A one-time password must be changed before anything else.
  await page.waitForURL(/\/admin\/password$/);
  await page.getByText('首次登录须修改一次性密码').waitFor();
}

export async function changePassword(page, operator, { screenshot } = {}) {
  await page.locator('#password_old_password').fill(operator.password);
  await page.locator('#password_new_password').fill(NEW_PASSWORD);
  await page.locator('#password_confirm').fill(NEW_PASSWORD);
  if (screenshot) await shot(page, screenshot);
  await page.getByRole('button', { name: label('保存') }).click();
  await page.waitForURL(/\/admin\/?$/);
}

/** A new operator's first sign-in: password and code, then the forced change of the one-time password. */
export async function firstSignIn(page, operator) {
  await signIn(page, operator);
  await changePassword(page, operator);
}

/** Answers the reason dialog every write opens, and waits for it to close (the server accepted). */
export async function giveReason(page, reason) {
  const dialog = page.locator('.ant-modal').filter({ has: page.locator('#reason_reason') });
  await dialog.locator('#reason_reason').fill(reason);
  await dialog.getByRole('button', { name: label('确定') }).click();
  await page.locator('#reason_reason').waitFor({ state: 'detached' });
}

/**
 * One Chromium for the calling file: `desktop()` opens a 1440×900 zh-CN context; `it` is a scenario step
 * that leaves a screenshot of the page it failed on (the last one opened or `track`ed), named after the step.
 * A step that goes on with an earlier session's page starts with `const page = track(session.page)`.
 */
export function consoleSession() {
  let browser;
  let lastPage;
  before(async () => {
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
  });
  const track = (page) => {
    lastPage = page;
    return page;
  };
  async function desktop() {
    // Reduced motion: the console then turns antd's motion off, so a step never meets a dialog mid-close.
    const context = await browser.newContext({
      viewport: { width: 1440, height: 900 },
      locale: 'zh-CN',
      reducedMotion: 'reduce',
    });
    const page = await context.newPage();
    // A script error in the console is a failure of the console; it is printed with the step that hit it.
    page.on('pageerror', (error) => console.error('[console pageerror]', error.message));
    lastPage = page;
    return { context, page };
  }
  function it(name, fn) {
    return test(name, async () => {
      try {
        await fn();
      } catch (error) {
        if (lastPage && !lastPage.isClosed()) {
          await shot(lastPage, `fail-${name.slice(0, 40).replace(/[^\w]+/g, '-')}`).catch(() => undefined);
        }
        throw error;
      }
    });
  }
  return { desktop, it, track };
}

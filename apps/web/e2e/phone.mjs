// The player app's page for its scenarios: a phone-sized context at 390×844, zh-CN, and what it shows.

/**
 * A fresh phone-sized context; `storage` seeds localStorage before any page script runs. The add-to-home bar
 * shows once per 24 h and would cover the lobby, so it counts as already shown today unless `addToHomeBar`
 * is set (the one scenario about the bar).
 */
export async function newPhone(browser, storage = {}, { addToHomeBar = false } = {}) {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'zh-CN',
  });
  const seed = addToHomeBar ? storage : { showtime: String(Date.now()), ...storage };
  await context.addInitScript((entries) => {
    if (sessionStorage.getItem('__seeded')) return;
    sessionStorage.setItem('__seeded', '1');
    for (const [k, v] of Object.entries(entries)) localStorage.setItem(k, v);
  }, seed);
  const page = await context.newPage();
  return { context, page };
}

/** Waits until the home page greets `name` (您好，name); 游客 for a guest. */
export function greeted(page, name) {
  return page
    .getByTestId('greeting')
    .filter({ hasText: `您好，${name}` })
    .waitFor();
}

/** The session token the app keeps in localStorage (null when signed out). */
export function storedToken(page) {
  return page.evaluate(() => localStorage.getItem('koi_token'));
}

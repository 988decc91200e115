// Quick visual check while developing: node e2e/look.mjs <path> <name> [dark]
import { launch, shot, BASE } from '@koi/e2e/browser';
import { newPhone } from './phone.mjs';
const [, , route = '/', name = 'look', dark] = process.argv;
const browser = await launch();
const { page } = await newPhone(browser, dark ? { koi_dark: '1' } : {});
page.on('console', (m) => m.type() === 'error' && console.log('console:', m.text()));
page.on('response', (r) => r.status() >= 400 && console.log('http', r.status(), r.url()));
page.on('pageerror', (e) => console.log('pageerror:', e.message));
await page.goto(`${BASE}${route}`);
await page.waitForTimeout(1500);
console.log(await shot(page, name));
await browser.close();

// The console's agents area at 1440×900: the team tree, a player's upline chain, the tier table the demo seeds,
// and settling a finished day (a second settlement of it pays nothing again).
import assert from 'node:assert/strict';
import { apiSignUp, BASE, uniqueUsername } from '@koi/e2e/browser';
import { consoleSession, firstSignIn, label, OPERATORS, snapshot } from './session.mjs';

const session = consoleSession();
const it = session.it;

/**
 * Three days ago in UTC+8 (players' days): finished, and not yesterday, which the settlement job may already
 * have settled when the server started.
 */
const earlier = () => new Date(Date.now() + 8 * 3_600_000 - 3 * 86_400_000).toISOString().slice(0, 10);

it('browses the team tree, shows the tier table and settles a finished day once', async () => {
  // A player of its own, so the tree has a row whatever scenarios ran before (or none did).
  await apiSignUp(uniqueUsername());
  const { context, page } = await session.desktop();
  await firstSignIn(page, OPERATORS.agents);
  await page.goto(`${BASE}/admin/agents`);
  await page.getByRole('tab', { name: '团队树' }).waitFor();
  await page.locator('.ant-table-row').first().waitFor();
  await snapshot(page, 'agents-console-tree');

  await page.getByRole('tab', { name: '佣金档位' }).click();
  // The demo's five levels.
  await page.getByRole('tabpanel').locator('.ant-table-row').nth(4).waitFor();
  await snapshot(page, 'agents-console-tiers');

  await page.getByRole('tab', { name: '结算记录' }).click();
  const panel = page.getByRole('tabpanel');
  await panel.getByPlaceholder('YYYY-MM-DD').fill(earlier());
  await panel.locator('input#reason').fill('e2e: daily settlement by hand');
  await panel.getByRole('button', { name: label('结算该日') }).click();
  await page.getByText(`${earlier()} 已结算`).waitFor();
  await panel.getByRole('button', { name: label('结算该日') }).click();
  await page.getByText(`${earlier()} 此前已结算`).waitFor();
  assert.equal(await panel.locator('.ant-table-row').filter({ hasText: earlier() }).count(), 1);
  await snapshot(page, 'agents-console-runs');
  await context.close();
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { body, createTestApp, type TestApp } from '../../../test/app';
import { announceFirstRunSetup, SETUP_LINK_FILE } from './first-run';
import { adminLogin, createOperator, NEW_PASSWORD, totpAt } from './operators.fixtures';
import { createOperatorsService } from './operators.service';

const apps: TestApp[] = [];
const dirs: string[] = [];
afterEach(async () => {
  for (const t of apps.splice(0)) await t.close();
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

async function freshApp() {
  const t = await createTestApp();
  apps.push(t);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'koi-setup-'));
  dirs.push(dataDir);
  const operators = createOperatorsService({ db: t.database.db, config: t.app.koi.config, clock: t.clock });
  const announce = () => announceFirstRunSetup({ operators, origin: 'http://localhost:8080/', dataDir });
  const post = (url: string, payload: object) =>
    t.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json' }, payload });
  return { t, dataDir, announce, post };
}

const tokenOf = (link: string) => link.split('#')[1]!;

describe("the first operator's setup link", () => {
  it('is issued while no operator exists, written for the owner only, and sets up the first admin once', async () => {
    const { t, dataDir, announce, post } = await freshApp();
    const setup = await announce();
    expect(setup).not.toBeNull();
    expect(setup!.link).toMatch(/^http:\/\/localhost:8080\/admin\/setup#[A-Za-z0-9_-]{20,}$/);
    const file = path.join(dataDir, SETUP_LINK_FILE);
    expect(fs.readFileSync(file, 'utf8')).toContain(setup!.link);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(setup!.expiresAt.getTime() - t.clock.now().getTime()).toBe(30 * 60_000);

    const token = tokenOf(setup!.link);
    const info = body<{ totp_secret: string; otpauth_uri: string }>(
      await post('/api/admin/setup/info', { token }),
    );
    expect(info.code).toBe(200);
    expect(info.result.otpauth_uri).toContain(info.result.totp_secret);
    const secret = info.result.totp_secret;

    // Every field is checked before anything is written.
    const attempt = async (fields: Partial<Record<'username' | 'password' | 'totp', string>>) =>
      body(
        await post('/api/admin/setup', {
          token,
          username: 'boss_admin',
          password: NEW_PASSWORD,
          totp: await totpAt(t, secret),
          ...fields,
        }),
      ).code;
    expect(await attempt({ username: 'a b' })).toBe(6008);
    expect(await attempt({ password: 'short' })).toBe(6006);
    expect(await attempt({ totp: '000000' === (await totpAt(t, secret)) ? '111111' : '000000' })).toBe(6102);
    const done = body<{ username: string; recovery_codes: string[] }>(
      await post('/api/admin/setup', {
        token,
        username: 'boss_admin',
        password: NEW_PASSWORD,
        totp: await totpAt(t, secret),
      }),
    );
    expect(done.code).toBe(200);
    // The first admin has nobody to reset them: the recovery codes are what a lost phone falls back on.
    expect(done.result.recovery_codes).toHaveLength(10);
    // Spent: neither the page nor a second completion works, and the next start issues nothing.
    expect(await attempt({ username: 'second_admin' })).toBe(6120);
    expect(body(await post('/api/admin/setup/info', { token })).code).toBe(6120);
    expect(await announce()).toBeNull();
    expect(fs.existsSync(file)).toBe(false);

    t.clock.advance(30_000);
    const login = body<{ must_change_password: boolean }>(
      await adminLogin(t.app, {
        username: 'boss_admin',
        password: NEW_PASSWORD,
        totp: await totpAt(t, secret),
      }),
    );
    expect(login).toMatchObject({ code: 200, result: { must_change_password: false } });
    const recovered = await adminLogin(t.app, {
      username: 'boss_admin',
      password: NEW_PASSWORD,
      recovery_code: done.result.recovery_codes[0]!,
    });
    expect(body(recovered).code).toBe(200);
  }, 60_000);

  it('expires after 30 minutes, and a restart withdraws the previous link', async () => {
    const { t, announce, post } = await freshApp();
    const first = tokenOf((await announce())!.link);
    const second = tokenOf((await announce())!.link);
    expect(body(await post('/api/admin/setup/info', { token: first })).code).toBe(6120);
    expect(body(await post('/api/admin/setup/info', { token: second })).code).toBe(200);
    t.clock.advance(30 * 60_000);
    expect(body(await post('/api/admin/setup/info', { token: second })).code).toBe(6120);
    expect(body(await post('/api/admin/setup/info', { token: 'x'.repeat(129) })).code).toBe(400);
  });

  it('is refused once an operator exists some other way (the command line)', async () => {
    const { t, announce, post } = await freshApp();
    const token = tokenOf((await announce())!.link);
    await createOperator(t, 'admin');
    expect(body(await post('/api/admin/setup/info', { token })).code).toBe(6120);
    expect(await announce()).toBeNull();
  });

  it('makes one admin when twenty browsers complete the same link at once', async () => {
    const { t, announce, post } = await freshApp();
    const token = tokenOf((await announce())!.link);
    const secret = body<{ totp_secret: string }>(await post('/api/admin/setup/info', { token })).result
      .totp_secret;
    const totp = await totpAt(t, secret);
    const codes = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        post('/api/admin/setup', { token, username: `admin_${i}`, password: NEW_PASSWORD, totp }).then(
          (res) => body(res).code,
        ),
      ),
    );
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c !== 200).every((c) => c === 6120)).toBe(true);
  });
});

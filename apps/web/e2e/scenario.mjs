// What the player app's longer scenarios share beyond the phone: a new player signed in on a phone page with
// its script errors collected, a screenshot of the page a failed step stopped on, JSON calls to the API, an
// operator signed in through the console API, and a deposit paid on the sandbox chain.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { generate } from 'otplib';
import { apiResult, apiSignUp, BASE, shot, uniqueUsername } from '@koi/e2e/browser';
import { newPhone } from './phone.mjs';

const repoRoot = path.resolve(import.meta.dirname, '../../..');

/** The password the finance operator's forced first change sets, in whichever scenario signs them in first. */
export const FINANCE_PASSWORD = 'harbour lights 2026';

/** Sends `body` as JSON (when given) to `url`, signed in when `token` is given; returns the envelope. */
export async function call(method, url, token, body) {
  const res = await fetch(url, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  return res.json();
}

/** One round of Koi's dice at a 50 % chance, bet through the API: a valid bet, as records and VIP count them. */
export function betDice(token, amount, direction = 'over') {
  return apiResult('/api/originals/dice/bet', token, {
    amount,
    target: '50.00',
    direction,
    idempotency_key: randomUUID(),
  });
}

/** A new player signed up through the API who has bet `count` rounds of dice (`direction(i)` picks a side). */
export async function diceBettor(count, amount, direction = () => 'over') {
  const username = uniqueUsername();
  const token = await apiSignUp(username);
  for (let i = 0; i < count; i++) await betDice(token, amount, direction(i));
  return { username, token };
}

/**
 * A new player on a device of their own (a shared device is a withdrawal review flag), signed in on a fresh
 * phone page; `errors` collects the page's script errors, which a scenario expects to stay empty.
 */
export async function newPlayerPhone(browser) {
  const username = uniqueUsername();
  const token = await apiSignUp(username, 'secret123', `e2e-${randomUUID()}`);
  const { context, page } = await newPhone(browser, { koi_token: token });
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return { username, token, context, page, errors };
}

/**
 * Scenario steps that leave artifacts/screenshots/<name>-fail.png of where they stopped: `watch(page)` names
 * the page to photograph, `run(fn)` wraps a test body.
 */
export function failureShot(name) {
  let watched;
  return {
    watch(page) {
      watched = page;
      return page;
    },
    run: (fn) => async () => {
      try {
        await fn();
      } catch (error) {
        if (watched) await shot(watched, `${name}-fail`).catch(() => undefined);
        throw error;
      }
    },
  };
}

/**
 * An operator run.mjs made, signed in through the console API with a fresh TOTP code; the forced change of the
 * one-time password sets `changedPassword`. Whichever scenario signs the operator in first makes that change,
 * so both passwords are tried; a code already used in this 30-second window is waited out.
 */
export async function operatorToken(operator, changedPassword) {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const totp = await generate({ secret: operator.totp_secret });
    for (const password of [operator.password, changedPassword]) {
      const login = await call('POST', `${BASE}/api/admin/login`, null, {
        username: operator.username,
        password,
        totp,
      });
      if (login.code === 6003) break;
      if (login.code !== 200) continue;
      if (login.result.must_change_password) {
        const changed = await call('POST', `${BASE}/api/admin/password`, login.result.token, {
          old_password: password,
          new_password: changedPassword,
        });
        assert.equal(changed.code, 200, JSON.stringify(changed));
      }
      return login.result.token;
    }
    await new Promise((r) => setTimeout(r, 31_000 - (Date.now() % 30_000)));
  }
  throw new Error(`the operator ${operator.username} could not sign in`);
}

/**
 * `npm run koi -- sandbox:pay --to … --amount …` against the sandbox at `sandboxUrl`, as a person demoing Koi
 * would run it; returns the transaction hash.
 */
export function sandboxPay(sandboxUrl, to, amount) {
  const run = spawnSync(
    'npm',
    ['run', '-s', 'koi', '--', 'sandbox:pay', '--to', to, '--amount', amount, '--url', sandboxUrl],
    { cwd: repoRoot, encoding: 'utf8' },
  );
  assert.equal(run.status, 0, `sandbox:pay failed: ${run.stdout}\n${run.stderr}`);
  const tx = run.stdout.match(/transaction ([0-9a-f]{64})/);
  assert.ok(tx, run.stdout);
  return tx[1];
}

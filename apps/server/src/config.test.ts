import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ENV_VARIABLES, loadConfig } from './config';

describe('configuration', () => {
  it('has the documented defaults', () => {
    const c = loadConfig({ INIT_CWD: '/srv/koi' });
    expect(c).toMatchObject({
      port: 8080,
      dataDir: '/srv/koi/data',
      databaseUrl: undefined,
      captchaEnabled: true,
      logLevel: 'info',
      rateLimitEnabled: true,
      corsOrigins: [],
      session: { idleMs: 7 * 24 * 3_600_000, absoluteMs: 30 * 24 * 3_600_000 },
      login: { maxFailures: 5, lockMs: 15 * 60_000, accountMaxFailures: 20, accountWindowMs: 60 * 60_000 },
    });
    expect([...c.geo.deniedCountries]).toEqual(['CN']);
  });

  it('reads every variable it documents', () => {
    const c = loadConfig({
      INIT_CWD: '/srv',
      PORT: '9000',
      KOI_DATA_DIR: 'state',
      DATABASE_URL: 'postgres://u@db:5432/koi',
      CAPTCHA: 'off',
      LOG_LEVEL: 'warn',
      REDIS_URL: 'redis://cache:6379',
      CORS_ORIGINS: 'https://a.example, https://b.example',
      DENIED_COUNTRIES: 'cn,us',
      SESSION_IDLE_MINUTES: '30',
    });
    expect(c.port).toBe(9000);
    expect(c.dataDir).toBe(path.resolve('/srv', 'state'));
    expect(c.databaseUrl).toBe('postgres://u@db:5432/koi');
    expect(c.captchaEnabled).toBe(false);
    expect(c.redisUrl).toBe('redis://cache:6379');
    expect(c.corsOrigins).toEqual(['https://a.example', 'https://b.example']);
    expect([...c.geo.deniedCountries]).toEqual(['CN', 'US']);
    expect(c.session.idleMs).toBe(30 * 60_000);
  });

  it.each([
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['CAPTCHA', 'maybe'],
    ['DATABASE_URL', 'not a url'],
    ['LOG_LEVEL', 'loud'],
    ['TRONGRID_URL', 'api.trongrid.io'],
    ['USDT_CONTRACT', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6'],
    ['USDT_CONTRACT', '0xdAC17F958D2ee523a2206206994597C13D831ec7'],
    ['PAYOUT_API_KEY', 'short'],
    ['PROVIDER_SECRETS', 'pg=short'],
    ['PROVIDER_SECRETS', `pg=${'a'.repeat(16)},pg=${'b'.repeat(16)}`],
    ['PROVIDER_MAX_WIN_MULTIPLIER', '0'],
    ['PROVIDER_MAX_WIN_PER_ROUND', '1.5'],
  ])('refuses %s=%j at start-up, naming the variable', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(name);
  });

  it('points at no external money system by default, and at the official USDT contract', () => {
    const c = loadConfig({});
    expect(c.tron).toEqual({
      url: null,
      apiKey: undefined,
      usdtContract: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
    });
    expect(c.paymentSandbox).toBeNull();
    expect(c.payout).toBeNull();
  });

  it('reads the TronGrid, payment channel and payout rail settings', () => {
    const key = 'k'.repeat(32);
    const c = loadConfig({
      TRONGRID_URL: 'https://api.trongrid.io',
      TRONGRID_API_KEY: 'tron-key',
      PAYMENT_SANDBOX_URL: 'http://127.0.0.1:8090',
      PAYMENT_MERCHANT_ID: 'm1',
      PAYMENT_SANDBOX_SECRET: key,
      PAYOUT_URL: 'http://127.0.0.1:8090',
      PAYOUT_API_KEY: key,
    });
    expect(c.tron).toEqual({
      url: 'https://api.trongrid.io',
      apiKey: 'tron-key',
      usdtContract: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
    });
    expect(c.paymentSandbox).toEqual({ url: 'http://127.0.0.1:8090', merchantId: 'm1', secret: key });
    expect(c.payout).toEqual({ url: 'http://127.0.0.1:8090', apiKey: key });
  });

  it.each([
    ['PAYMENT_SANDBOX_URL', 'PAYMENT_SANDBOX_SECRET'],
    ['PAYOUT_URL', 'PAYOUT_API_KEY'],
  ])('refuses %s without %s', (url, key) => {
    expect(() => loadConfig({ [url]: 'http://127.0.0.1:8090' })).toThrow(key);
  });

  it('refuses CAPTCHA=off in production, where it is a demo switch left on', () => {
    expect(() => loadConfig({ CAPTCHA: 'off', NODE_ENV: 'production' })).toThrow(
      /CAPTCHA: off is for local demos only/,
    );
    expect(loadConfig({ CAPTCHA: 'off', NODE_ENV: 'development' }).captchaEnabled).toBe(false);
  });

  it('documents every variable it reads in the README configuration table', () => {
    const readme = fs.readFileSync(path.resolve(import.meta.dirname, '../../../README.md'), 'utf8');
    const section = readme.slice(
      readme.indexOf('## Configuration'),
      readme.indexOf('\n## ', readme.indexOf('## Configuration') + 1),
    );
    const documented = [...section.matchAll(/^\| `([A-Z0-9_]+)`/gm)].map((m) => m[1]);
    expect(ENV_VARIABLES.length).toBeGreaterThan(20);
    expect(ENV_VARIABLES.filter((name) => !documented.includes(name))).toEqual([]);
  });
});

import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

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
      login: { maxFailures: 5, lockMs: 15 * 60_000 },
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
  ])('refuses %s=%j at start-up, naming the variable', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(name);
  });
});

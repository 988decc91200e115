import { describe, expect, it } from 'vitest';
import { loadSandboxConfig } from './config';

const required = {
  SANDBOX_CONTROL_SECRET: 'c'.repeat(16),
  PROVIDER_SECRETS: `sim=${'p'.repeat(16)}`,
  PAYMENT_SANDBOX_SECRET: 's'.repeat(16),
  PAYOUT_API_KEY: 'k'.repeat(16),
};

describe('sandbox configuration', () => {
  it('has the documented defaults', () => {
    const c = loadSandboxConfig({ ...required, INIT_CWD: '/srv/koi' });
    expect(c).toMatchObject({
      port: 8090,
      dataDir: '/srv/koi/data/sandbox',
      koiUrl: 'http://127.0.0.1:8080',
      tron: {
        blockMs: 2000,
        confirmations: 3,
        apiKey: undefined,
        usdtContract: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
      },
      payments: { merchantId: 'koi' },
    });
  });

  it('reads the Telegram bots and refuses a malformed one, naming it', () => {
    const bots =
      'KoiSandboxBot=7000000001:AAH-a-token-of-thirty-characters_,OtherBot1=7000000002:AAH-another-token-of-thirty-chars';
    expect(
      loadSandboxConfig({ ...required, TELEGRAM_BOTS: bots }).telegram.bots.map((b) => b.username),
    ).toEqual(['KoiSandboxBot', 'OtherBot1']);
    expect(loadSandboxConfig(required).telegram.bots).toEqual([]);
    expect(() => loadSandboxConfig({ ...required, TELEGRAM_BOTS: 'KoiSandboxBot=not-a-token' })).toThrow(
      /TELEGRAM_BOTS: the token of KoiSandboxBot/,
    );
  });

  it.each(Object.keys(required))('refuses to start without %s, naming it', (name) => {
    const env: Record<string, string> = { ...required };
    delete env[name];
    expect(() => loadSandboxConfig(env)).toThrow(name);
    expect(() => loadSandboxConfig({ ...env, [name]: 'short' })).toThrow(name);
  });

  it('reads one secret per provider', () => {
    const c = loadSandboxConfig({
      ...required,
      PROVIDER_SECRETS: `sim=${'a'.repeat(16)}, pg=${'b'.repeat(20)}`,
    });
    expect([...c.providers.secrets]).toEqual([
      ['sim', 'a'.repeat(16)],
      ['pg', 'b'.repeat(20)],
    ]);
  });

  it.each([
    ['PROVIDER_SECRETS', `sim=${'a'.repeat(15)}`],
    ['PROVIDER_SECRETS', `sim=${'a'.repeat(16)},sim=${'b'.repeat(16)}`],
    ['PROVIDER_SECRETS', 'a'.repeat(16)],
    ['TRON_CONFIRMATIONS', '0'],
    ['TRON_BLOCK_MS', '-1'],
    ['USDT_CONTRACT', '0xdAC17F958D2ee523a2206206994597C13D831ec7'],
    ['SANDBOX_PORT', '70000'],
  ])('refuses %s=%j', (name, value) => {
    expect(() => loadSandboxConfig({ ...required, [name]: value })).toThrow(name);
  });
});

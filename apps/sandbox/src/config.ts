import path from 'node:path';
import { parseProviderSecrets } from '@koi/provider-protocol';
import { z } from 'zod';

/**
 * The sandbox's configuration, read once. The sandbox stands in for every external system Koi talks to
 * (decision 19): game providers, the TRON network (TronGrid), a hosted payment channel and the payout rail.
 * Secrets are required and never committed; `npm start` and the test harness generate them.
 */
const secret = (name: string) => z.string().min(16, { message: `${name} must be at least 16 characters` });
const tronAddress = z.string().regex(/^T[1-9A-HJ-NP-Za-km-z]{33}$/, { message: 'must be a TRON T… address' });
/**
 * A variable holding a list in the text form `parse` reads (`name=value,…`): the parser's sentence about a
 * malformed entry, or `check`'s about the whole list, is the variable's error.
 */
const parsedList = <T>(parse: (text: string) => T | string, check?: (list: T) => string | undefined) =>
  z.string().superRefine((text, ctx) => {
    const parsed = parse(text);
    const problem = typeof parsed === 'string' ? parsed : check?.(parsed);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

const envSchema = z.object({
  SANDBOX_PORT: z.coerce.number().int().min(0).max(65535).default(8090),
  SANDBOX_HOST: z.string().default('0.0.0.0'),
  /** Where a browser reaches the sandbox (launch URLs, payment pages are built from it). */
  SANDBOX_PUBLIC_URL: z.string().url().optional(),
  /** Where the chain and the payment orders are kept between restarts. */
  SANDBOX_DATA_DIR: z.string().default('./data/sandbox'),
  /** Guards every /control/* endpoint (header x-sandbox-control). */
  SANDBOX_CONTROL_SECRET: secret('SANDBOX_CONTROL_SECRET'),
  /** Koi's base URL for the providers' wallet calls. */
  KOI_URL: z.string().url().default('http://127.0.0.1:8080'),
  /** Each game provider's own HMAC secret shared with Koi, `code=secret,…` (Koi reads the same variable). */
  PROVIDER_SECRETS: parsedList(parseProviderSecrets, (secrets) =>
    secrets.size === 0 ? 'name at least one provider' : undefined,
  ),
  /** TRON: milliseconds between blocks, and how many blocks deep a transfer must be to count as confirmed. */
  TRON_BLOCK_MS: z.coerce.number().int().min(0).default(2000),
  TRON_CONFIRMATIONS: z.coerce.number().int().min(1).max(100).default(3),
  /** When set, the TronGrid API requires this `TRON-PRO-API-KEY`; unset, it answers anyone (as TronGrid does). */
  TRONGRID_API_KEY: z.string().min(1).optional(),
  USDT_CONTRACT: tronAddress.default('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t'),
  /** The payment channel's one merchant (Koi) and its signing secret. */
  PAYMENT_MERCHANT_ID: z.string().min(1).default('koi'),
  PAYMENT_SANDBOX_SECRET: secret('PAYMENT_SANDBOX_SECRET'),
  /** The payout rail's API key (header x-api-key). */
  PAYOUT_API_KEY: secret('PAYOUT_API_KEY'),
  /**
   * Telegram bots the sandbox Bot API hosts, `username=token,…` (tokens as BotFather issues them,
   * `<bot id>:<secret>`); unset = none, and every `/bot<token>/…` call answers 401 as Telegram does.
   */
  TELEGRAM_BOTS: parsedList(parseTelegramBots).default(''),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

/** A sandbox Telegram bot: its username (without @) and its token. */
export interface TelegramBotConfig {
  username: string;
  token: string;
}

/** Parses `username=token,…`; answers a sentence naming the problem when an entry is malformed. */
export function parseTelegramBots(text: string): TelegramBotConfig[] | string {
  const bots: TelegramBotConfig[] = [];
  for (const entry of text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const [username, token] = entry.split('=');
    if (!username || !/^[A-Za-z][A-Za-z0-9_]{4,31}$/.test(username))
      return `bot username "${username ?? ''}" must be 5–32 letters, digits or _`;
    if (!token || !/^\d{1,15}:[A-Za-z0-9_-]{30,64}$/.test(token))
      return `the token of ${username} must look like <bot id>:<30–64 letters, digits, _ or ->`;
    bots.push({ username, token });
  }
  return bots;
}

export type SandboxEnv = z.input<typeof envSchema>;

export interface SandboxConfig {
  port: number;
  host: string;
  publicUrl: string | undefined;
  dataDir: string;
  controlSecret: string;
  koiUrl: string;
  logLevel: string;
  /** Each provider's signing secret by provider code. */
  providers: { secrets: ReadonlyMap<string, string> };
  tron: { blockMs: number; confirmations: number; apiKey: string | undefined; usdtContract: string };
  payments: { merchantId: string; secret: string };
  payout: { apiKey: string };
  telegram: { bots: TelegramBotConfig[] };
}

export function loadSandboxConfig(env: NodeJS.ProcessEnv = process.env): SandboxConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new Error(
      `Invalid sandbox configuration:\n${parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n')}`,
    );
  }
  const e = parsed.data;
  return {
    port: e.SANDBOX_PORT,
    host: e.SANDBOX_HOST,
    publicUrl: e.SANDBOX_PUBLIC_URL,
    // npm runs workspace scripts inside the workspace folder; INIT_CWD is where the user typed the command.
    dataDir: path.resolve(env.INIT_CWD ?? process.cwd(), e.SANDBOX_DATA_DIR),
    controlSecret: e.SANDBOX_CONTROL_SECRET,
    koiUrl: e.KOI_URL,
    logLevel: e.LOG_LEVEL,
    providers: { secrets: parseProviderSecrets(e.PROVIDER_SECRETS) as Map<string, string> },
    tron: {
      blockMs: e.TRON_BLOCK_MS,
      confirmations: e.TRON_CONFIRMATIONS,
      apiKey: e.TRONGRID_API_KEY,
      usdtContract: e.USDT_CONTRACT,
    },
    payments: { merchantId: e.PAYMENT_MERCHANT_ID, secret: e.PAYMENT_SANDBOX_SECRET },
    payout: { apiKey: e.PAYOUT_API_KEY },
    telegram: { bots: parseTelegramBots(e.TELEGRAM_BOTS) as TelegramBotConfig[] },
  };
}

import { createHmac, randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { hundredthsOf, toMicro } from '@koi/ledger';
import { parseProviderSecrets } from '@koi/provider-protocol';

/**
 * Configuration is read from the environment once, at start-up, and validated here; the rest of the code
 * receives the typed object and never reads `process.env` itself.
 */

const onOff = z.enum(['on', 'off']);
const secret = z.string().min(16, { message: 'must be at least 16 characters' });
/** A TRON base58 address (`T` + 33 base58 characters); the deposits module verifies the checksum. */
const tronAddress = z.string().regex(/^T[1-9A-HJ-NP-Za-km-z]{33}$/, { message: 'must be a TRON T… address' });
/** The official USDT TRC20 contract on TRON mainnet (decision 20). */
export const OFFICIAL_USDT_CONTRACT = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const positiveInt = z.coerce.number().int().positive();
const usdt = z
  .string()
  .regex(/^\d{1,9}(\.\d{1,6})?$/, { message: 'must be a USDT amount such as 10 or 0.5' });
const multiple = z
  .string()
  .regex(/^\d{1,3}(\.\d{1,2})?$/, { message: 'must be a multiple such as 1 or 1.5' });

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  KOI_DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  DATABASE_OWNER_URL: z.string().url().optional(),
  AUDIT_HMAC_KEY: z.string().min(32, { message: 'must be at least 32 characters' }).optional(),
  AUDIT_HMAC_PREVIOUS_KEYS: z
    .string()
    .default('')
    .refine((text) => text.split(',').every((k) => !k.trim() || k.trim().length >= 32), {
      message: 'each key must be at least 32 characters',
    }),
  AUDIT_CHECKPOINT_SECONDS: z.coerce.number().int().min(1).max(86_400).default(60),
  AUDIT_CHECKPOINT_FILE: z.string().optional(),
  AUDIT_WITNESS_URL: z.string().url().optional(),
  CAPTCHA: onOff.default('on'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  REDIS_URL: z.string().url().optional(),
  SESSION_IDLE_MINUTES: positiveInt.default(60 * 24 * 7),
  SESSION_ABSOLUTE_HOURS: positiveInt.default(24 * 30),
  LOGIN_MAX_FAILURES: positiveInt.default(5),
  LOGIN_LOCK_MINUTES: positiveInt.default(15),
  LOGIN_ACCOUNT_MAX_FAILURES: positiveInt.default(20),
  LOGIN_ACCOUNT_WINDOW_MINUTES: positiveInt.default(60),
  RATE_LIMIT: onOff.default('on'),
  CORS_ORIGINS: z.string().default(''),
  TRUST_PROXY: z.string().default('loopback'),
  GEO_COUNTRY_HEADER: z.string().default('cf-ipcountry'),
  DENIED_COUNTRIES: z.string().default('CN'),
  BODY_LIMIT_BYTES: positiveInt.default(64 * 1024),
  WEB_DIST_DIR: z.string().optional(),
  ADMIN_DIST_DIR: z.string().optional(),
  SEED_DEMO: onOff.default('on'),
  KOI_TEST_ROUTES: onOff.default('off'),
  PROVIDER_SIM_URL: z.string().url().optional(),
  PROVIDER_SECRETS: z
    .string()
    .default('')
    .superRefine((text, ctx) => {
      const parsed = parseProviderSecrets(text);
      if (typeof parsed === 'string') ctx.addIssue({ code: 'custom', message: parsed });
    }),
  PROVIDER_MAX_WIN_MULTIPLIER: z.coerce.number().int().min(1).max(1_000_000).default(10_000),
  PROVIDER_MAX_WIN_PER_ROUND: z
    .string()
    .regex(/^\d{1,9}$/, { message: 'must be a whole USDT amount' })
    .default('100000'),
  TRONGRID_URL: z.string().url().optional(),
  TRONGRID_API_KEY: z.string().min(1).optional(),
  USDT_CONTRACT: tronAddress.default(OFFICIAL_USDT_CONTRACT),
  PAYMENT_SANDBOX_URL: z.string().url().optional(),
  PAYMENT_MERCHANT_ID: z.string().min(1).max(64).default('koi'),
  PAYMENT_SANDBOX_SECRET: secret.optional(),
  KOI_PUBLIC_URL: z.string().url().optional(),
  WEB_PUBLIC_URL: z.string().url().optional(),
  PAYOUT_URL: z.string().url().optional(),
  PAYOUT_API_KEY: secret.optional(),
  PROVIDER_SESSION_HOURS: positiveInt.default(12),
  ORIGINALS_HOUSE_EDGE_BP: z.coerce.number().int().min(0).max(1000).default(100),
  VALID_BET_MAX_WIN_CHANCE: z
    .string()
    .regex(/^\d{1,3}(\.\d{1,2})?$/, { message: 'must be a percentage such as 95 or 97.5' })
    .default('95'),
  ORIGINALS_MAX_PAYOUT: z
    .string()
    .regex(/^\d{1,9}$/, { message: 'must be a whole USDT amount' })
    .default('100000'),
  JOBS: onOff.default('on'),
  NODE_ENV: z.string().optional(),
  KOI_WORKERS: z.coerce.number().int().min(1).max(256).optional(),
  WITHDRAW_MIN: usdt.default('10'),
  WITHDRAW_MAX: usdt.default('50000'),
  WITHDRAW_DAILY_COUNT: positiveInt.default(5),
  WITHDRAW_DAILY_AMOUNT: usdt.default('100000'),
  WITHDRAW_FEE: z
    .string()
    .regex(/^\d{1,6}(\.\d{1,6})?%?$/, { message: 'must be a USDT amount such as 1 or a ratio such as 0.5%' })
    .default('1'),
  WITHDRAW_ADDRESS_DELAY_MINUTES: z.coerce.number().int().min(0).max(10_080).default(0),
  WITHDRAW_PASSWORD_MAX_FAILURES: positiveInt.default(5),
  WITHDRAW_PASSWORD_LOCK_MINUTES: positiveInt.default(60),
  WITHDRAW_TWO_OPERATORS_ABOVE: usdt.default('10000'),
  WITHDRAW_AUTO_APPROVE_BELOW: usdt.default('0'),
  WITHDRAW_PAYOUT_ALERT_MINUTES: z.coerce.number().int().min(1).max(10_080).default(30),
  /** Separation of duties: what one operator may approve in withdrawals per UTC+8 day, in sum. */
  OPERATOR_DAILY_APPROVALS: usdt.default('50000'),
  TURNOVER_DEPOSIT_MULTIPLE: multiple.default('1'),
  TURNOVER_BONUS_MULTIPLE: multiple.default('10'),
  DEPOSIT_ADDRESSES: z.string().default(''),
  DEPOSIT_ORDER_MINUTES: z.coerce.number().int().min(5).max(60).default(15),
  DEPOSIT_MIN: usdt.default('20'),
  DEPOSIT_MAX: usdt.default('100000'),
  DEPOSIT_MAX_OPEN_ORDERS: z.coerce.number().int().min(1).max(20).default(3),
  DEPOSIT_WATCH_INTERVAL_MS: z.coerce.number().int().min(200).max(600_000).default(3000),
  DEPOSIT_MATCH_APPROVAL_ABOVE: usdt.default('1000'),
  /**
   * Development and demos only: the sandbox wallet page (`<sandbox>/tron/wallet`). When set, the deposit popup
   * links to it prefilled with the order's address and amount; unset (production) there is no such link.
   */
  SANDBOX_WALLET_URL: z.string().url().optional(),
  DEMO_SIGNUP_BONUS: z
    .string()
    .regex(/^\d{1,6}(\.\d{1,6})?$/, { message: 'must be a USDT amount such as 100 or 0' })
    .default('0'),
  OPERATOR_SESSION_IDLE_MINUTES: positiveInt.default(30),
  OPERATOR_SESSION_ABSOLUTE_HOURS: positiveInt.default(12),
  ADJUSTMENT_APPROVAL_ABOVE: z
    .string()
    .regex(/^\d{1,9}(\.\d{1,6})?$/, { message: 'must be a USDT amount such as 1000' })
    .default('1000'),
  /** Separation of duties: what one operator may adjust per UTC+8 day, the sum of absolute amounts. */
  OPERATOR_DAILY_ADJUSTMENTS: z
    .string()
    .regex(/^\d{1,9}(\.\d{1,6})?$/, { message: 'must be a USDT amount such as 5000' })
    .default('5000'),
  UPLOADS_DIR: z.string().optional(),
  /** Telegram (decision 37): the bot's token as BotFather issued it and its username; unset = no bot. */
  TELEGRAM_BOT_TOKEN: z
    .string()
    .regex(/^\d{1,15}:[A-Za-z0-9_-]{30,64}$/, { message: 'must be a bot token such as 123456:AAH…' })
    .optional(),
  TELEGRAM_BOT_NAME: z
    .string()
    .regex(/^[A-Za-z][A-Za-z0-9_]{4,31}$/, { message: 'must be the bot username without @' })
    .optional(),
  TELEGRAM_API_URL: z.string().url().default('https://api.telegram.org'),
  TELEGRAM_WEBHOOK_URL: z.string().url().optional(),
  TELEGRAM_WEBHOOK_SECRET: z
    .string()
    .regex(/^[A-Za-z0-9_-]{16,256}$/, { message: 'must be 16–256 letters, digits, _ or -' })
    .optional(),
  TELEGRAM_MINI_APP_URL: z.string().url().optional(),
  /** Comma-separated origins that may frame the player app (Telegram's web clients open Mini Apps in a frame). */
  TELEGRAM_FRAME_ANCESTORS: z
    .string()
    .default('https://web.telegram.org')
    .refine(
      (v) => v.split(',').every((o) => /^https?:\/\/[A-Za-z0-9.*:-]+$/.test(o.trim()) || o.trim() === ''),
      {
        message: 'must be comma-separated origins such as https://web.telegram.org',
      },
    ),
});

/** A system's URL without its key would fail on the first call; refuse it at start-up instead. */
const checkedEnv = envSchema.superRefine((e, ctx) => {
  const pairs: [keyof typeof e, keyof typeof e][] = [
    ['PAYMENT_SANDBOX_URL', 'PAYMENT_SANDBOX_SECRET'],
    ['PAYOUT_URL', 'PAYOUT_API_KEY'],
    ['DATABASE_OWNER_URL', 'DATABASE_URL'],
    ['TELEGRAM_BOT_TOKEN', 'TELEGRAM_BOT_NAME'],
  ];
  for (const [url, key] of pairs)
    if (e[url] && !e[key])
      ctx.addIssue({ code: 'custom', path: [key], message: `required when ${url} is set` });
  // CAPTCHA=off is for local demos and tests only: a production server without it invites credential stuffing.
  if (e.NODE_ENV === 'production' && e.CAPTCHA === 'off')
    ctx.addIssue({
      code: 'custom',
      path: ['CAPTCHA'],
      message: 'off is for local demos only, refused under NODE_ENV=production',
    });
  if (e.NODE_ENV === 'production' && e.KOI_TEST_ROUTES === 'on')
    ctx.addIssue({
      code: 'custom',
      path: ['KOI_TEST_ROUTES'],
      message: 'on is for tests only, refused under NODE_ENV=production',
    });
});

export type Env = z.input<typeof envSchema>;
/** Every variable the server reads; the README's configuration table must list each (config.test.ts). */
export const ENV_VARIABLES = Object.keys(envSchema.shape);

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /**
   * The role that owns the schema (DATABASE_OWNER_URL): migrations, SQL functions and grants run as it, the
   * server's own queries as the least-privilege role of DATABASE_URL. Unset = everything as DATABASE_URL.
   */
  databaseOwnerUrl: string | undefined;
  audit: AuditConfig;
  captchaEnabled: boolean;
  logLevel: string;
  redisUrl: string | undefined;
  session: { idleMs: number; absoluteMs: number };
  /**
   * Decision 32: `maxFailures` wrong sign-ins for one username from one source (IP or device) within `lockMs`
   * refuse that source for the rest of the window; `accountMaxFailures` from anywhere within `accountWindowMs`
   * lock the account itself for `accountWindowMs`.
   */
  login: { maxFailures: number; lockMs: number; accountMaxFailures: number; accountWindowMs: number };
  rateLimitEnabled: boolean;
  corsOrigins: string[];
  trustProxy: string | boolean;
  geo: { countryHeader: string; deniedCountries: Set<string> };
  bodyLimitBytes: number;
  webDistDir: string;
  /** The operator console's build (apps/admin), served under /admin. */
  adminDistDir: string;
  seedDemo: boolean;
  /**
   * The game providers' server (in development the sandbox, which plays every provider; decision 15) and
   * each provider's own signing secret by provider code. A provider without a secret cannot call the wallet.
   */
  providerSim: { url: string; secrets: ReadonlyMap<string, string> } | null;
  /**
   * Defaults for a provider game's win bounds (a game's own columns override them): the round's wins may not
   * exceed `maxWinMultiplier` times its stake, nor `maxWinPerRoundMicro`.
   */
  providerWins: { maxWinMultiplier: number; maxWinPerRoundMicro: bigint };
  providerSessionMs: number;
  /**
   * TronGrid (decision 19): base URL (`https://api.trongrid.io` in production, the sandbox in development;
   * null = no chain watcher), the `TRON-PRO-API-KEY`, and the only token contract that credits (decision 20).
   */
  tron: { url: string | null; apiKey: string | undefined; usdtContract: string };
  /** The sandbox hosted payment channel (decision 14): base URL, Koi's merchant id and signing secret. */
  paymentSandbox: { url: string; merchantId: string; secret: string } | null;
  /**
   * Hosted payment channels: `notifyBaseUrl` is where a channel reaches Koi's notification endpoint
   * (KOI_PUBLIC_URL, default this server on loopback), `returnBaseUrl` where the channel's page sends the
   * player back (WEB_PUBLIC_URL, else KOI_PUBLIC_URL; null = the origin of the player's own request, so the
   * player returns to the address they were using and stays signed in).
   */
  channels: { notifyBaseUrl: string; returnBaseUrl: string | null };
  /** The payout rail (decision 22): base URL and API key; null = withdrawals cannot be paid out. */
  payout: { url: string; apiKey: string } | null;
  /**
   * The Telegram bot and Mini App sign-in (decisions 26, 37); null = no bot, no Telegram link, no sign-in.
   * `apiUrl` is the Bot API (the sandbox in development), `webhookUrl` where Telegram delivers updates,
   * `webhookSecret` the `secret_token` Telegram echoes in every delivery, `miniAppUrl` the player app's
   * origin that the bot's button opens.
   */
  telegram: TelegramConfig | null;
  /** Koi originals: house edge in basis points (100 = 1 %) and the most one bet can pay, in micro-USDT. */
  originals: { houseEdgeBp: number; maxPayoutMicro: bigint };
  /**
   * The valid-bet feed (modules/bets/valid-bets.ts): an original whose win chance is above this many basis
   * points of a percent (VALID_BET_MAX_WIN_CHANCE percent, default 95 %) is near-certain and counts nothing.
   */
  bets: { validBetMaxWinChanceBp: number };
  /** Background loops (expired holds, provider transfer reconciliation); off in tests, which call them directly. */
  jobsEnabled: boolean;
  /** KOI_TEST_ROUTES: routes that let browser tests run a job now (settle today's rebates); never in production. */
  testRoutes: boolean;
  /**
   * Server processes on the one port (node:cluster): KOI_WORKERS, else one per core under NODE_ENV=production
   * and 1 otherwise. With the embedded database the server runs one process whatever this says (cluster.ts).
   */
  workers: number;
  /** USDT-TRC20 deposits (decisions 13, 20) and the unmatched queue; amounts in micro-USDT. */
  deposits: {
    /** Receiving addresses added (enabled) at start when missing; operators manage the rest. */
    addresses: string[];
    orderMs: number;
    minMicro: bigint;
    maxMicro: bigint;
    maxOpenOrders: number;
    watchIntervalMs: number;
    /** Operator matches of unmatched money above this need a second operator. */
    matchApprovalAboveMicro: bigint;
    /** The sandbox wallet page the deposit popup links to (development and demos); null in production. */
    sandboxWalletUrl: string | null;
  };
  /** Demo only: USDT credited to each new player as a bonus so the games can be tried; 0 (default) = none. */
  demoSignupBonus: string;
  /** The operator console. */
  console: {
    /** Operator sessions: 30 minutes idle, 12 hours absolute by default. */
    sessionIdleMs: number;
    sessionAbsoluteMs: number;
    /** Failures (password or TOTP) in a row before an operator account locks, and for how long. */
    maxFailures: number;
    lockMs: number;
    /** A manual adjustment larger than this (micro-USDT, either sign) waits for a second operator. */
    approvalAboveMicro: bigint;
    /** One operator's adjustments per UTC+8 day, the sum of absolute amounts (requested and approved). */
    dailyAdjustmentsMicro: bigint;
    /** Where uploaded images are stored and served from (default KOI_DATA_DIR/uploads). */
    uploadsDir: string;
  };
  withdrawals: WithdrawalsConfig;
}

/** The audit log's keys and its checkpoints outside the database (design note in modules/audit/audit.service.ts). */
export interface AuditConfig {
  /** AUDIT_HMAC_KEY: keys every new row's hash; null = the generated development key (see keyFile). */
  key: string | null;
  /** Keys of earlier segments of the chain, still accepted when verifying (AUDIT_HMAC_PREVIOUS_KEYS). */
  previousKeys: string[];
  /**
   * Where a development server without AUDIT_HMAC_KEY keeps the key it generated on first run (in the data
   * directory); null under NODE_ENV=production, where the key must be configured.
   */
  keyFile: string | null;
  /** The signed checkpoint lines (default KOI_DATA_DIR/audit-checkpoints.log). */
  checkpointFile: string;
  checkpointEveryMs: number;
  /** The external witness's log URL (checkpoints are POSTed to `<url>/checkpoints`); null = none. */
  witnessUrl: string | null;
}

/** Withdrawal limits, fee, review thresholds and turnover multiples (decisions 22, 23); amounts in micro-USDT. */
export interface WithdrawalsConfig {
  minMicro: bigint;
  maxMicro: bigint;
  dailyCount: number;
  dailyAmountMicro: bigint;
  /** A fixed fee in micro-USDT, or a ratio in basis points of the amount (rounded up to the micro). */
  fee: { kind: 'fixed'; micro: bigint } | { kind: 'ratio'; basisPoints: number };
  addressDelayMs: number;
  passwordMaxFailures: number;
  passwordLockMs: number;
  /** Approvals of amounts above this need two different operators. */
  twoOperatorsAboveMicro: bigint;
  /** One operator's withdrawal approvals per UTC+8 day, in sum (first and second approvals alike). */
  operatorDailyApprovalsMicro: bigint;
  /** Withdrawals below this from players without review flags are approved automatically; 0 = off. */
  autoApproveBelowMicro: bigint;
  /**
   * A payout whose outcome the rail has not made clear this long after it started raises a console alert
   * for two operators to settle by hand (the reconciler keeps asking meanwhile).
   */
  payoutAlertAfterMs: number;
  /** Turnover multiples in hundredths (100 = 1×). */
  turnover: { depositMultipleCentis: number; bonusMultipleCentis: number };
}

/** Hundredths of a percent or multiple; NaN for a third decimal, so the fee check below refuses it. */
function toCentis(text: string): number {
  return hundredthsOf(text) ?? Number.NaN;
}

/** "95" or "97.5" (a percentage with at most two decimals, at most 100) as basis points of a percent. */
function percentToBasisPoints(text: string): number {
  const [whole, fraction = ''] = text.split('.');
  const bp = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  if (bp > 10_000) throw new Error(`VALID_BET_MAX_WIN_CHANCE: ${text} is above 100 %`);
  return bp;
}

function withdrawalsConfig(e: z.output<typeof envSchema>): WithdrawalsConfig {
  const fee = e.WITHDRAW_FEE.endsWith('%')
    ? ({ kind: 'ratio', basisPoints: toCentis(e.WITHDRAW_FEE.slice(0, -1)) } as const)
    : ({ kind: 'fixed', micro: toMicro(e.WITHDRAW_FEE) } as const);
  if (fee.kind === 'ratio' && (!Number.isInteger(fee.basisPoints) || fee.basisPoints > 10_000)) {
    throw new Error(
      'Invalid configuration:\n  WITHDRAW_FEE: a ratio must have at most 2 decimals and be at most 100%',
    );
  }
  const minMicro = toMicro(e.WITHDRAW_MIN);
  const maxMicro = toMicro(e.WITHDRAW_MAX);
  if (minMicro <= 0n || maxMicro < minMicro) {
    throw new Error(
      'Invalid configuration:\n  WITHDRAW_MIN, WITHDRAW_MAX: need 0 < WITHDRAW_MIN <= WITHDRAW_MAX',
    );
  }
  return {
    minMicro,
    maxMicro,
    dailyCount: e.WITHDRAW_DAILY_COUNT,
    dailyAmountMicro: toMicro(e.WITHDRAW_DAILY_AMOUNT),
    fee,
    addressDelayMs: e.WITHDRAW_ADDRESS_DELAY_MINUTES * 60_000,
    passwordMaxFailures: e.WITHDRAW_PASSWORD_MAX_FAILURES,
    passwordLockMs: e.WITHDRAW_PASSWORD_LOCK_MINUTES * 60_000,
    twoOperatorsAboveMicro: toMicro(e.WITHDRAW_TWO_OPERATORS_ABOVE),
    operatorDailyApprovalsMicro: toMicro(e.OPERATOR_DAILY_APPROVALS),
    autoApproveBelowMicro: toMicro(e.WITHDRAW_AUTO_APPROVE_BELOW),
    payoutAlertAfterMs: e.WITHDRAW_PAYOUT_ALERT_MINUTES * 60_000,
    turnover: {
      depositMultipleCentis: toCentis(e.TURNOVER_DEPOSIT_MULTIPLE),
      bonusMultipleCentis: toCentis(e.TURNOVER_BONUS_MULTIPLE),
    },
  };
}

function channelUrls(e: z.output<typeof envSchema>): Config['channels'] {
  const trim = (u: string) => u.replace(/\/+$/, '');
  const notifyBaseUrl = trim(e.KOI_PUBLIC_URL ?? `http://127.0.0.1:${e.PORT}`);
  const returnBase = e.WEB_PUBLIC_URL ?? e.KOI_PUBLIC_URL;
  return { notifyBaseUrl, returnBaseUrl: returnBase ? trim(returnBase) : null };
}

export interface TelegramConfig {
  token: string;
  botName: string;
  apiUrl: string;
  webhookUrl: string;
  webhookSecret: string;
  miniAppUrl: string;
  /** Origins allowed to show the player app in a frame (CSP frame-ancestors), besides Koi's own. */
  frameAncestors: string[];
}

/**
 * The bot's settings. The webhook's secret token defaults to one derived from the bot token, so a deployment
 * that sets only the token still refuses deliveries that did not come from Telegram; the webhook and the Mini
 * App default to this server's public address.
 */
function telegramConfig(e: z.output<typeof envSchema>): TelegramConfig | null {
  if (!e.TELEGRAM_BOT_TOKEN) return null;
  const trim = (u: string) => u.replace(/\/+$/, '');
  const base = trim(e.KOI_PUBLIC_URL ?? `http://127.0.0.1:${e.PORT}`);
  return {
    token: e.TELEGRAM_BOT_TOKEN,
    botName: e.TELEGRAM_BOT_NAME!,
    apiUrl: trim(e.TELEGRAM_API_URL),
    webhookUrl: e.TELEGRAM_WEBHOOK_URL ?? `${base}/api/telegram/webhook`,
    webhookSecret:
      e.TELEGRAM_WEBHOOK_SECRET ??
      createHmac('sha256', 'koi-telegram-webhook').update(e.TELEGRAM_BOT_TOKEN).digest('hex'),
    miniAppUrl: trim(
      e.TELEGRAM_MINI_APP_URL ?? e.WEB_PUBLIC_URL ?? e.KOI_PUBLIC_URL ?? `http://localhost:${e.PORT}`,
    ),
    frameAncestors: e.TELEGRAM_FRAME_ANCESTORS.split(',')
      .map((o) => o.trim())
      .filter(Boolean),
  };
}

/** npm runs workspace scripts inside the workspace folder; INIT_CWD is where the user typed the command. */
function baseDir(env: NodeJS.ProcessEnv): string {
  return env.INIT_CWD ?? process.cwd();
}

const DEFAULT_WEB_DIST = path.resolve(import.meta.dirname, '../../web/dist');
const DEFAULT_ADMIN_DIST = path.resolve(import.meta.dirname, '../../admin/dist');

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = checkedEnv.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const root = baseDir(env);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(root, e.KOI_DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databaseOwnerUrl: e.DATABASE_OWNER_URL,
    audit: {
      key: e.AUDIT_HMAC_KEY ?? null,
      previousKeys: e.AUDIT_HMAC_PREVIOUS_KEYS.split(',')
        .map((k) => k.trim())
        .filter(Boolean),
      keyFile: e.NODE_ENV === 'production' ? null : path.resolve(root, e.KOI_DATA_DIR, 'audit-hmac.key'),
      checkpointFile: path.resolve(
        root,
        e.AUDIT_CHECKPOINT_FILE ?? path.join(e.KOI_DATA_DIR, 'audit-checkpoints.log'),
      ),
      checkpointEveryMs: e.AUDIT_CHECKPOINT_SECONDS * 1000,
      witnessUrl: e.AUDIT_WITNESS_URL ? e.AUDIT_WITNESS_URL.replace(/\/+$/, '') : null,
    },
    captchaEnabled: e.CAPTCHA === 'on',
    logLevel: e.LOG_LEVEL,
    redisUrl: e.REDIS_URL,
    session: { idleMs: e.SESSION_IDLE_MINUTES * 60_000, absoluteMs: e.SESSION_ABSOLUTE_HOURS * 3_600_000 },
    login: {
      maxFailures: e.LOGIN_MAX_FAILURES,
      lockMs: e.LOGIN_LOCK_MINUTES * 60_000,
      accountMaxFailures: e.LOGIN_ACCOUNT_MAX_FAILURES,
      accountWindowMs: e.LOGIN_ACCOUNT_WINDOW_MINUTES * 60_000,
    },
    rateLimitEnabled: e.RATE_LIMIT === 'on',
    corsOrigins: e.CORS_ORIGINS.split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    trustProxy: e.TRUST_PROXY === 'true' ? true : e.TRUST_PROXY === 'false' ? false : e.TRUST_PROXY,
    geo: {
      countryHeader: e.GEO_COUNTRY_HEADER.toLowerCase(),
      deniedCountries: new Set(
        e.DENIED_COUNTRIES.split(',')
          .map((s) => s.trim().toUpperCase())
          .filter(Boolean),
      ),
    },
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    webDistDir: e.WEB_DIST_DIR ? path.resolve(root, e.WEB_DIST_DIR) : DEFAULT_WEB_DIST,
    adminDistDir: e.ADMIN_DIST_DIR ? path.resolve(root, e.ADMIN_DIST_DIR) : DEFAULT_ADMIN_DIST,
    seedDemo: e.SEED_DEMO === 'on',
    providerSim: e.PROVIDER_SIM_URL
      ? { url: e.PROVIDER_SIM_URL, secrets: parseProviderSecrets(e.PROVIDER_SECRETS) as Map<string, string> }
      : null,
    providerWins: {
      maxWinMultiplier: e.PROVIDER_MAX_WIN_MULTIPLIER,
      maxWinPerRoundMicro: BigInt(e.PROVIDER_MAX_WIN_PER_ROUND) * 1_000_000n,
    },
    providerSessionMs: e.PROVIDER_SESSION_HOURS * 3_600_000,
    tron: { url: e.TRONGRID_URL ?? null, apiKey: e.TRONGRID_API_KEY, usdtContract: e.USDT_CONTRACT },
    paymentSandbox: e.PAYMENT_SANDBOX_URL
      ? {
          url: e.PAYMENT_SANDBOX_URL,
          merchantId: e.PAYMENT_MERCHANT_ID,
          secret: e.PAYMENT_SANDBOX_SECRET!,
        }
      : null,
    payout: e.PAYOUT_URL ? { url: e.PAYOUT_URL, apiKey: e.PAYOUT_API_KEY! } : null,
    telegram: telegramConfig(e),
    channels: channelUrls(e),
    demoSignupBonus: e.DEMO_SIGNUP_BONUS,
    console: {
      sessionIdleMs: e.OPERATOR_SESSION_IDLE_MINUTES * 60_000,
      sessionAbsoluteMs: e.OPERATOR_SESSION_ABSOLUTE_HOURS * 3_600_000,
      maxFailures: 5,
      lockMs: 15 * 60_000,
      approvalAboveMicro: toMicro(e.ADJUSTMENT_APPROVAL_ABOVE),
      dailyAdjustmentsMicro: toMicro(e.OPERATOR_DAILY_ADJUSTMENTS),
      uploadsDir: path.resolve(root, e.UPLOADS_DIR ?? path.join(e.KOI_DATA_DIR, 'uploads')),
    },
    deposits: {
      addresses: e.DEPOSIT_ADDRESSES.split(',')
        .map((a) => a.trim())
        .filter(Boolean),
      orderMs: e.DEPOSIT_ORDER_MINUTES * 60_000,
      minMicro: toMicro(e.DEPOSIT_MIN),
      maxMicro: toMicro(e.DEPOSIT_MAX),
      maxOpenOrders: e.DEPOSIT_MAX_OPEN_ORDERS,
      watchIntervalMs: e.DEPOSIT_WATCH_INTERVAL_MS,
      matchApprovalAboveMicro: toMicro(e.DEPOSIT_MATCH_APPROVAL_ABOVE),
      sandboxWalletUrl: e.SANDBOX_WALLET_URL ?? null,
    },
    jobsEnabled: e.JOBS === 'on',
    testRoutes: e.KOI_TEST_ROUTES === 'on',
    workers: e.KOI_WORKERS ?? (e.NODE_ENV === 'production' ? os.availableParallelism() : 1),
    withdrawals: withdrawalsConfig(e),
    originals: {
      houseEdgeBp: e.ORIGINALS_HOUSE_EDGE_BP,
      maxPayoutMicro: BigInt(e.ORIGINALS_MAX_PAYOUT) * 1_000_000n,
    },
    bets: { validBetMaxWinChanceBp: percentToBasisPoints(e.VALID_BET_MAX_WIN_CHANCE) },
  };
}

/** The audit key of this test process: random, so no key is ever written into the repository. */
const TEST_AUDIT_KEY = randomBytes(32).toString('hex');

/**
 * A configuration for tests: no captcha, no rate limits, quiet logs, a random audit key per process (so the
 * app and a command under test agree on it); override what a test needs.
 */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({
      AUDIT_HMAC_KEY: TEST_AUDIT_KEY,
      CAPTCHA: 'off',
      LOG_LEVEL: 'silent',
      RATE_LIMIT: 'off',
      KOI_DATA_DIR: '/nonexistent',
      SEED_DEMO: 'on',
      JOBS: 'off',
    }),
    ...overrides,
  };
}

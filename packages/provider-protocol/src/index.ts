import { createHmac, createSecretKey, timingSafeEqual, type KeyObject } from 'node:crypto';
import { z } from 'zod';

/**
 * The seamless-wallet protocol between Koi (the operator wallet) and game providers, shaped like the
 * operator wallet API that aggregators such as Hub88 publish: the provider calls
 * `POST /api/providers/:provider/{user/info,user/balance,transaction/bet,transaction/win,transaction/rollback}`
 * and Koi answers with a status and the player's balance. Amounts are integers in micro-USDT.
 *
 * Signing: each provider has its own secret (Koi's `PROVIDER_SECRETS`), so one provider's key cannot sign
 * another's calls. The signature is HMAC-SHA256, hex, in `x-koi-signature`, over
 * `${timestamp}\n${METHOD}\n${path}\n${raw body}` with the unix-seconds timestamp in `x-koi-timestamp` and
 * the path as sent (query string included). Covering the method and path means a signed win cannot be
 * replayed to `/transaction/rollback` or under another provider's path; covering the timestamp, and Koi
 * refusing one more than SIGNATURE_MAX_SKEW_S away from its clock, means a captured request cannot be
 * replayed later. The same scheme signs Koi's calls to the provider (launch, transfers, queries).
 */
export const SIGNATURE_HEADER = 'x-koi-signature';
export const TIMESTAMP_HEADER = 'x-koi-timestamp';
export const SIGNATURE_MAX_SKEW_S = 300;

/** What a signature covers: the request line's method and path, and the exact body bytes. */
export interface SignedRequest {
  method: string;
  /** Path and query as sent, e.g. `/api/providers/pg/transaction/bet`. */
  path: string;
  rawBody: string;
}

/**
 * Each secret as a KeyObject, made once. HMAC with a string key converts and imports the key on every call,
 * which cost more than the hashing itself: 12.5 µs a signature against 5.5 µs with a KeyObject (the provider
 * wallet's two calls per round are signed by the provider and checked by Koi, so four per round; measured side
 * by side on this machine). A platform has a handful of providers; the cache is dropped whole if anything
 * ever fills it (a caller signing with many throwaway secrets, as a test may).
 */
const keys = new Map<string, KeyObject>();
const KEYS_MAX = 256;

function keyOf(secret: string): KeyObject {
  let key = keys.get(secret);
  if (!key) {
    if (keys.size >= KEYS_MAX) keys.clear();
    key = createSecretKey(Buffer.from(secret, 'utf8'));
    keys.set(secret, key);
  }
  return key;
}

export function sign(secret: string, timestampS: number, request: SignedRequest): string {
  return createHmac('sha256', keyOf(secret))
    .update(`${timestampS}\n${request.method.toUpperCase()}\n${request.path}\n${request.rawBody}`)
    .digest('hex');
}

export function signedHeaders(
  secret: string,
  request: SignedRequest,
  nowMs = Date.now(),
): Record<string, string> {
  const ts = Math.floor(nowMs / 1000);
  return {
    'content-type': 'application/json',
    [TIMESTAMP_HEADER]: String(ts),
    [SIGNATURE_HEADER]: sign(secret, ts, request),
  };
}

export type SignatureCheck = 'ok' | 'missing' | 'stale' | 'bad';

export function checkSignature(
  secret: string,
  headers: Record<string, string | string[] | undefined>,
  request: SignedRequest,
  nowMs = Date.now(),
): SignatureCheck {
  const signature = headers[SIGNATURE_HEADER];
  const timestamp = headers[TIMESTAMP_HEADER];
  if (typeof signature !== 'string' || typeof timestamp !== 'string' || !/^\d{1,12}$/.test(timestamp))
    return 'missing';
  const ts = Number(timestamp);
  if (Math.abs(nowMs / 1000 - ts) > SIGNATURE_MAX_SKEW_S) return 'stale';
  const expected = Buffer.from(sign(secret, ts, request), 'hex');
  const given = Buffer.from(signature, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected) ? 'ok' : 'bad';
}

/**
 * `PROVIDER_SECRETS`: one secret per provider code, written `code=secret,code=secret` (both Koi and the
 * sandbox read it). Returns the map, or the reason it is malformed: codes are the providers' lower-case
 * codes, each secret at least 16 characters, no code twice.
 */
export function parseProviderSecrets(text: string): Map<string, string> | string {
  const secrets = new Map<string, string>();
  for (const part of text
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const eq = part.indexOf('=');
    const code = eq > 0 ? part.slice(0, eq).trim() : '';
    const secret = eq > 0 ? part.slice(eq + 1).trim() : '';
    if (!/^[a-z0-9]{1,20}$/.test(code)) return `"${part.slice(0, 24)}" is not code=secret`;
    if (secret.length < 16) return `the secret of ${code} must be at least 16 characters`;
    if (secrets.has(code)) return `${code} appears twice`;
    secrets.set(code, secret);
  }
  return secrets;
}

/** Answer statuses (Hub88's names). */
export const WalletStatus = {
  OK: 'RS_OK',
  NOT_ENOUGH_MONEY: 'RS_ERROR_NOT_ENOUGH_MONEY',
  DUPLICATE_TRANSACTION: 'RS_ERROR_DUPLICATE_TRANSACTION',
  TRANSACTION_DOES_NOT_EXIST: 'RS_ERROR_TRANSACTION_DOES_NOT_EXIST',
  TRANSACTION_ROLLED_BACK: 'RS_ERROR_TRANSACTION_ROLLED_BACK',
  INVALID_TOKEN: 'RS_ERROR_INVALID_TOKEN',
  TOKEN_EXPIRED: 'RS_ERROR_TOKEN_EXPIRED',
  INVALID_SIGNATURE: 'RS_ERROR_INVALID_SIGNATURE',
  WRONG_CURRENCY: 'RS_ERROR_WRONG_CURRENCY',
  WRONG_TYPES: 'RS_ERROR_WRONG_TYPES',
  USER_DISABLED: 'RS_ERROR_USER_DISABLED',
  /** A bet for a game that may not be played now (unknown, switched off, or not playable: maintenance…). */
  INVALID_GAME: 'RS_ERROR_INVALID_GAME',
  LIMIT_REACHED: 'RS_ERROR_LIMIT_REACHED',
  UNKNOWN: 'RS_ERROR_UNKNOWN',
} as const;
export type WalletStatus = (typeof WalletStatus)[keyof typeof WalletStatus];

/**
 * Every string of the protocol, both ways: no control characters (C0, DEL, C1). They have no place in an
 * identifier, a code or a token, PostgreSQL cannot store a NUL at all, and a look-alike id with an invisible
 * character would otherwise name a different transaction than the one the operator reads.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is what this pattern is for.
const NO_CONTROL_CHARACTERS = /^[^\u0000-\u001f\u007f-\u009f]*$/;
export function protocolText(min: number, max?: number) {
  const bounded = max === undefined ? z.string().min(min) : z.string().min(min).max(max);
  return bounded.regex(NO_CONTROL_CHARACTERS, 'must not contain control characters');
}

const uuid = protocolText(1, 100);
const amount = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

export const userInfoRequest = z.object({ request_uuid: uuid, token: protocolText(1, 200) });
export const balanceRequest = z.object({
  request_uuid: uuid,
  token: protocolText(1, 200),
  user: protocolText(0, 64).optional(),
});

const transactionBase = {
  request_uuid: uuid,
  transaction_uuid: uuid,
  token: protocolText(1, 200),
  user: protocolText(1, 64),
  round: protocolText(1, 100),
  round_closed: z.boolean(),
  game_code: protocolText(1, 64),
  currency: protocolText(1, 10),
};
export const betRequest = z.object({ ...transactionBase, amount });
export const winRequest = z.object({ ...transactionBase, amount, reference_transaction_uuid: uuid });
export const rollbackRequest = z.object({ ...transactionBase, reference_transaction_uuid: uuid });
export type BetRequest = z.infer<typeof betRequest>;
export type WinRequest = z.infer<typeof winRequest>;
export type RollbackRequest = z.infer<typeof rollbackRequest>;

export interface WalletAnswer {
  status: WalletStatus;
  request_uuid: string;
  user?: string;
  currency?: string;
  /** Available balance in micro-USDT after the call (also on NOT_ENOUGH_MONEY). */
  balance?: number;
  transaction_uuid?: string;
}

/** Koi → provider: open a game session (server to server). */
export const launchRequest = z.object({
  token: protocolText(1, 200),
  user: protocolText(1, 64),
  game_code: protocolText(1, 64),
  currency: protocolText(1, 10),
  lang: protocolText(0, 10),
  return_url: protocolText(0, 500).optional(),
  /** The game's name as the player saw it in the lobby, for the provider's page title. */
  game_name: protocolText(0, 64).optional(),
  /** seamless (the provider calls Koi's wallet) or transfer (the provider holds money Koi moved in). */
  wallet_model: z.enum(['seamless', 'transfer']).optional(),
});
export type LaunchRequest = z.infer<typeof launchRequest>;
export const launchAnswer = z.object({ url: protocolText(0) });

/**
 * Transfer-wallet protocol (Koi → provider, signed the same way). Koi moves money into the provider's own
 * wallet for the player before play and back out afterwards; every move carries Koi's transfer_id, which
 * the provider applies at most once and can be asked about later.
 */
export const TransferStatus = {
  OK: 'ok',
  INSUFFICIENT: 'insufficient',
  NOT_FOUND: 'not_found',
  ERROR: 'error',
} as const;
export type TransferStatus = (typeof TransferStatus)[keyof typeof TransferStatus];

export const transferMoveRequest = z.object({
  transfer_id: protocolText(1, 100),
  provider: protocolText(1, 20),
  user: protocolText(1, 64),
  amount: z.number().int().positive(),
});
export type TransferMoveRequest = z.infer<typeof transferMoveRequest>;
export const transferStatusRequest = z.object({ transfer_id: protocolText(1, 100) });
export const transferBalanceRequest = z.object({
  provider: protocolText(1, 20),
  user: protocolText(1, 64),
});
export interface TransferAnswer {
  status: TransferStatus;
  /** The player's balance at the provider after the move (micro-USDT). */
  balance?: number;
}

/**
 * Bet history of a transfer-wallet provider (Koi → provider, signed): the rounds its players settled, in the
 * order the provider recorded them, a page at a time. `cursor` is the `next_cursor` of the previous page
 * ("" for the first page); the provider's cursor only moves forward, so a caller that keeps the last cursor it
 * processed misses nothing and, asking again with an older one, gets the same rounds again.
 */
export const betHistoryRequest = z.object({
  provider: protocolText(1, 20),
  cursor: protocolText(0, 100),
  limit: z.number().int().min(1).max(1000),
});
export type BetHistoryRequest = z.infer<typeof betHistoryRequest>;
export const betHistoryRound = z.object({
  round_id: protocolText(1, 100),
  user: protocolText(1, 64),
  game_code: protocolText(1, 100),
  /** Stake and payout (stake included, 0 on a loss) in micro-USDT. */
  bet: z.number().int().nonnegative(),
  payout: z.number().int().nonnegative(),
  /** ISO 8601 instants: when the bet was placed and when the round settled. */
  bet_time: z.iso.datetime({ offset: true }),
  settle_time: z.iso.datetime({ offset: true }),
});
export type BetHistoryRound = z.infer<typeof betHistoryRound>;
export const betHistoryAnswer = z.object({
  status: z.enum([TransferStatus.OK, TransferStatus.ERROR]),
  rounds: z.array(betHistoryRound),
  next_cursor: protocolText(0),
  has_more: z.boolean(),
});
export type BetHistoryAnswer = z.infer<typeof betHistoryAnswer>;

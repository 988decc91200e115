import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

/**
 * The seamless-wallet protocol between Koi (the operator wallet) and game providers, shaped like the
 * operator wallet API that aggregators such as Hub88 publish: the provider calls
 * `POST /api/providers/:provider/{user/info,user/balance,transaction/bet,transaction/win,transaction/rollback}`
 * and Koi answers with a status and the player's balance. Amounts are integers in micro-USDT.
 *
 * Signing: HMAC-SHA256 with the provider's own secret over `${timestamp}.${raw body}`, hex, in
 * `x-koi-signature`, with the unix-seconds timestamp in `x-koi-timestamp`. Koi refuses a bad signature and
 * a timestamp more than SIGNATURE_MAX_SKEW_S away from its clock, so a captured request cannot be replayed
 * later. The same scheme signs Koi's calls to the provider (launch, queries).
 */
export const SIGNATURE_HEADER = 'x-koi-signature';
export const TIMESTAMP_HEADER = 'x-koi-timestamp';
export const SIGNATURE_MAX_SKEW_S = 300;

export function sign(secret: string, timestampS: number, rawBody: string): string {
  return createHmac('sha256', secret).update(`${timestampS}.${rawBody}`).digest('hex');
}

export function signedHeaders(secret: string, rawBody: string, nowMs = Date.now()): Record<string, string> {
  const ts = Math.floor(nowMs / 1000);
  return {
    'content-type': 'application/json',
    [TIMESTAMP_HEADER]: String(ts),
    [SIGNATURE_HEADER]: sign(secret, ts, rawBody),
  };
}

export type SignatureCheck = 'ok' | 'missing' | 'stale' | 'bad';

export function checkSignature(
  secret: string,
  headers: Record<string, string | string[] | undefined>,
  rawBody: string,
  nowMs = Date.now(),
): SignatureCheck {
  const signature = headers[SIGNATURE_HEADER];
  const timestamp = headers[TIMESTAMP_HEADER];
  if (typeof signature !== 'string' || typeof timestamp !== 'string' || !/^\d{1,12}$/.test(timestamp))
    return 'missing';
  const ts = Number(timestamp);
  if (Math.abs(nowMs / 1000 - ts) > SIGNATURE_MAX_SKEW_S) return 'stale';
  const expected = Buffer.from(sign(secret, ts, rawBody), 'hex');
  const given = Buffer.from(signature, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected) ? 'ok' : 'bad';
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
  LIMIT_REACHED: 'RS_ERROR_LIMIT_REACHED',
  UNKNOWN: 'RS_ERROR_UNKNOWN',
} as const;
export type WalletStatus = (typeof WalletStatus)[keyof typeof WalletStatus];

const uuid = z.string().min(1).max(100);
const amount = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

export const userInfoRequest = z.object({ request_uuid: uuid, token: z.string().min(1).max(200) });
export const balanceRequest = z.object({
  request_uuid: uuid,
  token: z.string().min(1).max(200),
  user: z.string().max(64).optional(),
});

const transactionBase = {
  request_uuid: uuid,
  transaction_uuid: uuid,
  token: z.string().min(1).max(200),
  user: z.string().min(1).max(64),
  round: z.string().min(1).max(100),
  round_closed: z.boolean(),
  game_code: z.string().min(1).max(64),
  currency: z.string().min(1).max(10),
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
  token: z.string().min(1).max(200),
  user: z.string().min(1).max(64),
  game_code: z.string().min(1).max(64),
  currency: z.string().min(1).max(10),
  lang: z.string().max(10),
  return_url: z.string().max(500).optional(),
  /** The game's name as the player saw it in the lobby, for the provider's page title. */
  game_name: z.string().max(64).optional(),
  /** seamless (the provider calls Koi's wallet) or transfer (the provider holds money Koi moved in). */
  wallet_model: z.enum(['seamless', 'transfer']).optional(),
});
export type LaunchRequest = z.infer<typeof launchRequest>;
export const launchAnswer = z.object({ url: z.string() });

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
  transfer_id: z.string().min(1).max(100),
  provider: z.string().min(1).max(20),
  user: z.string().min(1).max(64),
  amount: z.number().int().positive(),
});
export type TransferMoveRequest = z.infer<typeof transferMoveRequest>;
export const transferStatusRequest = z.object({ transfer_id: z.string().min(1).max(100) });
export const transferBalanceRequest = z.object({
  provider: z.string().min(1).max(20),
  user: z.string().min(1).max(64),
});
export interface TransferAnswer {
  status: TransferStatus;
  /** The player's balance at the provider after the move (micro-USDT). */
  balance?: number;
}

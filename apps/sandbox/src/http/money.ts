import { z } from 'zod';

/**
 * Money in the sandbox is integer micro-USDT (6 decimals, as on TRC20) inside and decimal strings on the wire,
 * read and printed by @koi/ledger as Koi does. An amount has at most 9 whole digits, which keeps it inside
 * the largest amount the ledger accepts.
 */
export const decimalAmount = z.string().regex(/^\d{1,9}(\.\d{1,6})?$/, { message: '金额格式不正确' });

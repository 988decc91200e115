import { validate } from '@tma.js/init-data-node';
import { z } from 'zod';
import { AppError } from '../../errors';

/** Decision 37: launch data older than this is refused. */
export const INIT_DATA_MAX_AGE_SECONDS = 5 * 60;
/** Launch data dated this far in the future is refused too: a clock cannot drift that much. */
const FUTURE_SKEW_SECONDS = 60;

const telegramUser = z.object({
  id: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  first_name: z.string().max(256).default(''),
  last_name: z.string().max(256).optional(),
  username: z.string().max(64).optional(),
  language_code: z.string().max(16).optional(),
});

export interface VerifiedLaunch {
  hash: string;
  authDate: Date;
  user: z.infer<typeof telegramUser>;
}

/**
 * Checks a Mini App's launch data (decision 37) and answers what it vouches for. The signature is checked by
 * a maintained library (@tma.js/init-data-node: HMAC-SHA256 keyed with "WebAppData" over the bot token, over
 * every field but `hash`, sorted), so a forged or altered field, or data signed for another bot, fails. The
 * age is checked here against Koi's clock rather than the library's, so the 5-minute rule is tested like every
 * other time rule. The `user` field is read only after the signature held.
 */
export function verifyLaunchData(raw: string, botToken: string, now: Date): VerifiedLaunch {
  if (!raw.trim()) throw new AppError('TELEGRAM_INIT_DATA_MISSING');
  try {
    validate(raw, botToken, { expiresIn: 0 });
  } catch {
    throw new AppError('TELEGRAM_INIT_DATA_INVALID');
  }
  const fields = new URLSearchParams(raw);
  const authSeconds = Number(fields.get('auth_date'));
  const nowSeconds = now.getTime() / 1000;
  if (!Number.isInteger(authSeconds) || authSeconds > nowSeconds + FUTURE_SKEW_SECONDS)
    throw new AppError('TELEGRAM_INIT_DATA_INVALID');
  if (nowSeconds - authSeconds > INIT_DATA_MAX_AGE_SECONDS)
    throw new AppError('TELEGRAM_INIT_DATA_EXPIRED', { minutes: INIT_DATA_MAX_AGE_SECONDS / 60 });
  let user: VerifiedLaunch['user'];
  try {
    user = telegramUser.parse(JSON.parse(fields.get('user') ?? ''));
  } catch {
    // Signed launch data without a user (opened from a group's inline query) cannot sign anyone in.
    throw new AppError('TELEGRAM_INIT_DATA_INVALID');
  }
  return { hash: fields.get('hash')!.toLowerCase(), authDate: new Date(authSeconds * 1000), user };
}

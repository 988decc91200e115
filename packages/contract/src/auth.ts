import { z } from 'zod';
import { flagField, optionalText, text } from './common';

/** POST /api/captcha */
export const captchaRequest = z.strictObject({
  device: text(128)
    .pipe(z.string().min(1, { message: '不能为空' }))
    .describe('Browser fingerprint visitor id'),
});
export const captchaResult = z.object({
  img_url: z
    .string()
    .describe('Captcha image as an SVG data URL; valid for 2 minutes, single use, bound to the device'),
});

/**
 * POST /api/home/register. Field names are the spec's, including `confrimPas`. Empty strings are allowed by
 * the schema on purpose: an empty field is a business rule (有未填选项, HTTP 200), not a malformed request.
 */
export const registerRequest = z.strictObject({
  // Longer than any valid name on purpose: a too-long name gets the same 8-20 rule message as any other bad
  // name (USERNAME_FORMAT) instead of a bare malformed-request error.
  username: optionalText(1024),
  password: optionalText(64),
  confrimPas: optionalText(64),
  captcha: optionalText(16),
  code: optionalText(32).describe('Optional invitation code of an existing player'),
  device: optionalText(128),
  age_confirmed: flagField()
    .optional()
    .default(false)
    .describe('The player confirms being 18 or older (required)'),
});
export const registerResult = z.boolean();

/** POST /api/home/login. The client sends the same form as register; the extra fields are accepted and ignored. */
export const loginRequest = z.strictObject({
  username: optionalText(64),
  password: optionalText(64),
  captcha: optionalText(16),
  device: optionalText(128),
  confrimPas: optionalText(64),
  code: optionalText(32),
});
export const loginResult = z.object({ token: z.string() });

/**
 * POST /api/home/sign-in-link (signed in): a sign-in link for the signed-in player, to open the account on
 * another device or browser (decision 31). The link carries a one-time code, never a session token.
 */
export const signInLinkResult = z.object({
  code: z.string().describe('One-time sign-in code: valid for 2 minutes, exchanged once'),
  path: z.string().describe('The link to open, relative to the site: /?token=<code>'),
  expires_at: z.string().describe('When the code stops working (ISO 8601)'),
});

/** POST /api/home/sign-in-link/exchange: trades a sign-in link's code for a session (signInLinkExchangeResult). */
export const signInLinkExchangeRequest = z.strictObject({
  code: text(128).pipe(z.string().min(1, { message: '不能为空' })),
  device: optionalText(128),
});

/** POST /api/plat/info */
export const userInfo = z.object({
  player_name: z.string(),
  balance: z.string().describe('Wallet balance in USDT, 4 decimals, rounded down'),
  set_password: z.boolean().describe('Whether a withdrawal password is set'),
  turnover_remaining: z
    .string()
    .describe('Valid bets (USDT) still required before a withdrawal is allowed (decision 23)'),
  invite_code: z.string(),
  vip_level: z.number().int(),
  last_login_at: z
    .string()
    .nullable()
    .describe('Time of the sign-in before the current one (ISO 8601), if any'),
});
export type UserInfo = z.infer<typeof userInfo>;

/**
 * POST /api/home/sign-in-link/exchange: the new session's token and its user info (as /api/plat/info answers
 * it), so the app's first screen after a sign-in link needs no second request before it can greet the player
 * and show the balance: on a phone, one round trip less between tapping the link and the home page.
 */
export const signInLinkExchangeResult = z.object({
  token: z.string(),
  user: userInfo
    .nullable()
    .describe(
      "The new session's user info, as /api/plat/info answers it; null when it could not be read (the session is open all the same: ask /api/plat/info)",
    ),
});

/** Calls without a payload accept no body, an empty form or {} (clients differ); anything else is refused. */
export const emptyBody = z.strictObject({}).nullish();

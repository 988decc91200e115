import { z } from 'zod';
import { flagField, optionalText, text } from './common';

/**
 * POST /api/telegram/sign-in: the Mini App's launch data (decision 37) traded for a one-time sign-in code
 * (decision 31). On a Telegram user's first use it registers a player with the invite code the bot's button
 * carried; afterwards it signs in the player linked to that Telegram user.
 */
export const telegramSignInRequest = z.strictObject({
  init_data: text(4096)
    .pipe(z.string().min(1, { message: '不能为空' }))
    .describe('Telegram.WebApp.initData (the tgWebAppData of the launch URL), exactly as received'),
  code: optionalText(64).describe(
    'The invite code the bot’s button carried (used on the first sign-in only)',
  ),
  age_confirmed: flagField()
    .optional()
    .default(false)
    .describe('The player confirms being 18 or older (required when the sign-in creates the account)'),
  device: optionalText(128),
});

export const telegramSignInResult = z.object({
  code: z
    .string()
    .describe('One-time sign-in code: exchange it at /api/home/sign-in-link/exchange within 2 minutes'),
  registered: z.boolean().describe('True when this sign-in created the account'),
  username: z.string().describe('The player signed in'),
});

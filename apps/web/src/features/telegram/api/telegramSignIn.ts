import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { telegramSignInResult } from '@koi/contract';
import { api } from '../../../lib/http';
import { deviceNow } from '../../../lib/device';

/** Envelope code of "first sign-in: confirm 18+" (TELEGRAM_AGE_REQUIRED): the page asks, then sends again. */
export const AGE_REQUIRED_CODE = 8505;

export type TelegramSignIn = { initData: string; inviteCode: string; ageConfirmed: boolean };

/**
 * POST /api/telegram/sign-in: verified launch data → a one-time sign-in code (decisions 31, 37), which the
 * page then trades for a session like any sign-in link. Failures are shown by the page, not toasted.
 */
export async function telegramSignIn(v: TelegramSignIn) {
  return api.post<z.infer<typeof telegramSignInResult>>(
    '/api/telegram/sign-in',
    {
      init_data: v.initData,
      code: v.inviteCode,
      age_confirmed: v.ageConfirmed ? 1 : 0,
      device: deviceNow(),
    },
    { silent: true },
  );
}

export const useTelegramSignIn = () => useMutation({ mutationFn: telegramSignIn });

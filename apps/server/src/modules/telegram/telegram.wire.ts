import type { z } from 'zod';
import type { telegramSignInResult } from '@koi/contract';

/** The Mini App sign-in's answer on the wire. */
export function signInWire(r: {
  code: string;
  registered: boolean;
  username: string;
}): z.infer<typeof telegramSignInResult> {
  return { code: r.code, registered: r.registered, username: r.username };
}

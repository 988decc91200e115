import { randomBytes } from 'node:crypto';
import { formatErrorMessage, type Locale } from '@koi/contract';
import type { TelegramConfig } from '../../config';
import type { Db, Tx } from '../../db/client';
import { AppError } from '../../errors';
import type { Clock } from '../../lib/clock';
import { pgConstraint, pgErrorCode, UNIQUE_VIOLATION } from '../../lib/pg-errors';
import type { AuthService, SignInLinks } from '../auth';
import { verifyLaunchData, type VerifiedLaunch } from './init-data';
import { createTelegramRepository } from './telegram.repository';

/** A /start payload as Telegram's deep links allow it: A-Z, a-z, 0-9, _ and -, at most 64 characters. */
export const START_PAYLOAD = /^[A-Za-z0-9_-]{1,64}$/;
/** The Mini App's screen in the player app; the invite code rides along as `code`, as on the web link. */
export const MINI_APP_PATH = '/tg';
/** Used launch data is kept this long after it was signed; older data fails the freshness check anyway. */
const KEEP_USES_MS = 60 * 60_000;

/** Where a Mini App sign-in came from (the request's address, device and country). */
export interface SignInContext {
  ip: string;
  device: string;
  country: string | null;
}

/** What the bot answers to a /start: a text, and the button that opens the Mini App when there is one. */
export interface StartReply {
  text: string;
  button: { text: string; url: string } | null;
}

const REPLIES = {
  welcome: {
    zh: '欢迎来到 Koi！点下方按钮打开 Koi；首次打开会为您创建账户。',
    en: 'Welcome to Koi! Tap the button below to open Koi; the first time, it creates your account.',
  },
  invited: {
    zh: '欢迎来到 Koi！您收到了邀请（邀请码 {code}）。点下方按钮打开 Koi；首次打开会为您创建账户并记录邀请人。',
    en: 'Welcome to Koi! You were invited (invite code {code}). Tap the button below to open Koi; the first time, it creates your account with your inviter.',
  },
  button: { zh: '打开 Koi', en: 'Open Koi' },
  hint: { zh: '发送 /start 即可打开 Koi。', en: 'Send /start to open Koi.' },
} as const;

const pick = (entry: { zh: string; en: string }, locale: Locale) => (locale === 'en' ? entry.en : entry.zh);

/** The bot speaks the user's Telegram language when it is English, Chinese otherwise (the product language). */
export function localeOfTelegram(languageCode: string | undefined): Locale {
  return languageCode?.toLowerCase().startsWith('en') ? 'en' : 'zh-CN';
}

/**
 * Player names for a Telegram user (decision 10: 8–20 letters, digits or _), in the order they are tried:
 * `tg_` and their @username when it fits, `tg_` and their numeric id (unique per Telegram user), then random
 * names in case someone already registered those on the web. Nothing of the first name is used: it may hold
 * any character at all.
 */
export function usernamesFor(user: VerifiedLaunch['user']): string[] {
  const names: string[] = [];
  const handle = (user.username ?? '').replace(/[^A-Za-z0-9_]/g, '');
  if (handle) {
    const name = `tg_${handle}`.slice(0, 20);
    if (name.length >= 8) names.push(name);
  }
  names.push(`tg_${String(user.id).padStart(5, '0')}`.slice(0, 20));
  for (let i = 0; i < 3; i += 1) names.push(`tg_${randomBytes(6).toString('hex')}`);
  return names;
}

/**
 * The Telegram side of Koi (decisions 26, 31, 37): the bot's invite link, what the bot answers to /start, and
 * the Mini App sign-in, which trades verified launch data for a one-time sign-in code, registering the player
 * with the invite code on the Telegram user's first use.
 */
export function createTelegramService(deps: {
  db: Db;
  telegram: TelegramConfig | null;
  clock: Clock;
  auth: Pick<AuthService, 'registerVouched' | 'inviterIdOf' | 'identity'>;
  links: Pick<SignInLinks, 'issue'>;
}) {
  const { db, telegram, clock, auth, links } = deps;
  const repo = createTelegramRepository(db);

  const miniAppUrl = (inviteCode: string) =>
    `${telegram!.miniAppUrl}${MINI_APP_PATH}${inviteCode ? `?code=${encodeURIComponent(inviteCode)}` : ''}`;

  /**
   * Spends the launch data inside the sign-in's transaction (a replay is refused), for both the linked and the
   * first sign-in, and hands back the transaction's repository and the moment it was spent.
   */
  async function spendLaunch(tx: Tx, launch: VerifiedLaunch) {
    const t = createTelegramRepository(tx);
    const now = clock.now();
    const spent = await t.useHash({
      hash: launch.hash,
      telegramUserId: launch.user.id,
      authDate: launch.authDate,
      usedAt: now,
    });
    if (!spent) throw new AppError('TELEGRAM_INIT_DATA_REPLAYED');
    return { t, now };
  }

  /** Signs in the player already linked to this Telegram user: the launch data is spent with the code's issue. */
  async function signInLinked(launch: VerifiedLaunch, playerId: number) {
    return db.transaction(async (tx) => {
      const { t, now } = await spendLaunch(tx, launch);
      await t.touchLink(launch.user.id, {
        telegramUsername: launch.user.username ?? null,
        firstName: launch.user.first_name,
        at: now,
      });
      const { code } = await links.issue(playerId, 'telegram', tx);
      return code;
    });
  }

  return {
    /** Decision 26: the bot's invite link for an invite code; null when no bot is configured. */
    botStartLink(inviteCode: string): string | null {
      if (!telegram || !START_PAYLOAD.test(inviteCode)) return null;
      return `https://t.me/${telegram.botName}?start=${inviteCode}`;
    },

    /**
     * The answer to `/start <payload>`: a payload outside Telegram's deep-link alphabet or length, or an
     * invite code nobody holds, gets a plain explanation and no button; otherwise a button opens the Mini App
     * with the invite code in its URL (no payload: without one).
     */
    async startReply(payload: string, locale: Locale): Promise<StartReply> {
      const button = (code: string) => ({ text: pick(REPLIES.button, locale), url: miniAppUrl(code) });
      if (payload === '') return { text: pick(REPLIES.welcome, locale), button: button('') };
      if (!START_PAYLOAD.test(payload))
        return { text: formatErrorMessage('TELEGRAM_START_PAYLOAD_INVALID', locale), button: null };
      if ((await auth.inviterIdOf(payload)) === null)
        return { text: formatErrorMessage('TELEGRAM_START_INVITE_UNKNOWN', locale), button: null };
      return { text: pick(REPLIES.invited, locale).replace('{code}', payload), button: button(payload) };
    },

    hint: (locale: Locale) => pick(REPLIES.hint, locale),

    /**
     * Mini App sign-in (decisions 31, 37). The launch data must be signed for this bot, at most 5 minutes
     * old and never used before. A linked Telegram user is signed in; an unknown one is registered (with the
     * invite code, through auth's registration so the inviter is stored as for the web link) and linked in
     * the same transaction that spends the launch data. Either way the answer is a one-time sign-in code,
     * never a session token. A first use needs the 18+ confirmation; asking for it spends nothing, so the app
     * can ask and send the same launch data again.
     */
    async signIn(
      input: { initData: string; inviteCode: string; ageConfirmed: boolean },
      ctx: SignInContext,
    ): Promise<{ code: string; registered: boolean; username: string }> {
      if (!telegram) throw new AppError('TELEGRAM_NOT_CONFIGURED');
      const launch = verifyLaunchData(input.initData, telegram.token, clock.now());
      const existing = await repo.linkOf(launch.user.id);
      if (existing) {
        const code = await signInLinked(launch, existing.playerId);
        return { code, registered: false, username: await usernameOf(existing.playerId) };
      }
      if (!input.ageConfirmed) throw new AppError('TELEGRAM_AGE_REQUIRED');
      let code = '';
      try {
        const created = await auth.registerVouched(
          {
            usernames: usernamesFor(launch.user),
            inviteCode: input.inviteCode,
            device: ctx.device,
            ageConfirmed: true,
          },
          ctx,
          async (playerId, tx) => {
            const { t, now } = await spendLaunch(tx, launch);
            await t.insertLink({
              telegramUserId: launch.user.id,
              playerId,
              telegramUsername: launch.user.username ?? null,
              firstName: launch.user.first_name,
              linkedAt: now,
              lastSignInAt: now,
            });
            code = (await links.issue(playerId, 'telegram', tx)).code;
          },
        );
        return { code, registered: true, username: created.username };
      } catch (error) {
        // The same Telegram user's first sign-in from two launches at once: the other one linked first, so
        // this one signs in to the player it made.
        if (pgErrorCode(error) !== UNIQUE_VIOLATION || pgConstraint(error) !== 'telegram_accounts_pkey')
          throw error;
        const linked = await repo.linkOf(launch.user.id);
        if (!linked) throw error;
        const linkedCode = await signInLinked(launch, linked.playerId);
        return { code: linkedCode, registered: false, username: await usernameOf(linked.playerId) };
      }
    },

    /** Forgets used launch data too old to pass the freshness check again. */
    async pruneUsedLaunchData(): Promise<number> {
      return repo.pruneUsesBefore(new Date(clock.now().getTime() - KEEP_USES_MS));
    },
  };

  async function usernameOf(playerId: number): Promise<string> {
    return (await auth.identity(playerId))?.username ?? '';
  }
}

export type TelegramService = ReturnType<typeof createTelegramService>;

import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { SandboxConfig } from '../config';
import { refuse, sendPage } from '../http/server';
import { registerBotApi } from './bot-api';
import { signInitData } from './init-data';
import { chatPage } from './page';
import { createTelegramStore, type BotState, type TgUser } from './store';

const newUserShape = z.object({
  first_name: z.string().trim().min(1).max(64),
  last_name: z.string().trim().max(64).optional(),
  username: z
    .string()
    .regex(/^[A-Za-z][A-Za-z0-9_]{4,31}$/, { message: 'username: 5–32 letters, digits or _' })
    .optional(),
  language_code: z.string().max(10).optional(),
});
const chatShape = z.object({ bot: z.string().min(1), user: z.coerce.number().int().positive() });
const sendShape = chatShape.extend({ text: z.string().trim().min(1).max(4096) });
const openShape = chatShape.extend({
  message_id: z.number().int().positive(),
  row: z.number().int().min(0),
  col: z.number().int().min(0),
});
const initDataShape = z.object({
  bot: z.string().min(1),
  user_id: z.number().int().positive(),
  /** Unix seconds; default now. Tests sign old launch data with it. */
  auth_date: z.number().int().positive().optional(),
});

/** The `user` field of launch data: the Telegram user as a Mini App sees them. */
function webAppUser(user: TgUser) {
  return {
    id: user.id,
    first_name: user.first_name,
    ...(user.last_name ? { last_name: user.last_name } : {}),
    ...(user.username ? { username: user.username } : {}),
    ...(user.language_code ? { language_code: user.language_code } : {}),
    allows_write_to_pm: true,
  };
}

/**
 * Launch data for a Mini App opened by `user` from one of `bot`'s buttons, signed with the bot's token as
 * Telegram signs it (init-data.ts). A sandbox cannot make Telegram's Ed25519 `signature` (third-party
 * validation), so that field is absent; Koi checks the bot-token `hash` only, as decision 37 says.
 */
function launchData(bot: BotState, user: TgUser, authDate = Math.floor(Date.now() / 1000)) {
  return signInitData(
    {
      query_id: `AAH${randomBytes(12).toString('base64url')}`,
      user: JSON.stringify(webAppUser(user)),
      auth_date: String(authDate),
      chat_instance: String(BigInt(bot.id) * 1_000n + BigInt(user.id % 1000)),
      chat_type: 'sender',
    },
    bot.config.token,
  );
}

/**
 * Telegram (decision 19): the Bot API Koi's bot talks to (bot-api.ts), users, a chat page where a person
 * picks a user, writes to a bot (`/start <invite code>`) and opens a `web_app` button as a Mini App, which
 * goes to the button's URL with signed launch data in the fragment (`#tgWebAppData=…`), as Telegram's
 * clients do. Control endpoints sign launch data for tests, list webhook deliveries and reset.
 */
export function registerTelegram(app: FastifyInstance, config: SandboxConfig) {
  const store = createTelegramStore(config.telegram.bots);
  const api = registerBotApi(app, store);

  const botOr404 = (username: string) => store.byUsername(username);

  /** A handler of a JSON body: `handle` gets the body as `shape` reads it; any other body is answered 400. */
  const withBody =
    <T>(shape: z.ZodType<T>, handle: (body: T, reply: FastifyReply) => unknown) =>
    async (request: { body: unknown }, reply: FastifyReply) => {
      const parsed = shape.safeParse(request.body ?? {});
      if (!parsed.success) return refuse(reply, 400, 'BAD_REQUEST', parsed.error.issues[0]!.message);
      return handle(parsed.data, reply);
    };

  /** The bot and the user of a chat, or null when either is unknown. */
  const chatOf = (botName: string, userId: number) => {
    const bot = botOr404(botName);
    const user = store.user(userId);
    return bot && user ? { bot, user } : null;
  };
  const noChat = (reply: FastifyReply) => refuse(reply, 404, 'NOT_FOUND', 'no such bot or user');

  app.get('/telegram/chat', async (_request, reply) => sendPage(reply, chatPage()));

  app.get('/telegram/chat/state', async (request, reply) => {
    const q = request.query as { bot?: string; user?: string };
    const bots = store.bots().map((b) => b.config.username);
    const bot = q.bot ? botOr404(q.bot) : store.bots()[0];
    if (q.bot && !bot) return refuse(reply, 404, 'NOT_FOUND', 'no such bot');
    const userId = Number(q.user);
    return {
      bots,
      bot: bot?.config.username ?? null,
      users: store.users(),
      messages: bot && Number.isSafeInteger(userId) ? (bot.chats.get(userId) ?? []) : [],
    };
  });

  const addUser = withBody(newUserShape, (user) => store.addUser(user));
  app.post('/telegram/chat/users', addUser);
  app.post('/control/telegram/users', addUser);

  app.post(
    '/telegram/chat/send',
    withBody(sendShape, (body, reply) => {
      const chat = chatOf(body.bot, body.user);
      return chat ? api.userWrites(chat.bot, chat.user, body.text) : noChat(reply);
    }),
  );

  // Pressing a web_app button: only a button the bot really sent to this user opens, with launch data for them.
  app.post(
    '/telegram/chat/open',
    withBody(openShape, (body, reply) => {
      const { message_id, row, col } = body;
      const chat = chatOf(body.bot, body.user);
      if (!chat) return noChat(reply);
      const { bot, user } = chat;
      const message = bot.chats.get(user.id)?.find((m) => m.message_id === message_id && m.from === 'bot');
      const button = message?.reply_markup?.inline_keyboard[row]?.[col];
      if (!button?.web_app) return refuse(reply, 404, 'NOT_FOUND', 'no web_app button there');
      const target = new URL(button.web_app.url);
      target.hash = new URLSearchParams({
        tgWebAppData: launchData(bot, user),
        tgWebAppVersion: '8.0',
        tgWebAppPlatform: 'web',
      }).toString();
      return { url: target.toString() };
    }),
  );

  app.post(
    '/control/telegram/init-data',
    withBody(initDataShape, (body, reply) => {
      const chat = chatOf(body.bot, body.user_id);
      return chat ? { init_data: launchData(chat.bot, chat.user, body.auth_date) } : noChat(reply);
    }),
  );

  app.get('/control/telegram/deliveries', async (request, reply) => {
    const bot = botOr404(String((request.query as { bot?: string }).bot ?? ''));
    if (!bot) return refuse(reply, 404, 'NOT_FOUND', 'no such bot');
    return { deliveries: bot.deliveries, pending: bot.pending.length, webhook: bot.webhook };
  });

  app.post('/control/telegram/reset', async () => {
    store.reset();
    return { ok: true };
  });

  return { store };
}

import { parse as parseQuery } from 'node:querystring';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { sleep } from '../http/server';
import type { BotState, ChatMessage, InlineButton, TelegramStore, TgUser } from './store';

/** Telegram's refusal: `{ ok: false, error_code, description }` with the same HTTP status. */
export function botError(reply: FastifyReply, status: number, description: string) {
  return reply.status(status).send({ ok: false, error_code: status, description });
}

const okResult = (result: unknown, description?: string) =>
  description ? { ok: true, result, description } : { ok: true, result };

/** `secret_token`: 1–256 characters of A-Z, a-z, 0-9, _ and - (Bot API, setWebhook). */
const SECRET_TOKEN = /^[A-Za-z0-9_-]{1,256}$/;
/** Telegram waits at most this long in getUpdates; the sandbox caps it lower so tests never hang. */
const MAX_POLL_SECONDS = 30;
/** How long a webhook delivery may take before it counts as failed (Telegram allows about a minute). */
const DELIVERY_TIMEOUT_MS = 10_000;

/** Parameters arrive in the query, as JSON or as a form; JSON-valued fields of a form arrive as strings. */
function jsonField(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}

const boolField = (value: unknown) => value === true || value === 'true' || value === '1' || value === 1;

const buttonSchema = z
  .object({
    text: z.string().min(1).max(256),
    url: z.string().url().optional(),
    web_app: z.object({ url: z.string().url() }).optional(),
    callback_data: z.string().min(1).max(64).optional(),
  })
  .refine((b) => [b.url, b.web_app, b.callback_data].filter((x) => x !== undefined).length === 1, {
    message: 'a button needs exactly one of url, web_app or callback_data',
  });
const markupSchema = z.object({ inline_keyboard: z.array(z.array(buttonSchema).min(1)).max(100) });

/** The bot as a `User` (getMe, and the sender of its messages). */
function botUser(bot: BotState) {
  return {
    id: bot.id,
    is_bot: true,
    first_name: bot.config.username,
    username: bot.config.username,
    can_join_groups: true,
    can_read_all_group_messages: false,
    supports_inline_queries: false,
  };
}

/** A private chat as the Bot API shows it. */
const privateChat = (user: TgUser) => ({
  id: user.id,
  type: 'private',
  first_name: user.first_name,
  ...(user.last_name ? { last_name: user.last_name } : {}),
  ...(user.username ? { username: user.username } : {}),
});

/**
 * The Bot API (`https://api.telegram.org/bot<token>/<method>`), for the methods Koi's bot uses: getMe,
 * setWebhook, deleteWebhook, getWebhookInfo, getUpdates and sendMessage. Answers are Telegram's shapes
 * (`{ ok, result }`, refusals `{ ok: false, error_code, description }`), so grammY works against it unchanged.
 * Differences from Telegram, for local use: webhook URLs and web_app URLs may be plain http.
 */
export function registerBotApi(app: FastifyInstance, store: TelegramStore) {
  /** Delivers the pending updates to the webhook one at a time, in order, retrying a failure with backoff. */
  async function pump(bot: BotState) {
    if (bot.pumping) return;
    bot.pumping = true;
    try {
      let failures = 0;
      while (bot.webhook && bot.pending.length > 0) {
        const update = bot.pending[0]!;
        const webhook = bot.webhook;
        const delivery = {
          update_id: update.update_id as number,
          attempt: failures + 1,
          status: null as number | null,
          error: null as string | null,
          at: Date.now(),
        };
        bot.deliveries.push(delivery);
        try {
          const res = await fetch(webhook.url, {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              ...(webhook.secretToken ? { 'x-telegram-bot-api-secret-token': webhook.secretToken } : {}),
            },
            body: JSON.stringify(update),
            signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
          });
          delivery.status = res.status;
          await res.arrayBuffer();
          if (res.ok) {
            if (bot.pending[0] === update) bot.pending.shift();
            failures = 0;
            continue;
          }
          delivery.error = `Wrong response from the webhook: ${res.status} ${res.statusText}`;
        } catch (error) {
          delivery.error = `Connection failed: ${(error as Error).message}`;
        }
        bot.lastError = { date: Math.floor(Date.now() / 1000), message: delivery.error! };
        failures += 1;
        await sleep(Math.min(250 * 2 ** failures, 10_000));
      }
    } finally {
      bot.pumping = false;
    }
  }

  /** A user writes to a bot: the update goes to the webhook when one is set, else waits for getUpdates. */
  function userWrites(bot: BotState, user: TgUser, text: string): ChatMessage {
    const message = store.post(bot, user.id, 'user', text);
    const command = /^\/[A-Za-z0-9_]+(@[A-Za-z0-9_]+)?/.exec(text);
    const update = {
      update_id: bot.nextUpdateId++,
      message: {
        message_id: message.message_id,
        from: {
          id: user.id,
          is_bot: false,
          first_name: user.first_name,
          ...(user.last_name ? { last_name: user.last_name } : {}),
          ...(user.username ? { username: user.username } : {}),
          ...(user.language_code ? { language_code: user.language_code } : {}),
        },
        chat: privateChat(user),
        date: message.date,
        text,
        ...(command ? { entities: [{ offset: 0, length: command[0].length, type: 'bot_command' }] } : {}),
      },
    };
    const allowed = bot.webhook?.allowedUpdates;
    if (!allowed || allowed.length === 0 || allowed.includes('message')) {
      bot.pending.push(update);
      for (const wake of bot.waiters) wake();
      if (bot.webhook) void pump(bot);
    }
    return message;
  }

  // Form bodies (Telegram accepts them beside JSON and the query string), only on the Bot API's own routes.
  app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_request, body, done) => done(null, parseQuery(body as string)),
    );

    scope.all('/bot:token/:method', async (request, reply) => {
      const { token, method } = request.params as { token: string; method: string };
      const bot = store.byToken(token);
      if (!bot) return botError(reply, 401, 'Unauthorized');
      const params: Record<string, unknown> = {
        ...(request.query as Record<string, unknown>),
        ...((request.body as Record<string, unknown> | undefined) ?? {}),
      };
      switch (method.toLowerCase()) {
        case 'getme':
          return okResult(botUser(bot));

        case 'setwebhook': {
          const url = typeof params.url === 'string' ? params.url : '';
          const secret = params.secret_token === undefined ? null : String(params.secret_token);
          if (secret !== null && !SECRET_TOKEN.test(secret))
            return botError(reply, 400, 'Bad Request: secret token contains unallowed characters');
          if (url === '') {
            bot.webhook = null;
            return okResult(true, 'Webhook was deleted');
          }
          if (!z.string().url().safeParse(url).success || !/^https?:/.test(url))
            return botError(reply, 400, 'Bad Request: bad webhook: invalid webhook URL specified');
          const allowed = jsonField(params.allowed_updates);
          const next = {
            url,
            secretToken: secret,
            allowedUpdates: Array.isArray(allowed) ? allowed.map(String) : null,
            maxConnections: Number(params.max_connections ?? 40) || 40,
          };
          if (boolField(params.drop_pending_updates)) bot.pending = [];
          const same = JSON.stringify(bot.webhook) === JSON.stringify(next);
          bot.webhook = next;
          bot.lastError = same ? bot.lastError : null;
          void pump(bot);
          return okResult(true, same ? 'Webhook is already set' : 'Webhook was set');
        }

        case 'deletewebhook': {
          if (boolField(params.drop_pending_updates)) bot.pending = [];
          const had = bot.webhook !== null;
          bot.webhook = null;
          return okResult(true, had ? 'Webhook was deleted' : 'Webhook is already deleted');
        }

        case 'getwebhookinfo':
          return okResult({
            url: bot.webhook?.url ?? '',
            has_custom_certificate: false,
            pending_update_count: bot.pending.length,
            ...(bot.webhook ? { max_connections: bot.webhook.maxConnections } : {}),
            ...(bot.webhook?.allowedUpdates ? { allowed_updates: bot.webhook.allowedUpdates } : {}),
            ...(bot.lastError
              ? { last_error_date: bot.lastError.date, last_error_message: bot.lastError.message }
              : {}),
          });

        case 'getupdates': {
          if (bot.webhook)
            return botError(
              reply,
              409,
              "Conflict: can't use getUpdates method while webhook is active; use deleteWebhook to delete the webhook first",
            );
          const offset = Number(params.offset ?? 0);
          const limit = Number(params.limit ?? 100);
          const timeout = Math.min(Number(params.timeout ?? 0), MAX_POLL_SECONDS);
          if (!Number.isInteger(offset) || !Number.isInteger(limit) || !Number.isFinite(timeout))
            return botError(reply, 400, 'Bad Request: offset, limit and timeout must be integers');
          // An offset confirms every update before it: they are never returned again.
          if (offset > 0) bot.pending = bot.pending.filter((u) => (u.update_id as number) >= offset);
          if (bot.pending.length === 0 && timeout > 0) {
            await new Promise<void>((resolve) => {
              const wake = () => {
                clearTimeout(timer);
                bot.waiters.delete(wake);
                resolve();
              };
              const timer = setTimeout(wake, timeout * 1000);
              bot.waiters.add(wake);
            });
          }
          return okResult(bot.pending.slice(0, Math.max(1, Math.min(limit, 100))));
        }

        case 'sendmessage': {
          const chatId = Number(params.chat_id);
          const text = typeof params.text === 'string' ? params.text : String(params.text ?? '');
          if (!text) return botError(reply, 400, 'Bad Request: message text is empty');
          if (text.length > 4096) return botError(reply, 400, 'Bad Request: message is too long');
          const user = Number.isSafeInteger(chatId) ? store.user(chatId) : null;
          if (!user) return botError(reply, 400, 'Bad Request: chat not found');
          if (!bot.chats.has(user.id))
            return botError(reply, 403, "Forbidden: bot can't initiate conversation with a user");
          let markup: ChatMessage['reply_markup'];
          if (params.reply_markup !== undefined) {
            const parsed = markupSchema.safeParse(jsonField(params.reply_markup));
            if (!parsed.success)
              return botError(
                reply,
                400,
                `Bad Request: can't parse reply keyboard markup: ${parsed.error.issues[0]?.message}`,
              );
            markup = { inline_keyboard: parsed.data.inline_keyboard as InlineButton[][] };
          }
          const message = store.post(bot, user.id, 'bot', text, markup);
          return okResult({
            message_id: message.message_id,
            from: botUser(bot),
            chat: privateChat(user),
            date: message.date,
            text,
            ...(markup ? { reply_markup: markup } : {}),
          });
        }

        default:
          return botError(reply, 404, 'Not Found: method not found');
      }
    });
  });

  return { userWrites, pump };
}

import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import { Bot, webhookCallback } from 'grammy';
import type { TelegramConfig } from '../../config';
import type { Clock } from '../../lib/clock';
import { localeOfTelegram, type TelegramService } from './telegram.service';

/** The webhook is set again this often, so a webhook removed by hand (or by a restarted sandbox) comes back. */
const REASSERT_WEBHOOK_MS = 10 * 60_000;

/**
 * Koi's bot, with grammY in webhook mode: Telegram (in development the sandbox, `apiUrl`) delivers each update
 * to Koi's webhook with the secret token, and the bot answers through the Bot API. `/start <invite code>` gets
 * an inline `web_app` button that opens the player app as a Mini App; any other text gets a hint.
 */
export function createTelegramBot(deps: {
  telegram: TelegramConfig;
  service: Pick<TelegramService, 'startReply' | 'hint'>;
  clock: Clock;
  log: FastifyBaseLogger;
}) {
  const { telegram, service, clock, log } = deps;
  const bot = new Bot(telegram.token, { client: { apiRoot: telegram.apiUrl } });

  // A reply that fails (the Bot API unreachable) is logged and the update acknowledged: a retried /start
  // would meet the same failure, and the person can simply send /start again.
  bot.use(async (_ctx, next) => {
    try {
      await next();
    } catch (err) {
      log.warn({ err }, 'telegram update failed');
    }
  });

  bot.command('start', async (ctx) => {
    const locale = localeOfTelegram(ctx.from?.language_code);
    const reply = await service.startReply(String(ctx.match ?? '').trim(), locale);
    await ctx.reply(
      reply.text,
      reply.button
        ? {
            reply_markup: {
              inline_keyboard: [[{ text: reply.button.text, web_app: { url: reply.button.url } }]],
            },
          }
        : {},
    );
  });

  bot.on('message:text', async (ctx) => {
    await ctx.reply(service.hint(localeOfTelegram(ctx.from?.language_code)));
  });

  const callback = webhookCallback(bot, 'fastify', { secretToken: telegram.webhookSecret });
  let ensuredAt: number | null = null;

  return {
    /** Handles one delivery; the caller has checked the secret token already (grammY checks it again). */
    async handle(request: FastifyRequest, reply: FastifyReply) {
      await callback(request, reply);
      return reply;
    },

    /**
     * Sets the webhook (setWebhook is idempotent at Telegram) when this process has not done so lately: at
     * start, within one job tick, and every 10 minutes after. Answers 1 when it called Telegram.
     */
    async ensureWebhook(): Promise<number> {
      const now = clock.now().getTime();
      if (ensuredAt !== null && now - ensuredAt < REASSERT_WEBHOOK_MS) return 0;
      await bot.api.setWebhook(telegram.webhookUrl, {
        secret_token: telegram.webhookSecret,
        allowed_updates: ['message'],
      });
      ensuredAt = now;
      return 1;
    },
  };
}

export type TelegramBot = ReturnType<typeof createTelegramBot>;

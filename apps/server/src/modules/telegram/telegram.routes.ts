import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { telegramSignInRequest, telegramSignInResult } from '@koi/contract';
import type { Config } from '../../config';
import { countryOf } from '../../lib/geo';
import { type ApiRoutes, routesPlugin } from '../../plugins/routes';
import type { TelegramBot } from './telegram.bot';
import type { TelegramService } from './telegram.service';
import { signInWire } from './telegram.wire';

/** Where Telegram delivers the bot's updates (the default TELEGRAM_WEBHOOK_URL ends with it). */
export const WEBHOOK_PATH = '/api/telegram/webhook';
const SECRET_HEADER = 'x-telegram-bot-api-secret-token';

function sameSecret(given: unknown, expected: string): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Mini App sign-in for the player app, and the bot's webhook for Telegram. */
function telegramApi(
  api: ApiRoutes,
  opts: { service: TelegramService; bot: TelegramBot | null; config: Pick<Config, 'geo' | 'telegram'> },
  app: FastifyInstance,
) {
  const { service, bot, config } = opts;

  api.open.post(
    '/api/telegram/sign-in',
    {
      summary:
        'Telegram 小程序登录：校验 initData（5分钟内、只能使用一次），首次使用时按邀请码注册，返回一次性登录码',
      body: telegramSignInRequest,
      result: telegramSignInResult,
      preHandler: app.limitBy('login'),
    },
    async (request) =>
      signInWire(
        await service.signIn(
          {
            initData: request.body.init_data,
            inviteCode: request.body.code,
            ageConfirmed: request.body.age_confirmed,
          },
          { ip: request.ip, device: request.body.device, country: countryOf(request, config.geo) },
        ),
      ),
  );

  if (!bot || !config.telegram) return;
  const secret = config.telegram.webhookSecret;
  // Telegram's protocol, not the envelope: any 2xx acknowledges the update. A delivery without the secret
  // token set with setWebhook did not come from Telegram and is refused before the bot sees it.
  app.post(WEBHOOK_PATH, { schema: { hide: true } }, async (request, reply) => {
    if (!sameSecret(request.headers[SECRET_HEADER], secret)) {
      request.log.warn('telegram webhook: wrong secret token');
      return reply.status(401).send({ ok: false, description: 'wrong secret token' });
    }
    return bot.handle(request, reply);
  });
}

export const telegramRoutes = routesPlugin(['Telegram'], telegramApi);

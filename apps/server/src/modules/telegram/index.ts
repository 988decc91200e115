import type { FastifyBaseLogger } from 'fastify';
import { AdvisoryLock } from '../../db/locks';
import type { AuthService, SignInLinks } from '../auth';
import type { KoiModule, ModuleContext } from '../module';
import { createTelegramBot } from './telegram.bot';
import { telegramRoutes } from './telegram.routes';
import { createTelegramService, type TelegramService } from './telegram.service';

export type { TelegramService } from './telegram.service';

/**
 * Telegram (decisions 26, 31, 37): the bot (grammY, webhook mode) that answers `/start <invite code>` with a
 * Mini App button, the Mini App sign-in, and `botStartLink` for the invite links. Without TELEGRAM_BOT_TOKEN
 * there is no bot and no webhook, `botStartLink` answers null and the sign-in says Telegram is not offered.
 */
export function telegramModule(
  deps: ModuleContext & {
    auth: Pick<AuthService, 'registerVouched' | 'inviterIdOf' | 'identity'>;
    links: Pick<SignInLinks, 'issue'>;
    log: FastifyBaseLogger;
  },
): KoiModule<TelegramService> {
  const { database, config, clock } = deps;
  const service = createTelegramService({
    db: database.db,
    telegram: config.telegram,
    clock,
    auth: deps.auth,
    links: deps.links,
  });
  const bot = config.telegram
    ? createTelegramBot({ telegram: config.telegram, service, clock, log: deps.log })
    : null;
  return {
    service,
    plugin: async (app) => {
      await app.register(telegramRoutes, { service, bot, config });
    },
    jobs: [
      ...(bot
        ? [
            {
              name: 'telegram-webhook',
              lockId: AdvisoryLock.JOB_TELEGRAM_WEBHOOK,
              everyMs: 5_000,
              run: () => bot.ensureWebhook(),
            },
          ]
        : []),
      {
        name: 'telegram-prune-launch-data',
        lockId: AdvisoryLock.JOB_TELEGRAM_PRUNE_LAUNCH_DATA,
        everyMs: 10 * 60_000,
        run: () => service.pruneUsedLaunchData(),
      },
    ],
  };
}

import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { createChangeFeed, type ChangeFeed } from './events.changes';
import { createDomainEvents, type DomainEventBus, type DomainEventLogger } from './domain';
import type { KoiModule } from '../module';
import { createBalanceHub, type BalanceHub, type HubLogger } from './events.hub';
import { eventsRoutes } from './events.routes';

export type { BalanceHub } from './events.hub';
export type { ChangeFeed } from './events.changes';
export { createDomainEvents } from './domain';
export type { DomainEventBus, DomainEvents } from './domain';

/**
 * Live signals to players' open streams. The wallet service calls `hub.publish` after every
 * committed transfer that touches a player (its `onPlayerBalanceChanged`); the route holds the streams.
 *
 * `changes` is the feed of committed changes that caches depend on (revoked sessions, frozen players, edited
 * content), heard on every node through PostgreSQL notifications (events.changes.ts). It starts listening
 * when the plugin is registered, before the app takes requests.
 *
 * `domain` carries typed facts from lower modules to higher ones after commit (domain.ts).
 */
export function eventsModule(deps: {
  config: Config;
  log: HubLogger & DomainEventLogger;
  database: Pick<Database, 'listen'>;
}): KoiModule<BalanceHub> & { changes: ChangeFeed; domain: DomainEventBus } {
  const hub = createBalanceHub({ redisUrl: deps.config.redisUrl, log: deps.log });
  const changes = createChangeFeed({ database: deps.database, log: deps.log });
  return {
    service: hub,
    changes,
    domain: createDomainEvents(deps.log),
    plugin: async (app) => {
      app.addHook('onClose', async () => hub.close());
      app.addHook('onClose', () => changes.close());
      await changes.start();
      await hub.ready();
      await app.register(eventsRoutes, { hub });
    },
    jobs: [],
  };
}

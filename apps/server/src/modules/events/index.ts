import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import { createBalanceHub, type HubLogger } from './events.hub';
import { eventsRoutes } from './events.routes';

export type { BalanceHub } from './events.hub';

/**
 * Live signals to players' open streams (issue 10, item 4). The wallet service calls `hub.publish` after every
 * committed transfer that touches a player (its `onPlayerBalanceChanged`); the route holds the streams.
 */
export function eventsModule(deps: { config: Config; log: HubLogger }) {
  const hub = createBalanceHub({ redisUrl: deps.config.redisUrl, log: deps.log });
  return {
    service: hub,
    plugin: async (app: FastifyInstance) => {
      app.addHook('onClose', async () => hub.close());
      await hub.ready();
      await app.register(eventsRoutes, { hub });
    },
  };
}

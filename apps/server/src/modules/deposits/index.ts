import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { PlayerGate } from '../games/games.service';
import type { Job } from '../jobs/jobs';
import { depositsRoutes } from './deposits.routes';
import { createDepositsService } from './deposits.service';

export type { DepositsService } from './deposits.service';

/** Job lock ids of this module (each job needs its own PostgreSQL advisory lock number). */
const EXPIRE_ORDERS_LOCK = 7_461_110;

export function depositsModule(deps: {
  database: Database;
  config: Config;
  clock: Clock;
  gate: Pick<PlayerGate, 'assertMayPlay'>;
}) {
  const service = createDepositsService({ db: deps.database.db, ...deps });
  const jobs: Job[] = [
    {
      name: 'deposits-expire-orders',
      lockId: EXPIRE_ORDERS_LOCK,
      everyMs: 5_000,
      run: () => service.expireDue(),
    },
  ];
  return {
    service,
    plugin: async (app: FastifyInstance) => {
      await app.register(depositsRoutes, { service, config: deps.config });
    },
    jobs,
  };
}

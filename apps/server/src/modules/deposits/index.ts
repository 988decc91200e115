import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { PlayerGate } from '../auth';
import type { Job } from '../jobs/jobs';
import type { WalletService } from '../wallet/wallet.service';
import { createChainWatcher } from './deposits.watcher';
import { createTronGridClient, type ChainSource } from './trongrid.client';
import type { WithdrawalsService } from '../withdrawals';
import { depositsRoutes } from './deposits.routes';
import { createDepositsService } from './deposits.service';

export type { DepositsService } from './deposits.service';

/** Job lock ids of this module (each job needs its own PostgreSQL advisory lock number). */
const EXPIRE_ORDERS_LOCK = 7_461_110;
const WATCH_CHAIN_LOCK = 7_461_111;

export function depositsModule(deps: {
  database: Database;
  config: Config;
  clock: Clock;
  gate: Pick<PlayerGate, 'assertMayPlay'>;
  wallet: Pick<WalletService, 'transferIn'>;
  /** The player's withdrawals for inout-records (type 2 and "all"); the withdrawals module provides it. */
  withdrawals?: Pick<WithdrawalsService, 'records'>;
  /** The chain; default the TronGrid client when TRONGRID_URL is set, else no watcher. */
  chain?: ChainSource;
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
  const chain = deps.chain ?? (deps.config.tron.url ? createTronGridClient(deps.config.tron) : null);
  const watcher = chain ? createChainWatcher({ db: deps.database.db, ...deps, source: chain }) : null;
  if (watcher) {
    jobs.push({
      name: 'deposits-watch-chain',
      lockId: WATCH_CHAIN_LOCK,
      everyMs: deps.config.deposits.watchIntervalMs,
      run: () => watcher.watchOnce(),
    });
  }
  return {
    service,
    watcher,
    plugin: async (app: FastifyInstance) => {
      await app.register(depositsRoutes, { service, config: deps.config, withdrawals: deps.withdrawals });
    },
    jobs,
  };
}

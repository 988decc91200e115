import { AdvisoryLock } from '../../db/locks';
import type { Tx } from '../../db/client';
import { createHooks } from '../../lib/hooks';
import type { Job } from '../jobs/jobs';
import type { KoiModule, ModuleContext } from '../module';
import type { AuditPort } from '../audit';
import type { DomainEvents } from '../events';
import type { PlayerGate } from '../auth';
import type { TurnoverService } from '../turnover';
import type { WalletService } from '../wallet/wallet.service';
import { createChainWatcher } from './deposits.watcher';
import { createTronGridClient, type ChainSource } from './trongrid.client';
import {
  createDepositsAdmin,
  type ChannelMatchHooks,
  type ChannelOrderMatched,
  type DepositsPlayers,
} from './deposits.admin';
import { depositsAdminRoutes } from './deposits.admin.routes';
import type { CreditedElsewhere } from './deposits.limits';
import { depositsRoutes } from './deposits.routes';
import { createDepositsService, type DepositsService } from './deposits.service';

export type { DepositsService, ChannelReport } from './deposits.service';
export type { DepositRecordRow } from './deposits.repository';
export type { CreditedElsewhere } from './deposits.limits';
export type { ChannelOrderMatched, DepositsAdmin } from './deposits.admin';
export { inoutRecordWire } from './deposits.wire';

/**
 * How the payment channels module (above deposits) takes part in the deposits' work without deposits
 * importing it: its credits count against the deposit limits, and an operator's match of a queue row that
 * names one of its orders locks and settles that order in the match's transaction.
 */
export interface DepositsHooks {
  countCredits(credited: CreditedElsewhere): void;
  onChannelMatchLocking(hook: (tx: Tx, channelOrderId: number) => Promise<void>): void;
  onChannelOrderMatched(hook: (tx: Tx, matched: ChannelOrderMatched) => Promise<void>): void;
}

export function depositsModule(
  deps: ModuleContext & {
    gate: Pick<PlayerGate, 'assertMayPlay'>;
    wallet: Pick<WalletService, 'transferIn'>;
    turnover: Pick<TurnoverService, 'addRequirement'>;
    audit: AuditPort;
    /** The chain; default the TronGrid client when TRONGRID_URL is set, else no watcher. */
    chain?: ChainSource;
    /** Names and ids of players for the console (the auth module's directory). */
    players: DepositsPlayers;
    /** Told once a credit (chain transfer or operator match) has committed: app.ts emits deposit.credited. */
    onCredited?: (fact: DomainEvents['deposit.credited']) => void;
  },
): KoiModule<DepositsService> & { hooks: DepositsHooks } {
  const creditedElsewhere: CreditedElsewhere[] = [];
  const channelMatch: ChannelMatchHooks = { locking: createHooks(), matched: createHooks() };
  const service = createDepositsService({ db: deps.database.db, ...deps, creditedElsewhere });
  const jobs: Job[] = [
    {
      name: 'deposits-expire-orders',
      lockId: AdvisoryLock.JOB_EXPIRE_DEPOSIT_ORDERS,
      everyMs: 5_000,
      run: () => service.expireDue(),
    },
  ];
  const chain = deps.chain ?? (deps.config.tron.url ? createTronGridClient(deps.config.tron) : null);
  const watcher = chain
    ? createChainWatcher({ db: deps.database.db, ...deps, source: chain, creditedElsewhere })
    : null;
  if (watcher) {
    jobs.push({
      name: 'deposits-watch-chain',
      lockId: AdvisoryLock.JOB_WATCH_CHAIN,
      everyMs: deps.config.deposits.watchIntervalMs,
      run: () => watcher.watchOnce(),
    });
  }
  const admin = createDepositsAdmin({
    db: deps.database.db,
    clock: deps.clock,
    config: deps.config,
    wallet: deps.wallet,
    turnover: deps.turnover,
    watching: watcher !== null && deps.config.jobsEnabled,
    players: deps.players,
    creditedElsewhere,
    channelMatch,
    onCredited: deps.onCredited,
  });
  return {
    service,
    hooks: {
      countCredits: (credited) => void creditedElsewhere.push(credited),
      onChannelMatchLocking: channelMatch.locking.add,
      onChannelOrderMatched: channelMatch.matched.add,
    },
    plugin: async (app) => {
      // The configured receiving addresses (DEPOSIT_ADDRESSES) exist before the first order can pick one.
      await service.ensureAddresses(deps.config.deposits.addresses);
      await app.register(depositsRoutes, { service, config: deps.config });
      await app.register(depositsAdminRoutes, { admin, audit: deps.audit, clock: deps.clock });
    },
    jobs,
  };
}

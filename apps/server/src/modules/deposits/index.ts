import { LEDGER_CURRENCY } from '@koi/ledger';
import type { Job } from '../jobs/jobs';
import type { KoiModule, ModuleContext } from '../module';
import type { AuditPort } from '../audit';
import type { WithdrawalsService } from '../withdrawals';
import { createSandboxChannel, type PaymentChannelAdapter } from './channel.adapter';
import { channelsAdminRoutes } from './channels.admin.routes';
import { channelsRoutes } from './channels.routes';
import { createChannelsService, type ChannelsService, type ChannelsServiceDeps } from './channels.service';
import { createChainWatcher } from './deposits.watcher';
import { createTronGridClient, type ChainSource } from './trongrid.client';
import { createDepositsAdmin, type DepositsPlayers } from './deposits.admin';
import { depositsAdminRoutes } from './deposits.admin.routes';
import { depositsRoutes } from './deposits.routes';
import { createDepositsService, type DepositsService } from './deposits.service';

export type { DepositsService } from './deposits.service';
export type { DepositsAdmin } from './deposits.admin';
export type { ChannelsService } from './channels.service';
export type { PaymentChannelAdapter } from './channel.adapter';

/** Job lock ids of this module (each job needs its own PostgreSQL advisory lock number). */
const EXPIRE_ORDERS_LOCK = 7_461_110;
const WATCH_CHAIN_LOCK = 7_461_111;
const RECONCILE_CHANNELS_LOCK = 7_461_112;

/**
 * The sandbox channels seeded in demo and development when the sandbox channel is configured: one that
 * charges CNY at a rate with a ratio fee, one in USDT with a fixed fee. Operators edit them in the console.
 */
export const SANDBOX_CHANNELS = [
  {
    adapter: 'sandbox',
    code: 'sandbox-cny',
    name: '沙盒收银台（人民币）',
    icon: '',
    minMicro: 20_000_000n,
    maxMicro: 50_000_000_000n,
    feeBp: 100,
    feeFixedMicro: 0n,
    currency: 'CNY',
    rate: '7.2',
    sort: 1,
  },
  {
    adapter: 'sandbox',
    code: 'sandbox-usdt',
    name: '沙盒收银台（USDT）',
    icon: '',
    minMicro: 20_000_000n,
    maxMicro: 10_000_000_000n,
    feeBp: 0,
    feeFixedMicro: 500_000n,
    currency: LEDGER_CURRENCY,
    rate: '1',
    sort: 2,
  },
];

/** The other modules' services and the log the channels service needs, typed once by its own dependencies. */
type ChannelPorts = Pick<ChannelsServiceDeps, 'gate' | 'wallet' | 'turnover' | 'log'>;

export function depositsModule(
  deps: ModuleContext &
    ChannelPorts & {
      audit: AuditPort;
      /** The player's withdrawals for inout-records (type 2 and "all"); the withdrawals module provides it. */
      withdrawals?: Pick<WithdrawalsService, 'records'>;
      /** The chain; default the TronGrid client when TRONGRID_URL is set, else no watcher. */
      chain?: ChainSource;
      /** Channel adapters by name; default the sandbox channel when PAYMENT_SANDBOX_URL is set. */
      adapters?: ReadonlyMap<string, PaymentChannelAdapter>;
      /** Names and ids of players for the console (the auth module's directory). */
      players: DepositsPlayers;
    },
): KoiModule<DepositsService> & { channels: ChannelsService } {
  const service = createDepositsService({ db: deps.database.db, ...deps });
  const adapters =
    deps.adapters ??
    new Map(
      deps.config.paymentSandbox ? [['sandbox', createSandboxChannel(deps.config.paymentSandbox)]] : [],
    );
  const channels = createChannelsService({ db: deps.database.db, ...deps, adapters });
  const jobs: Job[] = [
    {
      name: 'deposits-expire-orders',
      lockId: EXPIRE_ORDERS_LOCK,
      everyMs: 5_000,
      run: () => service.expireDue(),
    },
    {
      name: 'deposits-reconcile-channel-orders',
      lockId: RECONCILE_CHANNELS_LOCK,
      everyMs: 20_000,
      run: () => channels.reconcile(),
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
  const admin = createDepositsAdmin({
    db: deps.database.db,
    clock: deps.clock,
    config: deps.config,
    wallet: deps.wallet,
    turnover: deps.turnover,
    watching: watcher !== null && deps.config.jobsEnabled,
    players: deps.players,
  });
  return {
    service,
    channels,
    plugin: async (app) => {
      // The configured receiving addresses (DEPOSIT_ADDRESSES) exist before the first order can pick one, and
      // the sandbox channels (demo, development) when that channel is configured.
      await service.ensureAddresses(deps.config.deposits.addresses);
      if (adapters.has('sandbox')) await channels.ensureChannels(SANDBOX_CHANNELS);
      await app.register(depositsRoutes, { service, config: deps.config, withdrawals: deps.withdrawals });
      await app.register(depositsAdminRoutes, { admin, audit: deps.audit, clock: deps.clock });
      await app.register(channelsRoutes, { channels, config: deps.config });
      await app.register(channelsAdminRoutes, { channels, audit: deps.audit });
    },
    jobs,
  };
}

import { LEDGER_CURRENCY } from '@koi/ledger';
import { AdvisoryLock } from '../../db/locks';
import type { KoiModule, ModuleContext } from '../module';
import type { AuditPort } from '../audit';
import type { DepositsHooks } from '../deposits';
import { createSandboxChannel, type PaymentChannelAdapter } from './channel.adapter';
import { channelsAdminRoutes } from './channels.admin.routes';
import { channelsRoutes } from './channels.routes';
import { createChannelsService, type ChannelsService, type ChannelsServiceDeps } from './channels.service';

export type { ChannelsService } from './channels.service';
export type { PaymentChannelAdapter } from './channel.adapter';
export { channelRecordWire } from './channels.wire';

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

/** The other modules' services the channels service needs, typed once by its own dependencies. */
type ChannelPorts = Pick<
  ChannelsServiceDeps,
  'gate' | 'wallet' | 'turnover' | 'deposits' | 'log' | 'onCredited'
>;

/** Hosted payment channels: orders, notifications, the reconciler, and the console's channel settings. */
export function channelsModule(
  deps: ModuleContext &
    ChannelPorts & {
      audit: AuditPort;
      /** Where this module takes part in the deposits' work: limits and operators' matches. */
      depositsHooks: DepositsHooks;
      /** Channel adapters by name; default the sandbox channel when PAYMENT_SANDBOX_URL is set. */
      adapters?: ReadonlyMap<string, PaymentChannelAdapter>;
    },
): KoiModule<ChannelsService> {
  const adapters =
    deps.adapters ??
    new Map(
      deps.config.paymentSandbox ? [['sandbox', createSandboxChannel(deps.config.paymentSandbox)]] : [],
    );
  const service = createChannelsService({ db: deps.database.db, ...deps, adapters });
  deps.depositsHooks.countCredits(service.creditedSince);
  deps.depositsHooks.onChannelMatchLocking(service.lockForMatch);
  deps.depositsHooks.onChannelOrderMatched(service.matched);
  return {
    service,
    plugin: async (app) => {
      // The sandbox channels (demo, development) when that channel is configured.
      if (adapters.has('sandbox')) await service.ensureChannels(SANDBOX_CHANNELS);
      await app.register(channelsRoutes, { channels: service, config: deps.config });
      await app.register(channelsAdminRoutes, { channels: service, audit: deps.audit });
    },
    jobs: [
      {
        name: 'deposits-reconcile-channel-orders',
        lockId: AdvisoryLock.JOB_RECONCILE_CHANNEL_ORDERS,
        everyMs: 20_000,
        run: () => service.reconcile(),
      },
    ],
  };
}

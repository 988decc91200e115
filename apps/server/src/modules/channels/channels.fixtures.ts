import { beforeAll } from 'vitest';
import { useTestApp, type TestApp } from '../../../test/app';
import { freePort, type RunningSandbox } from '../../../test/sim';
import type { Config } from '../../config';
import { createPlayerGate } from '../auth';
import { createDepositsService } from '../deposits/deposits.service';
import type { DomainEvents } from '../events';
import { turnoverForTests } from '../turnover/turnover.fixtures';
import type { WalletService } from '../wallet/wallet.service';
import type { PaymentChannelAdapter } from './channel.adapter';
import { createChannelsRepository } from './channels.repository';
import { createChannelsService } from './channels.service';

/**
 * A channels service over the test app's database, built as app.ts builds it: with a deposits service whose
 * limits count the channel orders too. Tests use it for the reconciler job's code and for a second node.
 */
export function channelsForTests(
  t: TestApp,
  opts: {
    config: Config;
    wallet: Pick<WalletService, 'transferIn'>;
    adapters: ReadonlyMap<string, PaymentChannelAdapter>;
    onCredited?: (fact: DomainEvents['deposit.credited']) => void;
  },
) {
  const gate = createPlayerGate(t.database.db, t.clock);
  const deposits = createDepositsService({
    db: t.database.db,
    clock: t.clock,
    config: opts.config,
    gate,
    creditedElsewhere: [
      (conn, playerId, since) => createChannelsRepository(conn).creditedSince(playerId, since),
    ],
  });
  return createChannelsService({
    db: t.database.db,
    clock: t.clock,
    config: opts.config,
    gate,
    wallet: opts.wallet,
    turnover: turnoverForTests(t.database, t.clock),
    deposits,
    adapters: opts.adapters,
    log: { warn: () => undefined },
    onCredited: opts.onCredited,
  });
}

/**
 * A test app on a free loopback port of its own, built with the sandbox's config and the channels' notify URL
 * pointing at that port, so the sandbox channel's notifications reach it over HTTP; `base()` is that URL.
 */
export function useListeningApp(sb: RunningSandbox, returnBaseUrl: string | null) {
  let port = 0;
  let base = '';
  beforeAll(async () => {
    port = await freePort();
    base = `http://127.0.0.1:${port}`;
  });
  const t = useTestApp(() => ({ ...sb.koiConfig, channels: { notifyBaseUrl: base, returnBaseUrl } }));
  beforeAll(async () => {
    await t.app.listen({ port, host: '127.0.0.1' });
  });
  return { t, base: () => base };
}

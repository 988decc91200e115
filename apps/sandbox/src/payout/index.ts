import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { toMicro } from '@koi/ledger';
import type { SandboxConfig } from '../config';
import { commonFaultFields, faultCount, faultsRoute } from '../http/control';
import { decimalAmount } from '../http/money';
import { addressFromSeed, ZERO_ADDRESS } from '../tron/address';
import type { Chain } from '../tron/chain';
import { NO_PAYOUT_FAULTS, payoutRoutes } from './routes';
import { createPayoutStore } from './store';

/** What the hot wallet holds after a fresh start or a reset: plenty for any demo or test. */
const INITIAL_FUNDS = 10_000_000n * 1_000_000n;

/**
 * The payout rail (decision 22) on the sandbox TRON chain: the platform's hot wallet (a fixed sandbox
 * address, funded by a mint when empty), the rail's API, control under `/control/payout/*`.
 */
export function registerPayout(
  app: FastifyInstance,
  config: SandboxConfig,
  tron: { chain: Chain; onReset: (f: () => void) => void },
) {
  const { chain } = tron;
  const store = createPayoutStore(config.dataDir);
  const hotWallet = addressFromSeed('payout-hot-wallet');
  const faults = { ...NO_PAYOUT_FAULTS };
  const fund = (value: bigint) =>
    chain.submit([{ token: chain.usdtContract, from: ZERO_ADDRESS, to: hotWallet, value }]);
  if (chain.balanceOf(chain.usdtContract, hotWallet) === 0n) fund(INITIAL_FUNDS);
  tron.onReset(() => {
    store.reset();
    fund(INITIAL_FUNDS);
  });
  payoutRoutes(app, config, chain, store, hotWallet, faults);

  const faultFields = {
    ...commonFaultFields,
    drop_answer_next: faultCount,
    reject_next: faultCount,
    query_fail_next: faultCount,
    query_fail_status: z.number().int().min(400).max(599).optional(),
    query_garbage_next: faultCount,
    query_delay_next: faultCount,
    query_delay_ms: z.number().int().min(0).max(120_000).optional(),
  };
  faultsRoute(app, '/control/payout/faults', faultFields, faults);
  app.post('/control/payout/fund', async (request, reply) => {
    const parsed = z.object({ amount: decimalAmount }).safeParse(request.body);
    if (!parsed.success || toMicro(parsed.data.amount) <= 0n)
      return reply.status(400).send({ error: 'amount required' });
    return { transaction_id: fund(toMicro(parsed.data.amount)).id };
  });
  // Empties the hot wallet (to the zero address), to test payouts the wallet cannot cover.
  app.post('/control/payout/drain', async () => {
    const balance = chain.balanceOf(chain.usdtContract, hotWallet);
    if (balance > 0n)
      chain.submit([{ token: chain.usdtContract, from: hotWallet, to: ZERO_ADDRESS, value: balance }]);
    return { drained: balance.toString() };
  });
  app.get('/control/payout/transfers', async () => store.all());
  app.post('/control/payout/reset', async () => {
    store.reset();
    Object.assign(faults, NO_PAYOUT_FAULTS);
    return { ok: true };
  });
  return { store, hotWallet, faults };
}

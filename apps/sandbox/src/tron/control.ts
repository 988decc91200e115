import type { FastifyInstance } from 'fastify';
import { commonFaultFields, faultCount, faultsRoute } from '../http/control';
import { randomAddress } from './address';
import type { Chain } from './chain';
import { NO_TRON_FAULTS, type TronFaults } from './faults';
import { payOrError } from './routes';
import type { PayRequest, Wallet } from './wallet';

const snapshot = (f: TronFaults) => ({
  fail_next: f.failNext,
  fail_status: f.failStatus,
  timeout_next: f.timeoutNext,
  timeout_ms: f.timeoutMs,
  duplicate_next: f.duplicateNext,
});

/**
 * Test control for the chain (behind the control secret): pay (optionally producing blocks right after),
 * produce N blocks at once, TronGrid faults, call statistics, reset.
 */
export function tronControlRoutes(
  app: FastifyInstance,
  chain: Chain,
  wallet: Wallet,
  faults: TronFaults,
  stats: { calls: number },
  onReset: () => void,
): void {
  app.post('/control/tron/pay', async (request, reply) => {
    const body = (request.body ?? {}) as PayRequest & { mine?: number };
    const result = payOrError(wallet, body);
    if (result.status !== 200) return reply.status(result.status).send(result.body);
    for (let i = 0; i < Math.min(Number(body.mine ?? 0), 1000); i += 1) chain.mine();
    return { ...result.body, head: chain.head().number };
  });
  app.post('/control/tron/mine', async (request, reply) => {
    const blocks = Number((request.body as { blocks?: unknown } | undefined)?.blocks ?? 1);
    if (!Number.isInteger(blocks) || blocks < 1 || blocks > 1000)
      return reply.status(400).send({ error: 'blocks must be 1 to 1000' });
    for (let i = 0; i < blocks; i += 1) chain.mine();
    return { head: chain.head().number, solid_head: chain.solidHead() };
  });
  faultsRoute(
    app,
    '/control/tron/faults',
    { ...commonFaultFields, duplicate_next: faultCount },
    faults,
    snapshot,
  );
  // A fresh valid address, for tests that have no base58check library of their own.
  app.get('/control/tron/address', async () => ({ address: randomAddress() }));
  app.get('/control/tron/stats', async () => ({
    calls: stats.calls,
    head: chain.head().number,
    pending: chain.pendingCount(),
    faults: snapshot(faults),
  }));
  app.post('/control/tron/reset', async () => {
    chain.reset();
    Object.assign(faults, NO_TRON_FAULTS);
    stats.calls = 0;
    onReset();
    return { head: chain.head().number };
  });
}

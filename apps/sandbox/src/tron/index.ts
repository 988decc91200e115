import type { FastifyInstance } from 'fastify';
import type { SandboxConfig } from '../config';
import { createChain } from './chain';
import { tronControlRoutes } from './control';
import { NO_TRON_FAULTS } from './faults';
import { walletRoutes } from './routes';
import { trongridRoutes } from './trongrid';
import { createWallet } from './wallet';

export type { Chain } from './chain';
export type { Wallet } from './wallet';

/**
 * The TRON network as TronGrid serves it (decisions 13, 19, 20): a chain with blocks every
 * `TRON_BLOCK_MS`, TronGrid's HTTP API, the wallet page `/tron/wallet`, control under `/control/tron/*`.
 * `onReset` lets systems built on the chain (the payout rail) re-fund themselves after a reset.
 */
export function registerTron(app: FastifyInstance, config: SandboxConfig) {
  const chain = createChain({
    dataDir: config.dataDir,
    confirmations: config.tron.confirmations,
    usdtContract: config.tron.usdtContract,
  });
  const wallet = createWallet(chain);
  const faults = { ...NO_TRON_FAULTS };
  const stats = { calls: 0 };
  const resetListeners: (() => void)[] = [];
  trongridRoutes(app, config, chain, faults, stats);
  walletRoutes(app, chain, wallet);
  tronControlRoutes(app, chain, wallet, faults, stats, () => resetListeners.forEach((f) => f()));
  if (config.tron.blockMs > 0) {
    const timer = setInterval(() => chain.mine(), config.tron.blockMs);
    app.addHook('onClose', async () => clearInterval(timer));
  }
  return { chain, wallet, onReset: (f: () => void) => resetListeners.push(f) };
}

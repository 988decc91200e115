import type { FastifyInstance } from 'fastify';
import type { SandboxConfig } from '../config';
import { providersControlRoutes } from './control';
import { launchRoutes } from './launch';
import { createRounds, roundRoutes } from './rounds';
import { createProvidersState } from './state';
import { transferWalletRoutes } from './transfer-wallet';

export type { Round, Session } from './state';
export type { Faults } from './koi-client';

/**
 * The external game providers (decision 15): seamless-wallet providers that call Koi's wallet, and
 * transfer-wallet providers that hold the player's money. Wire: `/api/launch`, `/api/transfer/*` (signed
 * with the shared provider secret), the game page `/play/:id`; control under `/control/providers/*`.
 */
export function registerProviders(app: FastifyInstance, config: SandboxConfig) {
  const state = createProvidersState();
  const rounds = createRounds(config, state);
  launchRoutes(app, config, state);
  roundRoutes(app, state, rounds);
  transferWalletRoutes(app, config, state);
  providersControlRoutes(app, state, rounds);
  return { state };
}

import type { FastifyInstance } from 'fastify';
import type { SandboxConfig } from './config';
import { guardControl } from './http/control';
import { createHttp } from './http/server';
import { registerPayments } from './payments';
import { registerPayout } from './payout';
import { registerProviders } from './providers';
import { registerTelegram } from './telegram';
import { registerTron } from './tron';
import { registerWitness } from './witness';

/**
 * The sandbox: one HTTP server, one folder per external system it stands in for (decision 19). Each system
 * registers its wire API, its page and its `/control/<system>/*` endpoints; the control guard covers them all.
 */
export async function buildSandbox(config: SandboxConfig) {
  const app: FastifyInstance = createHttp(config);
  guardControl(app, config.controlSecret);
  const providers = registerProviders(app, config);
  const tron = registerTron(app, config);
  const payments = registerPayments(app, config);
  const payout = registerPayout(app, config, tron);
  const witness = registerWitness(app, config);
  const telegram = registerTelegram(app, config);
  return Object.assign(app, { providers, tron, payments, payout, witness, telegram });
}

export type Sandbox = Awaited<ReturnType<typeof buildSandbox>>;

import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { Database } from '../db/client';
import type { Clock } from '../lib/clock';
import type { Job } from './jobs/jobs';

/**
 * What most modules are built with: the database, the configuration (read once) and the clock. A module that
 * reads only some configuration sections names them: `ModuleContext<'dataDir'>`.
 */
export interface ModuleContext<K extends keyof Config = keyof Config> {
  database: Database;
  config: Pick<Config, K>;
  clock: Clock;
}

/**
 * What every module's factory returns (modules/README.md): its service, the port other modules are given as a
 * `Pick<>` of it; its Fastify plugin, registered by app.ts in list order; and the background loops it declares,
 * run by modules/jobs under an advisory lock each.
 */
export interface KoiModule<S> {
  service: S;
  plugin: (app: FastifyInstance) => Promise<void>;
  jobs: Job[];
}

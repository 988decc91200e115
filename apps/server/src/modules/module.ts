import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { Database } from '../db/client';
import type { Clock } from '../lib/clock';
import type { Job } from './jobs/jobs';

/** What most modules are built with: the database, the configuration (read once) and the clock. */
export interface ModuleContext {
  database: Database;
  config: Config;
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

/**
 * A port to a module built further down app.ts's list. Two modules sometimes need each other (auth tells the
 * providers module about a sign-out; the providers module asks auth for the player's name), so one of them is
 * given this stand-in, which looks the real service up on each call. Calls may only happen once the app is
 * built (they come from requests and jobs), by which time every module exists.
 */
export function later<T extends object>(get: () => T): T {
  return new Proxy({} as T, {
    get(_target, key) {
      const service = get();
      const value = Reflect.get(service, key) as unknown;
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(service) : value;
    },
  });
}

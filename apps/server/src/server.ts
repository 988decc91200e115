import cluster from 'node:cluster';
import type { FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { beside, shownOrigin, startBanner } from './banner';
import { runPrimary, workerPlan } from './cluster';
import { loadConfig } from './config';

/**
 * The only file with process side effects: read config, then either run the server in this process (one
 * worker) or start KOI_WORKERS worker processes on the same port (cluster.ts), each of which comes back here
 * as a worker and runs the server; shut down cleanly on a signal.
 */
const config = loadConfig();
const plan = workerPlan(config);

if (cluster.isPrimary && plan.workers > 1) {
  const log = pino({ level: config.logLevel });
  for (const note of plan.notes) log.warn({}, note);
  runPrimary(plan.workers, log);
} else {
  await serve();
}

async function serve() {
  // Signals are handled from the start: one that arrives while the app is still being built (a worker the
  // cluster just started, asked to stop) exits at once and cleanly, as nothing is being served yet and the
  // start-up's migrations run in transactions; later ones drain.
  let app: FastifyInstance | null = null;
  let closing = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (closing) return;
      closing = true;
      if (!app) process.exit(0);
      const running = app;
      running.log.info({ signal }, 'shutting down');
      // Stop accepting, let in-flight requests finish, close the database; force exit if that hangs.
      const force = setTimeout(() => process.exit(1), 10_000);
      force.unref();
      running.close().then(
        () => process.exit(0),
        (err) => {
          running.log.error({ err }, 'shutdown failed');
          process.exit(1);
        },
      );
    });
  }

  // Loaded here so that the primary of a cluster never builds an app or opens the database.
  const { buildApp } = await import('./app');
  const { DataDirLockedError } = await import('./db/data-dir-lock');
  try {
    app = await buildApp(config);
  } catch (error) {
    // A second server (or a koi command) already has the embedded database: say so plainly, not as a crash.
    if (!(error instanceof DataDirLockedError)) throw error;
    console.error(`Koi cannot start: ${error.message}`);
    process.exit(1);
  }
  if (cluster.isPrimary) for (const note of plan.notes) app.log.warn(note);

  await app.listen({ port: config.port, host: config.host });
  if (!cluster.isWorker || cluster.worker?.id === 1) {
    const origin = shownOrigin(process.env.KOI_PUBLIC_URL, config.host, config.port);
    const database = app.koi.database.kind === 'pglite' ? `embedded at ${config.dataDir}` : 'PostgreSQL';
    app.log.info(
      `Koi is running: ${origin}/  (operator console: ${origin}/admin, API docs: ${origin}/docs, database: ${database}, ${plan.workers} server process${plan.workers === 1 ? '' : 'es'})`,
    );
    // While no operator exists, the console is set up from the browser through a one-time link.
    const { announceFirstRunSetup } = await import('./modules/operators/first-run');
    const { createOperatorsService } = await import('./modules/operators/operators.service');
    const setup = await announceFirstRunSetup({
      operators: createOperatorsService({ db: app.koi.database.db, config, clock: app.koi.clock }),
      origin,
      dataDir: config.dataDir,
    });
    if (setup) {
      app.log.warn(
        `No operator exists yet: open the one-time setup link in ${setup.file} (valid until ${setup.expiresAt.toISOString()}) to create the first admin`,
      );
    }
    // A person at a terminal gets the same facts readable, above the JSON log.
    if (process.stdout.isTTY) {
      process.stdout.write(
        startBanner({
          origin,
          database,
          sandboxUrl: config.providerSim ? beside(config.providerSim.url, origin) : null,
          processes: plan.workers,
          setupLink: setup?.link ?? null,
        }),
      );
    }
  }
}

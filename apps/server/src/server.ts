import { buildApp } from './app';
import { loadConfig } from './config';

/** The only file with process side effects: read config, listen, shut down cleanly on a signal. */
const config = loadConfig();
const app = await buildApp(config);

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // Stop accepting, let in-flight requests finish, close the database; force exit if that hangs.
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    app.close().then(
      () => process.exit(0),
      (err) => {
        app.log.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  });
}

await app.listen({ port: config.port, host: config.host });
const shown = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
app.log.info(
  `Koi is running: http://${shown}:${config.port}/  (API docs: http://${shown}:${config.port}/docs, database: ${
    app.koi.database.kind === 'pglite' ? `embedded at ${config.dataDir}` : 'PostgreSQL'
  })`,
);

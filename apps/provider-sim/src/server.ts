import { buildSimApp } from './app';
import { loadSimConfig } from './config';

/** The provider simulator process: listens on its own port, shuts down on a signal. */
const config = loadSimConfig();
const app = await buildSimApp(config);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}
await app.listen({ port: config.port, host: config.host });
app.log.info(`provider simulator on http://localhost:${config.port}/ (wallet calls go to ${config.koiUrl})`);

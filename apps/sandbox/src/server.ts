import { loadSandboxConfig } from './config';
import { buildSandbox } from './sandbox';

/** The sandbox process: listens on its own port, shuts down on a signal. */
const config = loadSandboxConfig();
const app = await buildSandbox(config);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}
await app.listen({ port: config.port, host: config.host });
app.log.info(`sandbox on http://localhost:${config.port}/ (provider wallet calls go to ${config.koiUrl})`);

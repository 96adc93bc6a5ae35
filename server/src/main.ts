import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';

/** Entry point: read configuration, build the app, listen, and drain on SIGTERM/SIGINT. */
async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const app = await buildApp(config);
  if (config.sessionSecretIsDefault) {
    app.log.warn('SESSION_SECRET is not set: using the development default. Set it in production.');
  }
  app.log.info(
    { database: app.database.kind, redis: config.redisUrl ? 'configured' : 'in-process' },
    'starting',
  );
  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'shutting down after an error');
    else app.log.info({ signal }, 'shutting down');
    await app.close();
  });
  await app.listen({ port: config.port, host: config.host });
}

await main();

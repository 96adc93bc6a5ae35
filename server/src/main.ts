import { type AddressInfo, isIP } from 'node:net';
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config/config.ts';
import { shutDown } from './ops/node-shutdown.ts';

/**
 * Where a browser on this machine opens the app, from the address actually listened on: a
 * wildcard bind (0.0.0.0, ::) is reached as localhost, a host name as itself.
 */
function browserUrl(host: string, listened: AddressInfo): string {
  if (['0.0.0.0', '::'].includes(listened.address)) return `http://localhost:${listened.port}`;
  if (isIP(host) === 0) return `http://${host}:${listened.port}`;
  const address = isIP(listened.address) === 6 ? `[${listened.address}]` : listened.address;
  return `http://${address}:${listened.port}`;
}

/**
 * Entry point: read configuration, build the app, listen, and drain on SIGTERM/SIGINT
 * (ops/node-shutdown.ts). close-with-grace exits 0 once the drain is done (1 after an error, a
 * second signal or SHUTDOWN_GRACE_SECONDS), so a Ctrl-C is a clean stop, not a failure, for
 * whoever started us.
 */
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
  app.log.info(
    { database: app.database.kind, redis: config.redisUrl ? 'configured' : 'in-process' },
    'starting',
  );
  const graceMs = config.shutdownGraceSeconds * 1000;
  closeWithGrace({ delay: graceMs }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'shutting down after an error');
    else app.log.info({ signal }, 'shutting down');
    await shutDown(app, { graceMs, afterError: err !== undefined });
  });
  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Jotto is up: open ${browserUrl(config.host, app.server.address() as AddressInfo)}`);
}

await main();

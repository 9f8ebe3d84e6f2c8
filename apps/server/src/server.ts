import fs from 'node:fs';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';

/** Process entry: config, listen, graceful shutdown within SHUTDOWN_TIMEOUT_MS. */
async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  fs.mkdirSync(config.DATA_DIR, { recursive: true });
  // on the embedded database, opening it takes DATA_DIR's lock: a second server or the admin CLI is refused
  const app = await buildApp(config);

  // Graceful stop: app.close() answers new requests 503 (Connection: close) at once, lets modules end their
  // long-lived connections (preClose), stops listening, waits for the requests in flight, then runs the
  // modules' onClose hooks (the job scheduler releases its jobs, the database closes last). Past
  // SHUTDOWN_TIMEOUT_MS the process exits anyway, with code 1 and a line saying so.
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    const timeoutMs = config.SHUTDOWN_TIMEOUT_MS;
    app.log.info({ signal, timeoutMs }, 'shutting down: no new requests, finishing those in flight');
    const force = setTimeout(() => {
      app.log.error({ timeoutMs }, 'shutdown took longer than SHUTDOWN_TIMEOUT_MS: exiting anyway');
      process.exit(1);
    }, timeoutMs);
    force.unref();
    try {
      await app.close();
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
    app.log.info('stopped');
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.PORT, host: config.HOST });
}

main().catch((error) => {
  process.stderr.write(`Farol failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});

import fs from 'node:fs';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';

/** Process entry: config, listen, graceful shutdown (in-flight requests drain, then the database closes). */
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

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    try {
      await app.close();
    } finally {
      process.exit(0);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.PORT, host: config.HOST });
}

main().catch((error) => {
  process.stderr.write(`Farol failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});

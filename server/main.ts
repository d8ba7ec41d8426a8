import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { migrateToLatest, openDatabase } from './platform/db/database';
import { explainListenError } from './startup-errors';

/** In-flight requests get this long to finish after SIGTERM/SIGINT before the process exits. */
const SHUTDOWN_GRACE_MS = 10_000;

async function main(): Promise<void> {
  const config = loadConfigOrExit();
  const database = openDatabase(config.database);
  await migrateToLatest(database.db);
  // The bundle lives in dist/server/, the built client in dist/client/.
  const clientDir = fileURLToPath(new URL('../client', import.meta.url));
  const app = await buildApp({ config, database, clientDir });

  let isShuttingDown = false;
  const shutDown = (signal: string) => {
    if (isShuttingDown) return;
    isShuttingDown = true;
    app.log.info({ signal }, 'shutting down');
    const forceExit = setTimeout(() => {
      app.log.error('shutdown grace period over; exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    forceExit.unref();
    void app
      .close()
      .then(() => database.close())
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        app.log.error({ err: error }, 'error during shutdown');
        process.exit(1);
      });
  };
  process.on('SIGTERM', () => shutDown('SIGTERM'));
  process.on('SIGINT', () => shutDown('SIGINT'));
  // Started by scripts/start.mjs with an IPC channel: when that launcher is gone, so is whoever
  // would stop this process, so it stops itself.
  process.on('disconnect', () => shutDown('launcher gone'));

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    const explanation = explainListenError(error, config.host, config.port);
    if (explanation === null) throw error;
    process.stderr.write(`Tidings could not start: ${explanation}\n`);
    process.exit(1);
  }
  app.log.info(`Tidings is ready at ${config.publicUrl}`);
}

function loadConfigOrExit() {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\nSee .env.example for every variable and its format.\n`);
      process.exit(1);
    }
    throw error;
  }
}

main().catch((error: unknown) => {
  process.stderr.write(
    `Tidings failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});

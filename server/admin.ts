import { runAdminCommand, CommandError } from './admin-cli/admin-commands';
import { ConfigError, loadConfig } from './config';
import { migrateToLatest, openDatabase } from './platform/db/database';

/**
 * The operator's command line (`npm run admin -- <command>`, or `node dist/server/admin.js`):
 * on the same database and settings as the server, so it works on SQLite and PostgreSQL alike,
 * while the server runs or not.
 */
async function main(): Promise<number> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`${error.message}\nSee .env.example for every variable and its format.\n`);
    return 1;
  }
  const database = openDatabase(config.database);
  try {
    await migrateToLatest(database.db);
    await runAdminCommand(process.argv.slice(2), {
      db: database.db,
      config,
      out: (line) => process.stdout.write(`${line}\n`),
    });
    return 0;
  } catch (error) {
    if (!(error instanceof CommandError)) throw error;
    process.stderr.write(`${error.message}\n`);
    return 1;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(
      `The admin command failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    process.exit(1);
  },
);

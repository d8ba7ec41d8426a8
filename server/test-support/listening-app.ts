import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { type Config, loadConfig } from '../config';
import { type DatabaseHandle, migrateToLatest, openDatabase } from '../platform/db/database';

export interface ListeningApp {
  app: FastifyInstance;
  config: Config;
  database: DatabaseHandle;
  port: number;
  origin: string;
  close(): Promise<void>;
}

/**
 * The whole app as main.ts builds it from the environment (its realtime mode, broadcaster and
 * storage all chosen by config, nothing replaced), on a fresh SQLite database, listening on
 * 127.0.0.1 at a free port.
 */
export async function startListeningApp(env: Record<string, string> = {}): Promise<ListeningApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'tidings-listening-'));
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, ...env });
  const database = openDatabase(config.database);
  await migrateToLatest(database.db);
  const app = await buildApp({ config, database });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    app,
    config,
    database,
    port,
    origin: `http://127.0.0.1:${port}`,
    async close() {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { type DatabaseHandle, migrateToLatest, openDatabase } from '../platform/db/database';

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  /** inject() with the X-Requested-With header every real client sends. */
  api(options: InjectOptions & { cookie?: string }): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

/** A real app on a fresh SQLite database in a temporary DATA_DIR. */
export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'tidings-test-'));
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, ...env });
  const database = openDatabase(config.database);
  await migrateToLatest(database.db);
  const app = await buildApp({ config, database });
  return {
    app,
    database,
    api({ cookie, headers, ...options }) {
      return app.inject({
        ...options,
        headers: { 'x-requested-with': 'XMLHttpRequest', ...(cookie ? { cookie } : {}), ...headers },
      });
    },
    async close() {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The session cookie a response set, as a Cookie header value. */
export function sessionCookieFrom(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((c) => c.name.endsWith('tidings_session'));
  if (!cookie) throw new Error(`no session cookie in response ${response.statusCode}: ${response.body}`);
  return `${cookie.name}=${cookie.value}`;
}

let counter = 0;

export function newAccount(
  overrides: Partial<Record<'email' | 'handle' | 'displayName' | 'password', string>> = {},
) {
  counter += 1;
  const suffix = `${process.pid}_${counter}`;
  return {
    email: `user${suffix}@example.com`,
    handle: `user_${suffix}`,
    displayName: `User ${counter}`,
    password: 'correct horse battery staple',
    ...overrides,
  };
}

import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { KyselyPlugin } from 'kysely';
import { inject } from 'vitest';
import type { FeedEvent, UserEvent } from '../../common/contracts/live-events';
import { buildApp } from '../app';
import type { DataExportJob } from '../features/data-export';
import { loadConfig } from '../config';
import { PASSWORD_HASH_COST } from '../platform/crypto/passwords';
import { type DatabaseHandle, migrateToLatest, openDatabase } from '../platform/db/database';
import { placeMigratedSqlite } from './migrated-sqlite';
import { freshTestDatabase } from './test-database';
import { TEST_VAPID_ENV } from './vapid';
import type { PushDelivery } from '../features/web-push';

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  /** The temporary DATA_DIR: database, media files. */
  dataDir: string;
  /** Every live feed event the app published, in order. */
  events: FeedEvent[];
  /** Every event the app published on a user's private channel, in order, with the user's id. */
  userEvents: { userId: string; event: UserEvent }[];
  /** Every multi-channel publish (filtered feed channels, feed-channel changes), in order. */
  channelEvents: { channels: string[]; event: string; data: unknown }[];
  /** Every route the app registered, as Fastify reported it (HEAD twins of GET routes included). */
  routes: { method: string; url: string }[];
  /** The app's data-export job: tests run its rounds with runOnce(). */
  dataExportJob: DataExportJob;
  /** The background push sender: `deliverDue()` sends what is due now. */
  pushDelivery: PushDelivery;
  /** DATABASE_URL of the app's database, for a second app that must share it. */
  databaseUrl: string;
  /** inject() with the X-Requested-With header every real client sends. */
  api(options: InjectOptions & { cookie?: string }): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

/**
 * A real app in a temporary DATA_DIR, on a fresh SQLite database there, or on a fresh
 * PostgreSQL database of its own when TEST_DATABASE_URL is set (released on close, see
 * test-database.ts).
 */
export async function createTestApp(
  env: Record<string, string> = {},
  /**
   * Kysely plugins on the app's own connection (the returned `database` has none); a built
   * client directory to serve, for tests of the static files.
   */
  { plugins = [], clientDir }: { plugins?: KyselyPlugin[]; clientDir?: string } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'tidings-test-'));
  const ownDatabase = await freshTestDatabase(inject('testDatabaseTemplate'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    // A read worker starts from TypeScript in about 0.6 s; tests that are about the workers ask
    // for them (read-workers.test.ts), and the browser tests run them from the bundle.
    READ_WORKERS: '0',
    // Every account here is thrown away: the cheapest hash the configuration allows a test suite.
    PASSWORD_HASH_COST: String(PASSWORD_HASH_COST.testMin),
    ...TEST_VAPID_ENV,
    ...(ownDatabase ? { DATABASE_URL: ownDatabase.url } : {}),
    ...env,
  });
  if (config.database.kind === 'sqlite')
    placeMigratedSqlite(inject('sqliteTemplateFile'), config.database.file);
  const database = openDatabase(config.database);
  await migrateToLatest(database.db);
  const events: FeedEvent[] = [];
  const userEvents: TestApp['userEvents'] = [];
  const channelEvents: TestApp['channelEvents'] = [];
  const routes: TestApp['routes'] = [];
  let dataExportJob: DataExportJob | null = null;
  let pushDelivery: PushDelivery | null = null;
  const app = await buildApp({
    config,
    ...(clientDir === undefined ? {} : { clientDir }),
    database: { ...database, db: plugins.reduce((db, plugin) => db.withPlugin(plugin), database.db) },
    testHooks: {
      onDataExportJob: (job) => {
        dataExportJob = job;
      },
      onPushDelivery: (delivery) => {
        pushDelivery = delivery;
      },
      onRoute: ({ method, url }) => {
        for (const one of [method].flat()) routes.push({ method: one, url });
      },
      live: {
        feed: async (event) => void events.push(event),
        user: async (userId, event) => void userEvents.push({ userId, event }),
        channels: async (channels, event, data) => void channelEvents.push({ channels, event, data }),
      },
    },
  });
  if (!dataExportJob) throw new Error('the app did not start its data-export job');
  if (!pushDelivery) throw new Error('the app did not start its push delivery');
  return {
    app,
    database,
    dataExportJob,
    pushDelivery,
    databaseUrl: config.database.kind === 'sqlite' ? `sqlite:${config.database.file}` : config.database.url,
    dataDir,
    events,
    userEvents,
    channelEvents,
    routes,
    api({ cookie, headers, ...options }) {
      return app.inject({
        ...options,
        headers: { 'x-requested-with': 'XMLHttpRequest', ...(cookie ? { cookie } : {}), ...headers },
      });
    },
    async close() {
      await app.close();
      await database.close();
      await ownDatabase?.release();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A fresh, migrated database without an app: in-memory SQLite, or a PostgreSQL database of its
 * own when TEST_DATABASE_URL is set, which close() releases.
 */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  const ownDatabase = await freshTestDatabase(inject('testDatabaseTemplate'));
  const handle = openDatabase(
    ownDatabase ? { kind: 'postgres', url: ownDatabase.url } : { kind: 'sqlite', file: ':memory:' },
  );
  await migrateToLatest(handle.db);
  return {
    ...handle,
    async close() {
      await handle.close();
      await ownDatabase?.release();
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

/** Signs up a fresh account and returns its cookie and user. */
export async function signedUpUser(t: TestApp, overrides: Parameters<typeof newAccount>[0] = {}) {
  const account = newAccount(overrides);
  const response = await t.api({ method: 'POST', url: '/api/v1/auth/signup', payload: account });
  if (response.statusCode !== 201) throw new Error(`sign-up failed: ${response.body}`);
  const { user } = response.json<{ user: { id: string; handle: string } }>();
  return { account, user, cookie: sessionCookieFrom(response) };
}

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

/**
 * An account written straight to the database: for people who only need to exist (to be
 * mentioned, searched for), past the sign-up rate limit and without a session.
 */
export async function insertedUser(t: TestApp, handle: string, displayName = handle) {
  const user = { id: randomUUID(), handle, displayName };
  await t.database.db
    .insertInto('users')
    .values({
      id: user.id,
      email: `${handle.toLowerCase()}@example.com`,
      handle,
      handle_key: handle.toLowerCase(),
      display_name: displayName,
      password_hash: 'not-a-hash: this account cannot log in',
      created_at: Date.now(),
    })
    .execute();
  return user;
}

/** Publishes a post (or a reply) through the API as `who`; answers its id. */
export async function publishedPost(
  t: TestApp,
  who: { cookie: string },
  body: string,
  parentId?: string,
): Promise<string> {
  const response = await t.api({
    method: 'POST',
    url: '/api/v1/posts',
    cookie: who.cookie,
    payload: { body, parentId },
  });
  if (response.statusCode !== 201) throw new Error(`post failed: ${response.body}`);
  return response.json<{ post: { id: string } }>().post.id;
}

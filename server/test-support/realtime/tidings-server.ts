import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import Pusher from 'pusher';
import PusherClient, { type Options as PusherClientOptions } from 'pusher-js';
import { inject } from 'vitest';
import type { CurrentUser } from '../../../common/contracts/auth';
import { buildApp } from '../../app';
import { type Config, loadConfig } from '../../config';
import { API_PREFIX } from '../../http/api-guards';
import { type DatabaseHandle, migrateToLatest, openDatabase } from '../../platform/db/database';
import { newAccount, sessionCookieFrom } from '../test-app';
import { freshTestDatabase, type TestDatabase } from '../test-database';
import {
  createRealtimeServer,
  type RealtimeServer,
  type RealtimeServerOptions,
} from '../../realtime/realtime-server';

const silentLogger = { debug() {}, info() {}, warn() {}, error() {} };

/** Credentials of the realtime app in tests; deliberately not the embedded defaults. */
export const TEST_REALTIME = { appId: 'tidings-test', key: 'test-key', secret: 'test-secret' } as const;

export interface TidingsTestServer {
  app: FastifyInstance;
  realtime: RealtimeServer;
  port: number;
  origin: string;
  close(): Promise<void>;
}

export interface StartOptions {
  /** Reuse a port (restart tests); 0 picks a free one. */
  port?: number;
  realtime?: Partial<Omit<RealtimeServerOptions, 'logger'>>;
  /** Clock of the HTTP API's timestamp check. */
  now?: () => number;
  /** A built client to serve (index.html for unknown page paths), as in production. */
  clientDir?: string;
}

/**
 * The real Tidings app (buildApp, with the realtime server it wires: auth route in /api/v1, HTTP
 * API at the root, sockets on app.server) on a fresh database (SQLite, or PostgreSQL with
 * TEST_DATABASE_URL), given test credentials. Listens on 127.0.0.1; the database outlives
 * restarts so session cookies stay valid.
 */
export function createRealtimeTestEnv(extraEnv: Record<string, string> = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'tidings-realtime-'));
  let config: Config | null = null;
  let database: DatabaseHandle | null = null;
  let ownDatabase: TestDatabase | null = null;
  const servers = new Set<{ close(): Promise<void> }>();
  let signUps = 0;

  const open = async () => {
    if (!config || !database) {
      ownDatabase = await freshTestDatabase(inject('testDatabaseTemplate'));
      config = loadConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        DATA_DIR: dataDir,
        ...(ownDatabase ? { DATABASE_URL: ownDatabase.url } : {}),
        ...extraEnv,
      });
      database = openDatabase(config.database);
      await migrateToLatest(database.db);
    }
    return { config, database };
  };

  return {
    async start(options: StartOptions = {}): Promise<TidingsTestServer> {
      const realtime = createRealtimeServer({ ...TEST_REALTIME, logger: silentLogger, ...options.realtime });
      const { config, database } = await open();
      const app = await buildApp({
        config,
        database,
        testHooks: { realtime: { server: realtime, ...(options.now ? { clock: options.now } : {}) } },
        ...(options.clientDir ? { clientDir: options.clientDir } : {}),
      });
      await app.listen({ host: '127.0.0.1', port: options.port ?? 0 });
      const address = app.server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      const server: TidingsTestServer = {
        app,
        realtime,
        port,
        origin: `http://127.0.0.1:${port}`,
        async close() {
          servers.delete(server);
          await app.close();
        },
      };
      servers.add(server);
      return server;
    },
    /**
     * The app as main.ts builds it: the embedded server made from the configuration (its
     * settings from `extraEnv`, its key and secret derived), not one the test brings.
     */
    async startConfigured(): Promise<{
      app: FastifyInstance;
      port: number;
      key: string;
      close(): Promise<void>;
    }> {
      const { config, database } = await open();
      if (config.realtime.kind !== 'embedded') throw new Error('startConfigured needs the embedded server');
      const app = await buildApp({ config, database });
      await app.listen({ host: '127.0.0.1', port: 0 });
      const address = app.server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      const server = {
        app,
        port,
        key: config.realtime.key,
        async close() {
          servers.delete(server);
          await app.close();
        },
      };
      servers.add(server);
      return server;
    },
    async signUp(server: Pick<TidingsTestServer, 'app'>): Promise<{ cookie: string; user: CurrentUser }> {
      signUps += 1;
      const response = await server.app.inject({
        method: 'POST',
        url: `${API_PREFIX}/auth/signup`,
        // One address per account: a file of tests signs up more than SIGNUPS_PER_IP allows.
        remoteAddress: `10.77.${Math.floor(signUps / 250)}.${(signUps % 250) + 1}`,
        headers: { 'x-requested-with': 'XMLHttpRequest' },
        payload: newAccount(),
      });
      return { cookie: sessionCookieFrom(response), user: response.json<{ user: CurrentUser }>().user };
    },
    async dispose() {
      await Promise.all([...servers].map((server) => server.close()));
      if (database) await database.close();
      await ownDatabase?.release();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type RealtimeTestEnv = ReturnType<typeof createRealtimeTestEnv>;

/** The official server SDK pointed at the embedded HTTP API. */
export function createSdk(port: number, overrides: { secret?: string; key?: string } = {}): Pusher {
  return new Pusher({
    appId: TEST_REALTIME.appId,
    key: overrides.key ?? TEST_REALTIME.key,
    secret: overrides.secret ?? TEST_REALTIME.secret,
    host: '127.0.0.1',
    port: String(port),
    useTLS: false,
  });
}

/**
 * The official browser client (its Node build) the way client/realtime will configure it:
 * only the ws transport, the auth route called with JSON and X-Requested-With via customHandler,
 * over real HTTP with the session cookie.
 */
export function connectPusherJs(
  port: number,
  options: { cookie?: string; key?: string; client?: Partial<PusherClientOptions> } = {},
): PusherClient {
  return new PusherClient(options.key ?? TEST_REALTIME.key, {
    cluster: 'eu',
    wsHost: '127.0.0.1',
    wsPort: port,
    forceTLS: false,
    enabledTransports: ['ws'],
    channelAuthorization: {
      customHandler: ({ socketId, channelName }, callback) => {
        postJson(`http://127.0.0.1:${port}${API_PREFIX}/realtime/auth`, options.cookie, {
          socket_id: socketId,
          channel_name: channelName,
        })
          .then(({ status, body }) => {
            if (status !== 200)
              return callback(new Error(`auth answered ${status}: ${JSON.stringify(body)}`), null);
            callback(null, body as { auth: string; channel_data?: string });
          })
          .catch((error: unknown) =>
            callback(error instanceof Error ? error : new Error(String(error)), null),
          );
      },
    },
    // pusher.signin() asks the app's user-auth route, as client/realtime does.
    userAuthentication: {
      endpoint: `${API_PREFIX}/realtime/user-auth`,
      transport: 'ajax',
      customHandler: ({ socketId }, callback) => {
        postJson(`http://127.0.0.1:${port}${API_PREFIX}/realtime/user-auth`, options.cookie, {
          socket_id: socketId,
        })
          .then(({ status, body }) => {
            if (status !== 200)
              return callback(new Error(`user-auth answered ${status}: ${JSON.stringify(body)}`), null);
            callback(null, body as { auth: string; user_data: string });
          })
          .catch((error: unknown) =>
            callback(error instanceof Error ? error : new Error(String(error)), null),
          );
      },
    },
    ...options.client,
  });
}

/** A real HTTP request to the server under test on loopback (not outbound traffic). */
export async function postJson(
  url: string,
  cookie: string | undefined,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: unknown; text: string }> {
  // eslint-disable-next-line no-restricted-globals -- loopback call to our own server in a test
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-requested-with': 'XMLHttpRequest',
      ...(cookie ? { cookie } : {}),
      ...headers,
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // plain-text answers (the Pusher HTTP API's errors) stay text
  }
  return { status: response.status, body: parsed, text };
}

import type { FastifyInstance } from 'fastify';
import type { RealtimeTarget } from '../config';
import type { Broadcaster } from './broadcaster';
import type { FanOut } from './fan-out';
import { registerPusherHttpApi } from './http-api';
import { createBroadcasterFor } from './realtime-config';
import type { PresenceStore } from './presence';
import { createRealtimeServer, type RealtimeServer } from './realtime-server';
import type { AppCredentials } from './signatures';

export interface InstallRealtimeOptions {
  /** Fan-out and presence shared with other nodes; null keeps the in-process defaults. */
  cluster: { fanOut: FanOut; presence: PresenceStore } | null;
  /** An embedded server built by the caller (tests: other credentials, short time-outs). */
  server?: RealtimeServer;
  /** Clock of the HTTP trigger API's timestamp check (tests). */
  clock?: () => number;
}

export interface InstalledRealtime {
  /** Where events go: the embedded server in-process, or hosted Pusher through its SDK. */
  broadcaster: Broadcaster;
  /** Key and secret that channel and user signatures are made with. */
  credentials: AppCredentials;
}

/**
 * The embedded Pusher-protocol server shares the app's port: sockets on app.server's upgrade
 * event, the HTTP trigger API at the root. With hosted Pusher only the broadcaster is needed.
 */
export async function installRealtime(
  app: FastifyInstance,
  target: RealtimeTarget,
  options: InstallRealtimeOptions,
): Promise<InstalledRealtime> {
  const server =
    target.kind === 'embedded'
      ? (options.server ??
        createRealtimeServer({
          appId: target.appId,
          key: target.key,
          secret: target.secret,
          enableClientEvents: target.clientEvents,
          ...(target.webhookUrl === undefined ? {} : { webhookUrl: target.webhookUrl }),
          logger: app.log,
          ...(options.cluster ?? {}),
        }))
      : null;
  const broadcaster = createBroadcasterFor(target, server);
  if (server) {
    await registerPusherHttpApi(app, {
      realtime: server,
      ...(options.clock ? { now: options.clock } : {}),
    });
    server.attach(app.server);
    // Open sockets would keep the HTTP server from closing; they get 4200 and reconnect elsewhere.
    app.addHook('preClose', async () => server.close());
  }
  app.addHook('onClose', async () => broadcaster.close());
  const credentials = server
    ? { key: server.key, secret: server.secret }
    : { key: target.key, secret: target.secret };
  return { broadcaster, credentials };
}

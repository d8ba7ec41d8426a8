import Fastify from 'fastify';
import {
  createRealtimeServer,
  type RealtimeServer,
  type RealtimeServerOptions,
} from '../../realtime/realtime-server';
import { TEST_REALTIME } from './tidings-server';

export interface BareRealtimeServer {
  realtime: RealtimeServer;
  port: number;
  /** ws://127.0.0.1:port/app/{key}?protocol=7… with overrides. */
  socketUrl(options?: { key?: string; query?: string }): string;
  close(): Promise<void>;
}

/** Only the socket server on an otherwise empty Fastify instance, for wire-level tests. */
export async function startBareRealtime(
  options: Partial<Omit<RealtimeServerOptions, 'logger'>> = {},
): Promise<BareRealtimeServer> {
  const app = Fastify();
  const realtime = createRealtimeServer({ ...TEST_REALTIME, logger: app.log, ...options });
  app.addHook('preClose', async () => realtime.close());
  realtime.attach(app.server);
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    realtime,
    port,
    socketUrl({ key = TEST_REALTIME.key, query = 'protocol=7&client=js&version=8.6.0&flash=false' } = {}) {
      return `ws://127.0.0.1:${port}/app/${key}${query ? `?${query}` : ''}`;
    },
    close: () => app.close(),
  };
}

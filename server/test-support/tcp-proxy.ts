import { createServer, type Server, type Socket, connect } from 'node:net';

/**
 * A loopback TCP relay in front of a real server (Redis), so a test can cut the connection and
 * refuse new ones, the way a network failure looks to the client, without touching the server.
 */
export interface TcpProxy {
  port: number;
  /** Drops every open connection; with `refuse`, new ones are dropped too until restore(). */
  cut(options?: { refuse?: boolean }): void;
  restore(): void;
  close(): Promise<void>;
}

export async function startTcpProxy(targetPort: number, targetHost = '127.0.0.1'): Promise<TcpProxy> {
  const sockets = new Set<Socket>();
  let isRefusing = false;
  const server: Server = createServer((client) => {
    if (isRefusing) return client.destroy();
    const upstream = connect(targetPort, targetHost);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => undefined);
      socket.on('close', () => {
        sockets.delete(socket);
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : 0,
    cut({ refuse = false } = {}) {
      isRefusing = refuse;
      for (const socket of sockets) socket.destroy();
    },
    restore() {
      isRefusing = false;
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

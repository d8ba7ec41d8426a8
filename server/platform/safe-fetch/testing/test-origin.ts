import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/**
 * A real HTTP server on a loopback address for tests and benches. It counts connections so
 * tests can prove that a refused address was never connected to (the "canary").
 */

export type OriginHandler = (request: IncomingMessage, response: ServerResponse) => void;

export interface TestOrigin {
  host: string;
  port: number;
  /** `http://host:port` + path (IPv6 hosts bracketed). */
  url(path?: string): string;
  /** Connections accepted so far. */
  connectionCount(): number;
  close(): Promise<void>;
}

function listen(server: Server, host: string, port: number): Promise<AddressInfo> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve(server.address() as AddressInfo);
    });
  });
}

export async function startTestOrigin(host: string, handler: OriginHandler, port = 0): Promise<TestOrigin> {
  const sockets = new Set<Socket>();
  let connections = 0;
  const server = createServer(handler);
  server.on('connection', (socket) => {
    connections += 1;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  const address = await listen(server, host, port);
  const hostInUrl = host.includes(':') ? `[${host}]` : host;
  return {
    host,
    port: address.port,
    url: (path = '/') => `http://${hostInUrl}:${address.port}${path}`,
    connectionCount: () => connections,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A handler that counts connections only: anything reaching it is a test failure. */
export const canaryHandler: OriginHandler = (_request, response) => {
  response.writeHead(200, { 'content-type': 'text/html' });
  response.end('<title>canary reached</title>');
};

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '../lib/api-client';

// What the offline banner learns from the API client: every answer, and every request that got
// none. A plain HTTP server on loopback plays the API.
let server: Server;
let origin = '';

beforeAll(async () => {
  server = createServer((request, response) => {
    if (request.url?.startsWith('/api/v1/client-config')) {
      // Never answers: the test gives up on the request.
      return;
    }
    response.writeHead(404, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ error: { code: 'not_found', message: 'No such post.' } }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

function observed(at: string) {
  const seen: string[] = [];
  const api = createApiClient({
    origin: () => at,
    observer: {
      answered: (response) => seen.push(`answered ${response.status}`),
      unanswered: () => seen.push('unanswered'),
    },
  });
  return { api, seen };
}

describe('the API client tells its observer how each request went', () => {
  it('an error answer is still an answer: the server was reached', async () => {
    const { api, seen } = observed(origin);
    await expect(api('posts.get', { params: { id: 'missing' } })).rejects.toMatchObject({
      code: 'not_found',
    });
    expect(seen).toEqual(['answered 404']);
  });

  it('a request nobody answers (nothing listening) is unanswered', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const { api, seen } = observed(`http://127.0.0.1:${port}`);
    await expect(api('auth.me')).rejects.toThrow();
    expect(seen).toEqual(['unanswered']);
  });

  it('a request the app gave up on says nothing about the network', async () => {
    const { api, seen } = observed(origin);
    await expect(api('clientConfig.get', { timeoutMs: 50 })).rejects.toThrow();
    expect(seen).toEqual([]);
  });
});

import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { errors } from '../errors';
import { isApiRequest } from './api-guards';

const IMMUTABLE_ASSET_CACHE = 'public, max-age=31536000, immutable';

/**
 * Serves the built React app and answers unknown paths with index.html so client-side routes
 * work on reload. Without a build (tests with inject(), dev with Vite) only the API is served.
 */
export async function installStaticClient(
  app: FastifyInstance,
  clientDir: string | undefined,
): Promise<void> {
  const hasBuild = clientDir !== undefined && existsSync(join(clientDir, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: clientDir,
      wildcard: false,
      index: false,
      setHeaders(res, path) {
        res.setHeader('cache-control', path.includes('/assets/') ? IMMUTABLE_ASSET_CACHE : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
    const wantsPage =
      request.method === 'GET' && !isApiRequest(request) && !request.url.startsWith('/assets/');
    if (hasBuild && wantsPage) {
      // no-cache: the page names the hashed asset files, so it must be revalidated after a deploy.
      return reply
        .header('cache-control', 'no-cache')
        .type('text/html')
        .sendFile('index.html', { cacheControl: false });
    }
    throw errors.notFound(`No route for ${request.method} ${request.url.split('?')[0] ?? ''}.`);
  });
}

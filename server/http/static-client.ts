import { existsSync } from 'node:fs';
import { join, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { errors } from '../errors';
import { isApiRequest } from './api-guards';
import { varyWithAcceptEncoding } from './compression-vary';
import { localizedPageLanguages, pageFileFor } from './page-language';

/** Files under /assets/ carry a content hash in their name: a new build gives them new names. */
export const IMMUTABLE_ASSET_CACHE = 'public, max-age=31536000, immutable';
/**
 * Everything else (index.html, favicon, a service worker, a manifest) keeps its name across
 * builds: the browser may store it but must revalidate it (a cheap 304 thanks to the ETag).
 */
export const REVALIDATED_FILE_CACHE = 'no-cache';
/** The files the build gives .br and .gz siblings (vite.config.ts): their answer varies by encoding. */
const ENCODABLE_FILE = /\.(?:html|js|mjs|css|svg|json|webmanifest|xml|txt)$/;
const PRECOMPRESSED_SIBLING = /\.(?:br|gz)$/;

/**
 * Serves the built React app and answers unknown paths with index.html so client-side routes
 * work on reload. Without a build (tests with inject(), dev with Vite) only the API is served.
 * The build's .br/.gz siblings are sent to browsers that accept them, so static files are never
 * compressed per request.
 */
export async function installStaticClient(
  app: FastifyInstance,
  clientDir: string | undefined,
): Promise<void> {
  const hasBuild = clientDir !== undefined && existsSync(join(clientDir, 'index.html'));
  const pageLanguages = hasBuild ? localizedPageLanguages(clientDir) : [];
  if (hasBuild) {
    const assetsDir = join(clientDir, 'assets') + sep;
    await app.register(fastifyStatic, {
      root: clientDir,
      wildcard: false,
      index: false,
      preCompressed: true,
      // The siblings are alternative encodings of their original, not pages of their own.
      globIgnore: ['**/*.br', '**/*.gz'],
      // @fastify/send would write its own `public, max-age=0` after setHeaders ran, replacing ours.
      cacheControl: false,
      setHeaders(res, path) {
        const served = path.replace(PRECOMPRESSED_SIBLING, '');
        res.setHeader(
          'cache-control',
          served.startsWith(assetsDir) ? IMMUTABLE_ASSET_CACHE : REVALIDATED_FILE_CACHE,
        );
        const vary = ENCODABLE_FILE.test(served) ? varyWithAcceptEncoding(res.getHeader('vary')) : null;
        if (vary !== null) res.setHeader('vary', vary);
      },
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !isApiRequest(request) &&
      !request.url.startsWith('/assets/');
    if (hasBuild && wantsPage) {
      // The page names the hashed asset files, so it must be revalidated after a deploy;
      // setHeaders above gives it no-cache and Vary like index.html itself. It is worded (and
      // preloads the messages) in the browser's language, so caches key on that too (a Vary set
      // here replaces the one setHeaders writes, hence both names).
      if (pageLanguages.length > 0) reply.header('vary', 'accept-encoding, accept-language');
      return reply.type('text/html').sendFile(pageFileFor(request.headers['accept-language'], pageLanguages));
    }
    throw errors.notFound(`No route for ${request.method} ${request.url.split('?')[0] ?? ''}.`);
  });
}

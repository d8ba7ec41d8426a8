import type { FastifyInstance, FastifyRequest } from 'fastify';
import { API_BASE } from '../../common/api/endpoints';
import { errors } from '../errors';

export const API_PREFIX = API_BASE;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A state-changing route that works without a session (sign-up, log-in). */
    isPublic?: boolean;
    /**
     * A GET that answers the same public text to anyone (the OpenAPI document), or a file a
     * plain link downloads (the archive of one's data, still only for its owner's session):
     * readable without X-Requested-With, which a link cannot send. Neither changes anything, and
     * another site cannot read what it answers.
     */
    readableWithoutHeader?: boolean;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function isApiRequest(request: FastifyRequest): boolean {
  return (
    request.url === API_PREFIX ||
    request.url.startsWith(`${API_PREFIX}/`) ||
    request.url.startsWith(`${API_PREFIX}?`)
  );
}

/**
 * Every API call carries X-Requested-With (docs/spec.md#every-api-request). A cross-site form
 * cannot set it and a cross-site fetch that sets it needs a CORS preflight we never grant, so it
 * doubles as CSRF protection together with SameSite cookies (docs/security.md#cross-site-requests).
 */
export function installApiGuards(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (!isApiRequest(request)) return;
    if (SAFE_METHODS.has(request.method) && request.routeOptions.config.readableWithoutHeader) return;
    if (request.headers['x-requested-with'] !== 'XMLHttpRequest') {
      throw errors.csrfHeaderMissing();
    }
  });
  app.addHook('preHandler', async (request) => {
    if (!isApiRequest(request) || SAFE_METHODS.has(request.method)) return;
    if (request.routeOptions.config.isPublic) return;
    if (!request.user) throw errors.unauthenticated();
  });
}

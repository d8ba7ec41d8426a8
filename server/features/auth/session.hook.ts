import type { FastifyInstance } from 'fastify';
import { isApiRequest } from '../../http/api-guards';
import type { UsersFeature } from '../users';
import type { AuthService } from './auth.service';
import type { SessionCookie } from './session-cookie';

/** Resolves the session cookie once per API request into request.user. */
export function installSessionHook(
  app: FastifyInstance,
  auth: AuthService,
  cookie: SessionCookie,
  present: UsersFeature['presentCurrent'],
): void {
  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);
  app.addHook('onRequest', async (request, reply) => {
    if (!isApiRequest(request)) return;
    const token = cookie.read(request);
    if (!token) return;
    const session = await auth.authenticate(token).catch((error: unknown) => {
      cookie.clear(reply);
      throw error;
    });
    if (!session) {
      cookie.clear(reply);
      return;
    }
    request.user = present(session.user);
    request.sessionId = session.sessionId;
  });
}

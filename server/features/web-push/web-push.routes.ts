import type { FastifyInstance, FastifyRequest } from 'fastify';
import { routes } from '../../../common/api/routes';
import { errors } from '../../errors';
import { defineRoute } from '../../http/route-table';
import { requireUser } from '../auth';
import type { WebPushService } from './web-push.service';

/** The signed-in session: a device's subscription belongs to it. */
function requireSession(request: FastifyRequest): { id: string; sessionId: string; userAgent: string } {
  const user = requireUser(request);
  if (request.sessionId === null) throw errors.unauthenticated();
  return { id: user.id, sessionId: request.sessionId, userAgent: request.headers['user-agent'] ?? '' };
}

/** /me/push-subscriptions (this account's devices) and /me/push-settings (which kinds). */
export function registerWebPushRoutes(api: FastifyInstance, { service }: { service: WebPushService }): void {
  defineRoute(api, routes['webPush.devices'], async (request) => {
    const session = requireSession(request);
    return service.list(session.id, session.sessionId);
  });
  defineRoute(api, routes['webPush.subscribe'], async (request, _reply, input) => ({
    device: await service.subscribe(requireSession(request), input.body()),
  }));
  defineRoute(api, routes['webPush.unsubscribe'], async (request, _reply, input) =>
    service.remove(requireUser(request).id, input.params().id),
  );
  defineRoute(api, routes['webPush.settings'], async (request) => service.settings(requireUser(request).id));
  defineRoute(api, routes['webPush.updateSettings'], async (request, _reply, input) =>
    service.updateSettings(requireUser(request).id, input.body()),
  );
}

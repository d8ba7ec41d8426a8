import type { FastifyInstance, FastifyRequest } from 'fastify';
import { routes } from '../../../common/api/routes';
import { defineRoute } from '../../http/route-table';
import { requireSession, requireUser } from '../auth';
import type { WebPushService } from './web-push.service';

/** The signed-in device: its subscription belongs to the session, and is named after its browser. */
function requireDevice(request: FastifyRequest): { id: string; sessionId: string; userAgent: string } {
  const { user, sessionId } = requireSession(request);
  return { id: user.id, sessionId, userAgent: request.headers['user-agent'] ?? '' };
}

/** /me/push-subscriptions (this account's devices) and /me/push-settings (which kinds). */
export function registerWebPushRoutes(api: FastifyInstance, { service }: { service: WebPushService }): void {
  defineRoute(api, routes['webPush.devices'], async (request) => {
    const { user, sessionId } = requireSession(request);
    return service.list(user.id, sessionId);
  });
  defineRoute(api, routes['webPush.subscribe'], async (request, _reply, input) => ({
    device: await service.subscribe(requireDevice(request), input.body()),
  }));
  defineRoute(api, routes['webPush.unsubscribe'], async (request, _reply, input) =>
    service.remove(requireUser(request).id, input.params().id),
  );
  defineRoute(api, routes['webPush.settings'], async (request) => service.settings(requireUser(request).id));
  defineRoute(api, routes['webPush.updateSettings'], async (request, _reply, input) =>
    service.updateSettings(requireUser(request).id, input.body()),
  );
}

import type { FastifyInstance } from 'fastify';
import { routes } from '../../../common/api/routes';
import { defineRoute } from '../../http/route-table';
import { requireUser } from '../auth';
import type { NotificationsService } from './notifications.service';

/** A reader's own notifications only: the session decides whose, never a parameter. */
export function registerNotificationRoutes(
  api: FastifyInstance,
  { notifications }: { notifications: NotificationsService },
): void {
  defineRoute(api, routes['notifications.list'], async (request, _reply, input) => {
    const user = requireUser(request);
    const { cursor } = input.query();
    return notifications.list(user.id, cursor);
  });

  defineRoute(api, routes['notifications.markAllRead'], async (request, _reply, input) => {
    const user = requireUser(request);
    input.body();
    return notifications.markAllRead(user.id);
  });

  defineRoute(api, routes['notifications.markRead'], async (request, _reply, input) => {
    const user = requireUser(request);
    const { id } = input.params();
    input.body();
    return notifications.markRead(user.id, id);
  });
}

import type { FastifyInstance } from 'fastify';
import {
  type MarkNotificationsReadResponse,
  markNotificationsReadRequestSchema,
  notificationIdParamsSchema,
  type NotificationsResponse,
  notificationsQuerySchema,
} from '../../../common/contracts/notifications';
import { parseInput } from '../../http/parse-input';
import { requireUser } from '../auth';
import type { NotificationsService } from './notifications.service';

/** A reader's own notifications only: the session decides whose, never a parameter. */
export function registerNotificationRoutes(
  api: FastifyInstance,
  { notifications }: { notifications: NotificationsService },
): void {
  api.get('/notifications', async (request) => {
    const user = requireUser(request);
    const { cursor } = parseInput(notificationsQuerySchema, request.query);
    const body: NotificationsResponse = await notifications.list(user.id, cursor);
    return body;
  });

  api.post('/notifications/read', async (request) => {
    const user = requireUser(request);
    parseInput(markNotificationsReadRequestSchema, request.body);
    const body: MarkNotificationsReadResponse = await notifications.markAllRead(user.id);
    return body;
  });

  api.post('/notifications/:id/read', async (request) => {
    const user = requireUser(request);
    const { id } = parseInput(notificationIdParamsSchema, request.params);
    parseInput(markNotificationsReadRequestSchema, request.body);
    const body: MarkNotificationsReadResponse = await notifications.markRead(user.id, id);
    return body;
  });
}

import type { FastifyInstance } from 'fastify';
import { routes } from '../../../common/api/routes';
import { unsubscribeQuerySchema } from '../../../common/contracts/email-notifications';
import { errors } from '../../errors';
import { defineRoute } from '../../http/route-table';
import { requireUser } from '../auth';
import type { EmailNotificationsService } from './email-notifications.service';

/** /me/email-notifications, and the API side of the unsubscribe page (no session needed). */
export function registerEmailNotificationRoutes(
  api: FastifyInstance,
  { service }: { service: EmailNotificationsService },
): void {
  defineRoute(api, routes['emailNotifications.get'], async (request) =>
    service.settings(requireUser(request).id),
  );
  defineRoute(api, routes['emailNotifications.update'], async (request, _reply, input) =>
    service.update(requireUser(request).id, input.body()),
  );
  defineRoute(
    api,
    routes['emailNotifications.unsubscribe'],
    { config: { isPublic: true } },
    async (_request, _reply, input) => {
      const { u, k, t } = input.query();
      await service.unsubscribe(u, k, t);
    },
  );
}

/**
 * The List-Unsubscribe address, outside /api/v1: a mail client posts
 * "List-Unsubscribe=One-Click" there by itself (RFC 8058), with neither a session nor the API's
 * X-Requested-With header. A GET (a client that only opens links) goes to the page that asks.
 */
export function registerOneClickUnsubscribe(app: FastifyInstance, service: EmailNotificationsService): void {
  void app.register(async (scope) => {
    // The body says only "List-Unsubscribe=One-Click": read as text and left aside.
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_req, body, done) => done(null, body),
    );
    scope.post('/email/unsubscribe', async (request, reply) => {
      const query = unsubscribeQuerySchema.safeParse(request.query);
      if (!query.success) throw errors.unsubscribeLinkInvalid();
      await service.unsubscribe(query.data.u, query.data.k, query.data.t);
      return reply.status(204).send();
    });
    scope.get('/email/unsubscribe', async (request, reply) => {
      const query = unsubscribeQuerySchema.safeParse(request.query);
      // A damaged link still lands on the page, which says it is incomplete.
      const fragment = query.success ? `#${new URLSearchParams(query.data).toString()}` : '';
      return reply.redirect(`/unsubscribe${fragment}`, 303);
    });
  });
}

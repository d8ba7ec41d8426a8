import type { FastifyInstance } from 'fastify';
import { routes } from '../../../common/api/routes';
import { defineRoute } from '../../http/route-table';
import { requireUser } from '../auth';
import type { EmailConfirmationService } from './email-confirmation.service';

export function registerEmailConfirmationRoutes(
  api: FastifyInstance,
  { confirmation }: { confirmation: EmailConfirmationService },
) {
  defineRoute(api, routes['auth.resendEmailConfirmation'], async (request) => {
    await confirmation.resend(requireUser(request).id);
  });

  // Without a session: the link may be opened on a device that is not logged in.
  defineRoute(
    api,
    routes['auth.confirmEmail'],
    { config: { isPublic: true } },
    async (request, _reply, input) => {
      const confirmed = await confirmation.confirm(input.body().token, request.ip, request.user?.id ?? null);
      request.log.info('e-mail address confirmed with an e-mailed link');
      return confirmed;
    },
  );
}

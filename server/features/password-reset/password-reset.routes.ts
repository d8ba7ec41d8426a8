import type { FastifyInstance } from 'fastify';
import { routes } from '../../../common/api/routes';
import { defineRoute } from '../../http/route-table';
import type { PasswordResetService } from './password-reset.service';

export function registerPasswordResetRoutes(
  api: FastifyInstance,
  { reset }: { reset: PasswordResetService },
) {
  // Without a session: whoever forgot their password has none.
  const isPublic = { config: { isPublic: true } };

  defineRoute(api, routes['auth.requestPasswordReset'], isPublic, async (request, _reply, input) => {
    await reset.request(input.body().email, request.ip);
  });

  defineRoute(api, routes['auth.resetPassword'], isPublic, async (request, _reply, input) => {
    await reset.reset(input.body(), request.ip);
    request.log.info('password reset with an e-mailed link');
  });
}

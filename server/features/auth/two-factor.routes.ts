import type { FastifyInstance } from 'fastify';
import { routes } from '../../../common/api/routes';
import { errors } from '../../errors';
import { defineRoute } from '../../http/route-table';
import type { UsersRepository } from '../users';
import { requireUser } from './auth.guard';
import type { TwoFactorService } from './two-factor.service';

/** /me/two-factor: the signed-in account's own two-factor sign-in. */
export function registerTwoFactorRoutes(
  api: FastifyInstance,
  { twoFactor, users }: { twoFactor: TwoFactorService; users: UsersRepository },
): void {
  defineRoute(api, routes['twoFactor.status'], async (request) => twoFactor.status(requireUser(request).id));

  defineRoute(api, routes['twoFactor.setupTotp'], async (request, _reply, input) => {
    const account = await users.findById(requireUser(request).id);
    // Deleted between the session check and now.
    if (!account) throw errors.unauthenticated();
    return twoFactor.setup(account.id, account.password_hash, input.body().currentPassword);
  });

  defineRoute(api, routes['twoFactor.enableTotp'], async (request, _reply, input) => {
    const recoveryCodes = await twoFactor.enable(requireUser(request).id, input.body().code);
    request.log.info('two-factor sign-in turned on');
    return { recoveryCodes };
  });

  defineRoute(api, routes['twoFactor.disable'], async (request, _reply, input) => {
    await twoFactor.disable(requireUser(request).id, input.body().code);
    request.log.info('two-factor sign-in turned off');
  });

  defineRoute(api, routes['twoFactor.renewRecoveryCodes'], async (request, _reply, input) => ({
    recoveryCodes: await twoFactor.renewRecoveryCodes(requireUser(request).id, input.body().code),
  }));
}

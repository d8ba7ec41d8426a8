import type { FastifyInstance } from 'fastify';
import { routes } from '../../../common/api/routes';
import { defineRoute } from '../../http/route-table';
import { requireUser } from './auth.guard';
import type { PasskeysService } from './passkeys.service';

/** /me/passkeys: the signed-in account's own passkeys. Logging in with one is in auth.routes. */
export function registerPasskeyRoutes(
  api: FastifyInstance,
  { passkeys }: { passkeys: PasskeysService },
): void {
  defineRoute(api, routes['passkeys.list'], async (request) => ({
    passkeys: await passkeys.list(requireUser(request).id),
  }));

  defineRoute(api, routes['passkeys.registrationOptions'], async (request, _reply, input) =>
    passkeys.registrationOptions(requireUser(request).id, input.body().currentPassword),
  );

  defineRoute(api, routes['passkeys.register'], async (request, _reply, input) => {
    const passkey = await passkeys.register(requireUser(request).id, input.body());
    request.log.info('passkey added');
    return passkey;
  });

  defineRoute(api, routes['passkeys.remove'], async (request, _reply, input) => {
    await passkeys.remove(requireUser(request).id, input.params().id, input.body().currentPassword);
    request.log.info('passkey removed');
  });
}

import type { FastifyInstance } from 'fastify';
import { routes } from '../../../common/api/routes';
import { defineRoute } from '../../http/route-table';
import { requireUser } from '../auth';
import type { UserAdminService } from './user-admin.service';

/** /admin/users: the list for admins and moderators; roles and forced resets for admins. */
export function registerUserAdminRoutes(
  api: FastifyInstance,
  { userAdmin }: { userAdmin: UserAdminService },
) {
  defineRoute(api, routes['admin.users'], async (request, _reply, input) =>
    userAdmin.list(requireUser(request).id, input.query()),
  );

  defineRoute(api, routes['admin.setRole'], async (request, _reply, input) => {
    const actor = requireUser(request);
    const { id } = input.params();
    const { role } = input.body();
    const changed = await userAdmin.setRole(actor.id, id, role);
    request.log.info({ targetId: id, role }, 'staff role set');
    return changed;
  });

  defineRoute(api, routes['admin.forcePasswordReset'], async (request, _reply, input) => {
    const actor = requireUser(request);
    const { id } = input.params();
    await userAdmin.forcePasswordReset(actor.id, id);
    request.log.info({ targetId: id }, 'password reset forced');
  });
}

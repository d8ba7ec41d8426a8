import type { FastifyInstance } from 'fastify';
import { routes } from '../../../common/api/routes';
import { defineRoute } from '../../http/route-table';
import { requireUser } from '../auth';
import type { RegistrationAdminService } from './registration-admin.service';

export function registerRegistrationAdminRoutes(
  api: FastifyInstance,
  { service }: { service: RegistrationAdminService },
): void {
  defineRoute(api, routes['admin.settings'], async (request) => ({
    settings: await service.settings(requireUser(request).id),
  }));
  defineRoute(api, routes['admin.updateSettings'], async (request, _reply, input) => ({
    settings: await service.saveSettings(requireUser(request).id, input.body()),
  }));

  defineRoute(api, routes['admin.applications'], async (request) => ({
    applications: await service.applications(requireUser(request).id),
  }));
  defineRoute(api, routes['admin.approveApplication'], async (request, _reply, input) => {
    await service.approve(requireUser(request).id, input.params().id);
  });
  defineRoute(api, routes['admin.rejectApplication'], async (request, _reply, input) => {
    await service.reject(requireUser(request).id, input.params().id);
  });

  defineRoute(api, routes['invites.list'], async (request) => service.invitesOf(requireUser(request).id));
  defineRoute(api, routes['invites.create'], async (request, _reply, input) =>
    service.createInvite(requireUser(request).id, input.body()),
  );
  defineRoute(api, routes['invites.revoke'], async (request, _reply, input) => {
    await service.revokeInvite(requireUser(request).id, input.params().id);
  });
}

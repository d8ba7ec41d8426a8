import type { FastifyInstance } from 'fastify';
import { routes } from '../../../common/api/routes';
import { defineRoute } from '../../http/route-table';
import { errors } from '../../errors';
import { requireUser } from '../auth';
import { readUpload, registerImageMultipart } from '../media';
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

  void api.register(async (uploads) => {
    await registerImageMultipart(uploads);
    defineRoute(uploads, routes['admin.setIcon'], async (request) => {
      const admin = requireUser(request);
      // Authorised before the body is even looked at, like every admin route.
      await service.requireAdmin(admin.id);
      if (!request.isMultipart()) throw errors.unsupportedMediaType();
      return { icon: await service.setIcon(admin.id, () => readUpload(request, uploads)) };
    });
  });
  defineRoute(api, routes['admin.removeIcon'], async (request) => ({
    icon: await service.removeIcon(requireUser(request).id),
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

import type { FastifyInstance, FastifyRequest } from 'fastify';
import { routes } from '../../../common/api/routes';
import { defineRoute } from '../../http/route-table';
import { requireUser } from '../auth';
import type { ModerationService } from './moderation.service';

/** Reporting is for everyone signed in; the staff's part answers 403 to everyone else. */
export function registerModerationRoutes(
  api: FastifyInstance,
  { moderation }: { moderation: ModerationService },
) {
  // Authorised before the input is read: a non-admin learns nothing, not even what input is valid.
  async function requireAdmin(request: FastifyRequest) {
    const user = requireUser(request);
    await moderation.requireStaff(user.id);
    return user;
  }

  defineRoute(api, routes['reports.create'], async (request, _reply, input) => {
    const user = requireUser(request);
    const { id } = input.params();
    return { report: await moderation.report(user.id, id, input.body()) };
  });

  defineRoute(api, routes['reports.mine'], async (request, _reply, input) => {
    const user = requireUser(request);
    const { id } = input.params();
    return { report: await moderation.myReport(user.id, id) };
  });

  defineRoute(api, routes['admin.reports'], async (request) => {
    const user = await requireAdmin(request);
    return moderation.queue(user.id);
  });

  defineRoute(api, routes['admin.closeReports'], async (request, _reply, input) => {
    const user = await requireAdmin(request);
    const { id } = input.params();
    const { outcome } = input.body();
    return moderation.closeReports(user.id, id, outcome);
  });

  defineRoute(api, routes['admin.removePost'], async (request, _reply, input) => {
    const user = await requireAdmin(request);
    const { id } = input.params();
    return { deleted: true as const, ...(await moderation.removePost(user.id, id)) };
  });

  for (const [route, isSuspended] of [
    [routes['admin.suspend'], true],
    [routes['admin.unsuspend'], false],
  ] as const) {
    defineRoute(api, route, async (request, _reply, input) => {
      const user = await requireAdmin(request);
      const { id } = input.params();
      return isSuspended ? moderation.suspend(user.id, id) : moderation.unsuspend(user.id, id);
    });
  }
}

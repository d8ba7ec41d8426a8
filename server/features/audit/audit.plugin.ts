import { routes } from '../../../common/api/routes';
import { defineRoute } from '../../http/route-table';
import type { Platform } from '../../platform/platform';
import type { AdminsService } from '../admins';
import { requireUser } from '../auth';
import type { UsersFeature } from '../users';
import { type AuditService, createAuditService } from './audit.service';

/** The audit log: features that act for the staff record here; admins read it at /admin/audit-log. */
export function auditFeature(
  platform: Platform,
  { users, admins }: { users: UsersFeature; admins: AdminsService },
): AuditService {
  const audit = createAuditService({ db: platform.db, users: users.repository });
  platform.apiRoutes((api) => {
    defineRoute(api, routes['admin.auditLog'], async (request, _reply, input) => {
      await admins.requireAdmin(requireUser(request).id);
      return audit.page(input.query().cursor);
    });
  });
  return audit;
}

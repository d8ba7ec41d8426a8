import type { Platform } from '../../platform/platform';
import type { AdminsService } from '../admins';
import type { AuditService } from '../audit';
import type { LivePublishers } from '../live';
import { registerUserAdminRoutes } from './user-admin.routes';
import { createUserAdminService, type UserAdminService } from './user-admin.service';

/** The staff's list of accounts; roles and forced password resets for admins. */
export function userAdminFeature(
  platform: Platform,
  needs: { admins: AdminsService; audit: AuditService; live: LivePublishers },
): UserAdminService {
  const userAdmin = createUserAdminService({
    db: platform.db,
    admins: needs.admins,
    audit: needs.audit,
    mail: platform.mail,
    instance: platform.instance,
    publicUrl: platform.config.publicUrl,
    passwords: platform.passwords,
    closeUserSockets: needs.live.closeUserSockets,
  });
  platform.apiRoutes((api) => registerUserAdminRoutes(api, { userAdmin }));
  return userAdmin;
}

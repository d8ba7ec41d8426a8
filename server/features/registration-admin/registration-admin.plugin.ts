import type { Platform } from '../../platform/platform';
import type { AdminsService } from '../admins';
import type { AuditService } from '../audit';
import type { MediaService } from '../media';
import type { RegistrationFeature } from '../registration';
import { registerRegistrationAdminRoutes } from './registration-admin.routes';
import { createRegistrationAdminService } from './registration-admin.service';

/** Instance settings and the approval queue for admins; invite links for whoever may make them. */
export function registrationAdminFeature(
  platform: Platform,
  {
    admins,
    audit,
    media,
    registration,
  }: { admins: AdminsService; audit: AuditService; media: MediaService; registration: RegistrationFeature },
): void {
  const { config, db, events, instance, mail } = platform;
  const service = createRegistrationAdminService({
    db,
    instance,
    events,
    invites: registration.invites,
    admins,
    audit,
    media,
    mail,
    publicUrl: config.publicUrl,
  });
  events.on('account.created', ({ userId }) => service.announceIfApplication(userId));
  platform.apiRoutes((api) => registerRegistrationAdminRoutes(api, { service }));
}

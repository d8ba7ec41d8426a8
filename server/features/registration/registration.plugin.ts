import type { Platform } from '../../platform/platform';
import { createInvitesRepository, type InvitesRepository } from './invites.repository';
import { createRegistrationService, type RegistrationService } from './registration.service';

export interface RegistrationFeature {
  service: RegistrationService;
  invites: InvitesRepository;
}

/** Who may sign up (the admin's registration mode, invite links, the rules). Routes: registration-admin. */
export function registrationFeature({ db, instance }: Platform): RegistrationFeature {
  const invites = createInvitesRepository(db);
  return { service: createRegistrationService({ instance, invites }), invites };
}

/** The registration feature's public face: the sign-up gate (auth) and invite links (registration-admin). */
export { type InviteRow, type InvitesRepository, isInviteActive } from './invites.repository';
export type { RegistrationFeature } from './registration.plugin';
export type { Admission, RegistrationService } from './registration.service';

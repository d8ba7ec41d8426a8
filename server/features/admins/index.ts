/** The admins feature's public face: who may moderate. */
export type { AdminsService } from './admins.service';
export { createAdminsService } from './admins.service';

/** The user-admin feature's public face. */
export type { UserAdminService } from './user-admin.service';

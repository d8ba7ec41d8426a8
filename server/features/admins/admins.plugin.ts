import type { Platform } from '../../platform/platform';
import { type AdminsService, createAdminsService } from './admins.service';

/** Who the admins are; the first account created takes the founder seat. */
export function adminsFeature({ db, events }: Platform): AdminsService {
  const admins = createAdminsService({ db });
  // Awaited by the sign-up: the founder is an admin by the time the account is answered.
  events.on('account.created', ({ userId }) => admins.claimFounderSeat(userId));
  return admins;
}

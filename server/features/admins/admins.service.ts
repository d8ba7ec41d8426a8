import type { Db } from '../../platform/db/database';
import { createAdminsRepository } from './admins.repository';

/**
 * Who the site's admins are. The first account created is the admin: each sign-up tries to
 * take the founder seat and the database lets one win.
 */
export function createAdminsService({ db, now = Date.now }: { db: Db; now?: () => number }) {
  const repo = createAdminsRepository(db);
  return {
    claimFounderSeat: (userId: string) => repo.claimFounderSeat(userId, now()),
    isAdmin: (userId: string) => repo.isAdmin(userId),
    grant: (userId: string) => repo.grant(userId, now()),
    revoke: (userId: string) => repo.revoke(userId),
    count: () => repo.count(),
    adminIds: () => repo.adminIds(),
  };
}

export type AdminsService = ReturnType<typeof createAdminsService>;

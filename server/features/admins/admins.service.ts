import type { StaffRole } from '../../../common/contracts/staff';
import { errors } from '../../errors';
import type { Db } from '../../platform/db/database';
import { createAdminsRepository } from './admins.repository';

/**
 * Who the staff are: admins, who run the instance, and moderators, who handle reports and
 * suspensions. The first account created is the founding admin: each sign-up tries to take the
 * founder seat and the database lets one win.
 */
export function createAdminsService({ db, now = Date.now }: { db: Db; now?: () => number }) {
  const repo = createAdminsRepository(db);
  const isAdmin = async (userId: string) => (await repo.roleOf(userId)) === 'admin';
  const canModerate = async (userId: string) => (await repo.roleOf(userId)) !== null;
  return {
    claimFounderSeat: (userId: string) => repo.claimFounderSeat(userId, now()),
    roleOf: (userId: string) => repo.roleOf(userId),
    isFounder: (userId: string) => repo.isFounder(userId),
    isAdmin,
    /** Admins and moderators: reports, post removal, suspensions, the user list. */
    canModerate,
    async requireAdmin(userId: string): Promise<void> {
      if (!(await isAdmin(userId))) throw errors.adminOnly();
    },
    async requireStaff(userId: string): Promise<void> {
      if (!(await canModerate(userId))) throw errors.staffOnly();
    },
    /** The role, or none (null); false when nothing changed. */
    setRole: (userId: string, role: StaffRole | null) =>
      role === null ? repo.revoke(userId) : repo.setRole(userId, role, now()),
    grant: (userId: string) => repo.setRole(userId, 'admin', now()),
    revoke: (userId: string) => repo.revoke(userId),
    /** Admins only (moderators not counted). */
    count: () => repo.countAdmins(),
    adminIds: () => repo.adminIds(),
  };
}

export type AdminsService = ReturnType<typeof createAdminsService>;

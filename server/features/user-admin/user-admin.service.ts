import { randomBytes } from 'node:crypto';
import {
  ADMIN_USERS_PAGE_SIZE,
  type AdminUser,
  type AdminUserPage,
  type AdminUsersQuery,
  type StaffRole,
} from '../../../common/contracts/staff';
import { errors } from '../../errors';
import type { PasswordHasher } from '../../platform/crypto/passwords';
import { decodeCursor, encodeCursor } from '../../platform/cursor/keyset-cursor';
import type { Db } from '../../platform/db/database';
import type { InstanceSettingsStore } from '../../platform/instance/instance-settings';
import type { Mailer } from '../../platform/mail/mailer';
import type { AdminsService } from '../admins';
import type { AuditService } from '../audit';
import { createSessionsRepository } from '../auth';
import { makeResetLink, PASSWORD_RESET_TOKEN_TTL_MS } from '../password-reset';
import { createUsersRepository, presentPublicProfile } from '../users';
import { passwordResetForcedMail } from './user-admin.mail';
import { type AdminUserRow, createUserAdminRepository } from './user-admin.repository';

export interface UserAdminDeps {
  db: Db;
  admins: Pick<AdminsService, 'requireAdmin' | 'requireStaff' | 'isAdmin' | 'isFounder' | 'setRole'>;
  audit: Pick<AuditService, 'record'>;
  mail: Mailer;
  instance: Pick<InstanceSettingsStore, 'current'>;
  publicUrl: string;
  passwords: Pick<PasswordHasher, 'hash'>;
  /** Closes the account's open real-time sockets on every node (never throws). */
  closeUserSockets: (userId: string) => Promise<void>;
  now?: () => number;
}

function present(row: AdminUserRow, showEmail: boolean): AdminUser {
  return {
    user: presentPublicProfile(row),
    email: showEmail ? row.email : null,
    role: row.role ?? null,
    founder: row.founder === 1,
    suspended: row.suspended_at !== null,
    pendingApproval: row.applied_at !== null,
    emailConfirmed: row.email_confirmed_at !== null,
    twoFactor: row.totp_enabled_at !== null,
  };
}

/**
 * The staff's list of accounts, and what admins do to one: give or take a role, force a new
 * password. Suspensions are moderation's; every change here is in the audit log.
 */
export function createUserAdminService(deps: UserAdminDeps) {
  const { db, admins, audit, mail, instance, publicUrl, passwords, closeUserSockets, now = Date.now } = deps;
  const repository = createUserAdminRepository(db);
  const users = createUsersRepository(db);

  async function otherAccount(actorId: string, targetId: string) {
    if (actorId === targetId) throw errors.ownAccount();
    const target = await users.findById(targetId);
    if (!target) throw errors.notFound('That account does not exist.');
    return target;
  }

  async function presentOne(userId: string): Promise<AdminUser> {
    const [row] = await repository.search({
      searchEmail: false,
      filter: 'all',
      before: null,
      limit: 1,
      only: userId,
    });
    if (!row) throw errors.notFound('That account does not exist.');
    return present(row, true);
  }

  return {
    async list(
      actorId: string,
      query: Required<Pick<AdminUsersQuery, 'filter'>> & AdminUsersQuery,
    ): Promise<AdminUserPage> {
      await admins.requireStaff(actorId);
      const isAdmin = await admins.isAdmin(actorId);
      const before = query.cursor === undefined ? null : decodeCursor(query.cursor);
      if (query.cursor !== undefined && before === null) throw errors.invalidCursor();
      const rows = await repository.search({
        text: query.q,
        searchEmail: isAdmin,
        filter: query.filter,
        before,
        limit: ADMIN_USERS_PAGE_SIZE + 1,
      });
      const shown = rows.slice(0, ADMIN_USERS_PAGE_SIZE);
      const last = shown.at(-1);
      return {
        users: shown.map((row) => present(row, isAdmin)),
        nextCursor:
          rows.length > ADMIN_USERS_PAGE_SIZE && last
            ? encodeCursor({ createdAt: last.created_at, id: last.id })
            : null,
      };
    },

    async setRole(actorId: string, targetId: string, role: StaffRole | null): Promise<AdminUser> {
      await admins.requireAdmin(actorId);
      await otherAccount(actorId, targetId);
      if (await admins.isFounder(targetId)) throw errors.founderRole();
      if (await admins.setRole(targetId, role))
        await audit.record(actorId, {
          action: 'user.role_changed',
          targetUserId: targetId,
          detail: { role },
        });
      return presentOne(targetId);
    },

    /**
     * The password is replaced by one nobody knows (so a log-in with the old one costs the same
     * and fails the same), every session ends, and the owner is e-mailed a link to choose anew.
     */
    async forcePasswordReset(actorId: string, targetId: string): Promise<void> {
      await admins.requireAdmin(actorId);
      const target = await otherAccount(actorId, targetId);
      await repository.replacePasswordHash(
        targetId,
        await passwords.hash(randomBytes(32).toString('base64url')),
      );
      await createSessionsRepository(db).deleteAllOf(targetId);
      await closeUserSockets(targetId);
      const link = await makeResetLink(db, targetId, publicUrl, now());
      await mail.queue(
        passwordResetForcedMail(
          { email: target.email, displayName: target.display_name, handle: target.handle },
          link,
          (await instance.current()).name,
          PASSWORD_RESET_TOKEN_TTL_MS / 60_000,
        ),
      );
      await audit.record(actorId, { action: 'user.password_reset_forced', targetUserId: targetId });
    },
  };
}

export type UserAdminService = ReturnType<typeof createUserAdminService>;

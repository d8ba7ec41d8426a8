import type { ChangeEmailRequest, ChangePasswordRequest, CurrentUser } from '../../../common/contracts/auth';
import type { SessionSummary, UpdateProfileRequest } from '../../../common/contracts/users';
import { errors } from '../../errors';
import type { PasswordHasher } from '../../platform/crypto/passwords';
import type { Db } from '../../platform/db/database';
import type { RateLimiter } from '../../platform/rate-limit/rate-limiter';
import { createSessionsRepository } from '../auth';
import type { DataExportService } from '../data-export';
import type { EmailConfirmationService } from '../email-confirmation';
import type { MediaService, UploadInput } from '../media';
import type { PostsService } from '../posts';
import { createUsersRepository, type UserRow, type UsersFeature } from '../users';
import { deviceName } from './device-name';

export interface AccountServiceDeps {
  db: Db;
  media: Pick<MediaService, 'uploadAvatar' | 'attachAvatar' | 'removeById' | 'removeAllOf'>;
  posts: Pick<PostsService, 'removeAllBy'>;
  dataExports: Pick<DataExportService, 'removeAllOf'>;
  emailConfirmation: Pick<EmailConfirmationService, 'changeAddress'>;
  present: UsersFeature['presentCurrent'];
  /** Wrong current passwords per account (PASSWORD_CHECK_FAILURES_PER_ACCOUNT). */
  passwordChecks: RateLimiter;
  passwords: PasswordHasher;
  /** The site's admin holds its only seat; deleting that account would hand it to the next sign-up. */
  isAdmin: (userId: string) => Promise<boolean>;
  /** Closes the account's open real-time sockets on every node (never throws). */
  closeUserSockets: (userId: string) => Promise<void>;
  now?: () => number;
}

/** Which field the password was typed in, so the form can put the message next to it. */
type PasswordField = 'currentPassword' | 'password';

/** The signed-in account changing itself: profile, avatar, e-mail, password, sessions, deletion. */
export function createAccountService({
  db,
  media,
  posts,
  dataExports,
  emailConfirmation,
  present,
  passwordChecks,
  passwords,
  isAdmin,
  closeUserSockets,
  now = Date.now,
}: AccountServiceDeps) {
  const users = createUsersRepository(db);
  const sessions = createSessionsRepository(db);

  async function requireAccount(userId: string): Promise<UserRow> {
    const user = await users.findById(userId);
    if (!user) throw errors.unauthenticated();
    return user;
  }

  async function current(userId: string): Promise<CurrentUser> {
    return present(await requireAccount(userId));
  }

  /** Rate-limited like log-in failures: only wrong passwords spend points; a right one resets. */
  async function checkPassword(user: UserRow, password: string, field: PasswordField): Promise<void> {
    const state = await passwordChecks.peek(user.id);
    if (!state.allowed) throw errors.rateLimited(state.retryAfterSeconds);
    if (!(await passwords.verify(password, user.password_hash))) {
      await passwordChecks.consume(user.id);
      throw errors.wrongPassword(field);
    }
    await passwordChecks.reset(user.id);
  }

  return {
    current,

    async updateProfile(userId: string, changes: UpdateProfileRequest): Promise<CurrentUser> {
      await requireAccount(userId);
      await users.updateProfile(userId, changes);
      return current(userId);
    },

    /** The new avatar is named on the account before the old one's files go. */
    async setAvatar(userId: string, read: () => Promise<UploadInput>): Promise<CurrentUser> {
      const previous = (await requireAccount(userId)).avatar_media_id;
      const { id, avatar } = await media.uploadAvatar(userId, read);
      await db.transaction().execute(async (trx) => {
        if (!(await media.attachAvatar(trx, userId, id))) throw new Error('new avatar vanished before use');
        await createUsersRepository(trx).setAvatar(userId, { mediaId: id, json: JSON.stringify(avatar) });
      });
      if (previous) await media.removeById(previous);
      return current(userId);
    },

    async removeAvatar(userId: string): Promise<CurrentUser> {
      const previous = (await requireAccount(userId)).avatar_media_id;
      await users.setAvatar(userId, null);
      if (previous) await media.removeById(previous);
      return current(userId);
    },

    async changeEmail(userId: string, input: ChangeEmailRequest): Promise<CurrentUser> {
      const user = await requireAccount(userId);
      await checkPassword(user, input.currentPassword, 'currentPassword');
      await emailConfirmation.changeAddress(user, input.email);
      return current(userId);
    },

    /** Every other session ends at once: whoever else holds one must log in again. */
    async changePassword(userId: string, sessionId: string, input: ChangePasswordRequest): Promise<number> {
      const user = await requireAccount(userId);
      await checkPassword(user, input.currentPassword, 'currentPassword');
      await users.updatePasswordHash(userId, await passwords.hash(input.newPassword));
      return sessions.deleteOthers(userId, sessionId);
    },

    async sessions(userId: string, currentSessionId: string): Promise<SessionSummary[]> {
      const rows = await sessions.listByUser(userId, now());
      return rows.map((row) => ({
        id: row.id,
        device: deviceName(row.user_agent),
        createdAt: new Date(row.created_at).toISOString(),
        lastSeenAt: new Date(row.last_seen_at).toISOString(),
        isCurrent: row.id === currentSessionId,
      }));
    },

    /** Someone else's session reads as missing: ids reveal nothing about other accounts. */
    async revokeSession(userId: string, sessionId: string): Promise<void> {
      if (!(await sessions.deleteOwned(sessionId, userId)))
        throw errors.notFound('This session does not exist or has ended.');
    },

    revokeOtherSessions: (userId: string, currentSessionId: string): Promise<number> =>
      sessions.deleteOthers(userId, currentSessionId),

    /**
     * Posts (and the replies under them), likes, sessions, images, the archive of the account's
     * data and their files go; readers' feeds drop the posts live; the handle and e-mail address
     * are free again at once.
     */
    async deleteAccount(userId: string, password: string): Promise<void> {
      const user = await requireAccount(userId);
      await checkPassword(user, password, 'password');
      if (await isAdmin(userId)) throw errors.adminAccount();
      await dataExports.removeAllOf(userId, () =>
        media.removeAllOf(userId, () =>
          posts.removeAllBy(userId, (trx) => createUsersRepository(trx).delete(userId)),
        ),
      );
      await closeUserSockets(userId);
      await passwordChecks.reset(userId);
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;

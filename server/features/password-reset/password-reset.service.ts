import { randomBytes } from 'node:crypto';
import type { PasswordResetConfirm } from '../../../common/contracts/auth';
import { errors } from '../../errors';
import type { PasswordHasher } from '../../platform/crypto/passwords';
import type { Db } from '../../platform/db/database';
import type { InstanceSettingsStore } from '../../platform/instance/instance-settings';
import type { Mailer } from '../../platform/mail/mailer';
import type { RateLimiter } from '../../platform/rate-limit/rate-limiter';
import { createSessionsRepository, limitOrThrow } from '../auth';
import {
  type AccountTokensRepository,
  createAccountTokensRepository,
  createUsersRepository,
  hashToken,
  type TokenPurpose,
  type UsersRepository,
} from '../users';
import { PASSWORD_RESET_TOKEN_BYTES, PASSWORD_RESET_TOKEN_TTL_MS } from './password-reset.limits';
import { passwordResetMail, resetLink } from './password-reset.mail';

const PURPOSE: TokenPurpose = 'password-reset';
/** Tokens that ran out this long ago are deleted when the next reset is asked for. */
const EXPIRED_TOKENS_KEPT_MS = 24 * 60 * 60 * 1000;

export interface PasswordResetDeps {
  db: Db;
  users: UsersRepository;
  mail: Mailer;
  instance: Pick<InstanceSettingsStore, 'current'>;
  publicUrl: string;
  passwords: Pick<PasswordHasher, 'hash'>;
  limiters: { requestsPerAddress: RateLimiter; requestsPerIp: RateLimiter; attemptsPerIp: RateLimiter };
  /** Work that must not hold up the answer; its failures are logged. */
  inBackground: (work: () => Promise<void>) => void;
  now?: () => number;
}

/** A new single-use reset link for the account: e-mailed by the service, printed by the admin CLI. */
export async function issueResetLink(
  tokens: AccountTokensRepository,
  userId: string,
  publicUrl: string,
  at: number,
) {
  const token = randomBytes(PASSWORD_RESET_TOKEN_BYTES).toString('base64url');
  await tokens.insert(token, userId, PURPOSE, at, PASSWORD_RESET_TOKEN_TTL_MS);
  return resetLink(publicUrl, token);
}

export function createPasswordResetService(deps: PasswordResetDeps) {
  const { db, users, mail, instance, publicUrl, passwords, limiters, inBackground, now = Date.now } = deps;
  const tokens: AccountTokensRepository = createAccountTokensRepository(db);

  async function sendLink(email: string): Promise<void> {
    const user = await users.findByEmail(email);
    if (!user) return;
    const link = await issueResetLink(tokens, user.id, publicUrl, now());
    await mail.queue(
      passwordResetMail(
        { email: user.email, displayName: user.display_name, handle: user.handle },
        link,
        (await instance.current()).name,
      ),
    );
    await tokens.deleteExpiredBefore(now() - EXPIRED_TOKENS_KEPT_MS);
  }

  return {
    /**
     * The limits are checked the same for every address; then the answer goes out before the
     * account is even looked up, so neither its content nor its timing says whether one exists.
     */
    async request(email: string, ip: string): Promise<void> {
      await limitOrThrow(limiters.requestsPerIp, ip);
      // Keyed by a hash, so the shared limiter (Redis) holds no addresses.
      await limitOrThrow(limiters.requestsPerAddress, hashToken(email.toLowerCase()));
      inBackground(() => sendLink(email));
    },

    /** A new password from a valid link: the link and its siblings are used up, every session ends. */
    async reset({ token, password }: PasswordResetConfirm, ip: string): Promise<void> {
      await limitOrThrow(limiters.attemptsPerIp, ip);
      const found = await tokens.check(token, PURPOSE, now());
      if (found.state !== 'valid') throw errors.resetLinkInvalid(found.state);
      const passwordHash = await passwords.hash(password);
      await db.transaction().execute(async (trx) => {
        if (!(await tokens.consume(trx, token, found.userId, PURPOSE, now())))
          throw errors.resetLinkInvalid('used');
        const users = createUsersRepository(trx);
        await users.updatePasswordHash(found.userId, passwordHash);
        // The link came to the account's address: whoever opened it reads that mailbox.
        await users.confirmEmail(found.userId, now());
        await createSessionsRepository(trx).deleteAllOf(found.userId);
      });
    },
  };
}

export type PasswordResetService = ReturnType<typeof createPasswordResetService>;

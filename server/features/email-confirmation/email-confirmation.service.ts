import { randomBytes } from 'node:crypto';
import { errors } from '../../errors';
import type { Db } from '../../platform/db/database';
import { isUniqueViolation } from '../../platform/db/db-errors';
import type { InstanceSettingsStore } from '../../platform/instance/instance-settings';
import type { Mailer } from '../../platform/mail/mailer';
import type { RateLimiter } from '../../platform/rate-limit/rate-limiter';
import { limitOrThrow } from '../auth';
import {
  type AccountTokensRepository,
  createAccountTokensRepository,
  createUsersRepository,
  type TokenPurpose,
  type UserRow,
} from '../users';
import { EMAIL_CONFIRMATION_TOKEN_BYTES, EMAIL_CONFIRMATION_TOKEN_TTL_MS } from './email-confirmation.limits';
import {
  addressChangeNoticeMail,
  confirmAddressMail,
  confirmLink,
  confirmNewAddressMail,
} from './email-confirmation.mail';

export interface EmailConfirmationDeps {
  db: Db;
  mail: Mailer;
  instance: Pick<InstanceSettingsStore, 'current'>;
  publicUrl: string;
  /** REQUIRE_EMAIL_CONFIRMATION: new accounts and new addresses wait for their link. */
  required: boolean;
  limiters: { resendsPerAccount: RateLimiter; attemptsPerIp: RateLimiter };
  now?: () => number;
}

/** Links that vouch for an address; a password-reset link also goes to the address of its day. */
const ADDRESS_BOUND: readonly TokenPurpose[] = ['email-confirm', 'email-change', 'password-reset'];

const emailTaken = () => errors.emailTaken({ email: 'Another account uses this e-mail address.' });

/**
 * Whether an address is its owner's: a link to a new account's address, and to the new address
 * when one changes (the old one is told). Where confirmation is not required, a change applies at
 * once and a confirmation link can still be asked for.
 */
export function createEmailConfirmationService(deps: EmailConfirmationDeps) {
  const { db, mail, instance, publicUrl, required, limiters, now = Date.now } = deps;
  const instanceName = async () => (await instance.current()).name;
  const users = createUsersRepository(db);
  const tokens: AccountTokensRepository = createAccountTokensRepository(db);

  async function issue(userId: string, purpose: TokenPurpose): Promise<string> {
    const token = randomBytes(EMAIL_CONFIRMATION_TOKEN_BYTES).toString('base64url');
    await tokens.insert(token, userId, purpose, now(), EMAIL_CONFIRMATION_TOKEN_TTL_MS);
    return confirmLink(publicUrl, token);
  }

  async function sendConfirmLink(user: UserRow): Promise<void> {
    const to = { email: user.email, displayName: user.display_name, handle: user.handle };
    await mail.queue(confirmAddressMail(to, await issue(user.id, 'email-confirm'), await instanceName()));
  }

  async function sendChangeLink(user: UserRow, pendingEmail: string): Promise<void> {
    const to = { email: pendingEmail, displayName: user.display_name, handle: user.handle };
    await mail.queue(confirmNewAddressMail(to, await issue(user.id, 'email-change'), await instanceName()));
  }

  async function noticeToOldAddress(user: UserRow, newAddress: string): Promise<void> {
    const to = { email: user.email, displayName: user.display_name, handle: user.handle };
    await mail.queue(
      addressChangeNoticeMail(to, newAddress, `${publicUrl}/forgot-password`, await instanceName()),
    );
  }

  /** The token's purpose and account, or a 400 saying why it is worth nothing. */
  async function findToken(token: string): Promise<{ userId: string; purpose: TokenPurpose }> {
    const asConfirm = await tokens.check(token, 'email-confirm', now());
    const [found, purpose] =
      asConfirm.state === 'unknown'
        ? [await tokens.check(token, 'email-change', now()), 'email-change' as const]
        : [asConfirm, 'email-confirm' as const];
    if (found.state !== 'valid') throw errors.confirmLinkInvalid(found.state);
    return { userId: found.userId, purpose };
  }

  return {
    /** Sign-up: the new account gets its link where confirmation is required. */
    async welcome(userId: string): Promise<void> {
      if (!required) return;
      const user = await users.findById(userId);
      if (user) await sendConfirmLink(user);
    },

    /** "Send the link again": for the address waiting to replace the current one, else the current one. */
    async resend(userId: string): Promise<void> {
      await limitOrThrow(limiters.resendsPerAccount, userId);
      const user = await users.findById(userId);
      if (!user) throw errors.unauthenticated();
      if (user.pending_email !== null) await sendChangeLink(user, user.pending_email);
      else if (user.email_confirmed_at === null) await sendConfirmLink(user);
    },

    /**
     * Opens a link: confirms the account's address, or puts the waiting new one in its place.
     * Signed in as someone else, the link is refused unused: confirming an account other than
     * the one on screen would only confuse.
     */
    async confirm(token: string, ip: string, signedInAs: string | null): Promise<{ email: string }> {
      await limitOrThrow(limiters.attemptsPerIp, ip);
      const { userId, purpose } = await findToken(token);
      if (signedInAs !== null && signedInAs !== userId) throw errors.confirmLinkInvalid('other-account');
      try {
        return await db.transaction().execute(async (trx) => {
          const trxTokens = createAccountTokensRepository(trx);
          const trxUsers = createUsersRepository(trx);
          if (!(await trxTokens.consume(trx, token, userId, purpose, now())))
            throw errors.confirmLinkInvalid('used');
          const user = await trxUsers.findById(userId);
          if (!user) throw errors.confirmLinkInvalid('unknown');
          if (purpose === 'email-confirm') {
            await trxUsers.confirmEmail(userId, now());
            return { email: user.email };
          }
          // Change links are revoked whenever the waiting address changes, so this is its own.
          if (user.pending_email === null) throw errors.confirmLinkInvalid('used');
          await trxUsers.replaceEmail(userId, user.pending_email, now());
          await trxTokens.revokeOpen(userId, ADDRESS_BOUND, now());
          return { email: user.pending_email };
        });
      } catch (error) {
        // Another account confirmed the same address first.
        if (isUniqueViolation(error)) throw emailTaken();
        throw error;
      }
    },

    /**
     * A new address for an account whose password was just checked. Required confirmation: it
     * waits for its link and the current one stays. Otherwise it applies at once, unconfirmed.
     * Either way the old address is told. Typing the current address again cancels a waiting one.
     */
    async changeAddress(user: UserRow, newEmail: string): Promise<void> {
      const email = newEmail.toLowerCase();
      if (email === user.email) {
        if (user.pending_email === null) return;
        await users.setPendingEmail(user.id, null);
        await tokens.revokeOpen(user.id, ['email-change'], now());
        return;
      }
      if (await users.findByEmail(email)) throw emailTaken();
      if (required) {
        await users.setPendingEmail(user.id, email);
        await tokens.revokeOpen(user.id, ['email-change'], now());
        await sendChangeLink(user, email);
      } else {
        try {
          await users.replaceEmail(user.id, email, null);
        } catch (error) {
          // Another account took the address between the check and the write.
          if (isUniqueViolation(error)) throw emailTaken();
          throw error;
        }
        await tokens.revokeOpen(user.id, ADDRESS_BOUND, now());
      }
      await noticeToOldAddress(user, email);
    },
  };
}

export type EmailConfirmationService = ReturnType<typeof createEmailConfirmationService>;

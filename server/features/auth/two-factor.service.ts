import { randomBytes } from 'node:crypto';
import type { TwoFactorStatus } from '../../../common/contracts/two-factor';
import { errors } from '../../errors';
import type { TextSeal } from '../../platform/crypto/sealed-text';
import type { Db } from '../../platform/db/database';
import type { RateLimiter } from '../../platform/rate-limit/rate-limiter';
import { createAccountTokensRepository } from '../users';
import type { PasswordHasher } from '../../platform/crypto/passwords';
import { newRecoveryCodes, recoveryCodeHash } from './recovery-codes';
import { acceptedTotpStep, newTotpSecret, totpEnrolment } from './totp';
import { TWO_FACTOR_CHALLENGE_TTL_MS } from './two-factor.limits';
import { createTwoFactorRepository } from './two-factor.repository';

export interface TwoFactorDeps {
  db: Db;
  /** Seals the app's secret: the server must read it back, a copy of the database must not. */
  seal: TextSeal;
  /** Keys the recovery codes' hashes. */
  sessionSecret: string;
  /** Wrong codes (and passwords at set-up) per account: TWO_FACTOR_FAILURES_PER_ACCOUNT. */
  failures: RateLimiter;
  passwords: Pick<PasswordHasher, 'verify'>;
  /** Shown as the issuer in the authenticator app. */
  instanceName: () => Promise<string>;
  now?: () => number;
}

const CHALLENGE_BYTES = 32;

/**
 * Two-factor sign-in with an authenticator app (TOTP) and ten single-use recovery codes. Turning
 * it on takes a first code from the app; turning it off, or renewing the codes, a current code.
 */
export function createTwoFactorService(deps: TwoFactorDeps) {
  const { db, seal, sessionSecret, failures, passwords, instanceName, now = Date.now } = deps;
  const repository = createTwoFactorRepository(db);
  const tokens = createAccountTokensRepository(db);

  async function account(userId: string) {
    const row = await repository.find(userId);
    if (!row) throw errors.unauthenticated();
    return row;
  }

  /** Counts a wrong answer toward the limit; a right one clears it. Throws once the limit is hit. */
  async function guarded<T>(
    userId: string,
    attempt: () => Promise<T | null>,
    onWrong: () => Error,
  ): Promise<T> {
    const state = await failures.peek(userId);
    if (!state.allowed) throw errors.rateLimited(state.retryAfterSeconds);
    const result = await attempt();
    if (result === null) {
      await failures.consume(userId);
      throw onWrong();
    }
    await failures.reset(userId);
    return result;
  }

  /** A code from the app (each works once), or, where allowed, an unused recovery code. */
  async function checkFactor(userId: string, code: string, allowRecovery: boolean): Promise<void> {
    const row = await account(userId);
    if (row.totp_secret_sealed === null) throw errors.twoFactorState('Two-factor sign-in is off.');
    const secret = seal.open(row.totp_secret_sealed);
    const typed = code.replace(/\s/g, '');
    await guarded(
      userId,
      async () => {
        if (/^\d{6}$/.test(typed)) {
          const step = await acceptedTotpStep(secret, typed, row.totp_last_step, now());
          return step !== null && (await repository.useStep(userId, step)) ? true : null;
        }
        if (!allowRecovery) return null;
        return (await repository.useRecoveryCode(userId, recoveryCodeHash(typed, sessionSecret), now()))
          ? true
          : null;
      },
      errors.twoFactorCodeInvalid,
    );
  }

  async function storeNewRecoveryCodes(userId: string, enable?: { sealed: string; step: number }) {
    const codes = newRecoveryCodes();
    const hashes = codes.map((code) => recoveryCodeHash(code, sessionSecret));
    await db.transaction().execute(async (trx) => {
      if (enable) await repository.enable(trx, userId, enable.sealed, now(), enable.step);
      await repository.replaceRecoveryCodes(trx, userId, hashes);
    });
    return codes;
  }

  return {
    async status(userId: string): Promise<TwoFactorStatus> {
      const row = await account(userId);
      const totpEnabled = row.totp_enabled_at !== null;
      return { totpEnabled, recoveryCodesLeft: totpEnabled ? await repository.recoveryCodesLeft(userId) : 0 };
    },

    async isEnabled(userId: string): Promise<boolean> {
      return (await account(userId)).totp_enabled_at !== null;
    },

    /** A new secret waits until a first code shows the app has it; set-up asks for the password. */
    async setup(userId: string, passwordHash: string, password: string) {
      const row = await account(userId);
      if (row.totp_enabled_at !== null)
        throw errors.twoFactorState(
          'Two-factor sign-in is already on. Turn it off first to move to another app.',
        );
      await guarded(
        userId,
        async () => ((await passwords.verify(password, passwordHash)) ? true : null),
        () => errors.wrongPassword('currentPassword'),
      );
      const secret = newTotpSecret();
      await repository.setPending(userId, seal.seal(secret));
      return { secret, ...(await totpEnrolment(secret, await instanceName(), row.email)) };
    },

    /** Turns it on with a first code from the new app; answers the recovery codes, once. */
    async enable(userId: string, code: string): Promise<string[]> {
      const row = await account(userId);
      if (row.totp_enabled_at !== null) throw errors.twoFactorState('Two-factor sign-in is already on.');
      if (row.totp_pending_sealed === null)
        throw errors.twoFactorState('Start the set-up first: it shows the code to scan.');
      const sealed = row.totp_pending_sealed;
      const step = await guarded(
        userId,
        () => acceptedTotpStep(seal.open(sealed), code.replace(/\s/g, ''), null, now()),
        errors.twoFactorCodeInvalid,
      );
      return storeNewRecoveryCodes(userId, { sealed, step });
    },

    async disable(userId: string, code: string): Promise<void> {
      await checkFactor(userId, code, true);
      await db.transaction().execute((trx) => repository.disable(trx, userId));
    },

    /** New codes for old: the unused ones stop working. Asks for a code from the app. */
    async renewRecoveryCodes(userId: string, code: string): Promise<string[]> {
      await checkFactor(userId, code, false);
      return storeNewRecoveryCodes(userId);
    },

    /** After the right password: a single-use challenge, good for the second step for 10 minutes. */
    async startLogIn(userId: string): Promise<string> {
      const challenge = randomBytes(CHALLENGE_BYTES).toString('base64url');
      await tokens.insert(challenge, userId, 'two-factor-login', now(), TWO_FACTOR_CHALLENGE_TTL_MS);
      return challenge;
    },

    /** The second step: the account the challenge was for, once the code is right. */
    async finishLogIn(challenge: string, code: string): Promise<string> {
      const found = await tokens.check(challenge, 'two-factor-login', now());
      if (found.state !== 'valid') throw errors.twoFactorChallengeInvalid();
      await checkFactor(found.userId, code, true);
      const used = await db
        .transaction()
        .execute((trx) =>
          createAccountTokensRepository(trx).consume(trx, challenge, found.userId, 'two-factor-login', now()),
        );
      if (!used) throw errors.twoFactorChallengeInvalid();
      return found.userId;
    },
  };
}

export type TwoFactorService = ReturnType<typeof createTwoFactorService>;

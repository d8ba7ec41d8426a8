import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import { PASSKEYS_PER_ACCOUNT_MAX } from '../../../common/contracts/limits';
import type {
  Passkey,
  passkeyLogInRequestSchema,
  passkeyRegisterRequestSchema,
} from '../../../common/contracts/passkeys';
import { z } from 'zod';
import { errors } from '../../errors';
import type { Db } from '../../platform/db/database';
import type { PasskeyChallengePurpose } from '../../platform/db/schema';
import type { RateLimiter } from '../../platform/rate-limit/rate-limiter';
import { createAccountTokensRepository, type UsersRepository } from '../users';
import type { PasswordHasher } from '../../platform/crypto/passwords';
import { PASSKEY_CHALLENGE_TTL_MS, PASSKEY_PROMPT_TIMEOUT_MS } from './passkeys.limits';
import { createPasskeysRepository, type StoredPasskey } from './passkeys.repository';
import type { RelyingParty } from './relying-party';

export interface PasskeysDeps {
  db: Db;
  users: Pick<UsersRepository, 'findById'>;
  relyingParty: RelyingParty;
  /** Shown in the browser's passkey prompt. */
  instanceName: () => Promise<string>;
  /** Wrong passwords when adding or removing a passkey, counted with two-factor's wrong codes. */
  failures: RateLimiter;
  passwords: Pick<PasswordHasher, 'verify'>;
  now?: () => number;
}

type PasskeyRegistration = z.output<typeof passkeyRegisterRequestSchema>;
type PasskeyLogIn = z.output<typeof passkeyLogInRequestSchema>;

/** The challenge the browser signed, read from its client data; the verification checks it again. */
const clientDataSchema = z.object({ challenge: z.string().max(512) });
function signedChallenge(clientDataJSON: string): string {
  try {
    const parsed = clientDataSchema.safeParse(
      JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString()),
    );
    if (parsed.success) return parsed.data.challenge;
  } catch {
    // Not JSON: answered as any other request that matches no challenge.
  }
  throw errors.passkeyRequestInvalid();
}

function present(passkey: StoredPasskey): Passkey {
  return {
    id: passkey.id,
    name: passkey.name,
    createdAt: new Date(passkey.createdAt).toISOString(),
    lastUsedAt: passkey.lastUsedAt === null ? null : new Date(passkey.lastUsedAt).toISOString(),
    synced: passkey.synced,
  };
}

/**
 * Passkeys: added and removed in settings (with the password), used to log in without a password
 * (the passkey itself asks for the device's PIN or biometrics), or as the second step after the
 * password where two-factor sign-in is on. Each challenge works once, for one purpose.
 */
export function createPasskeysService(deps: PasskeysDeps) {
  const { db, users, relyingParty, instanceName, failures, passwords, now = Date.now } = deps;
  const repository = createPasskeysRepository(db);
  const tokens = createAccountTokensRepository(db);

  async function checkPassword(userId: string, password: string): Promise<void> {
    const account = await users.findById(userId);
    if (!account) throw errors.unauthenticated();
    const state = await failures.peek(userId);
    if (!state.allowed) throw errors.rateLimited(state.retryAfterSeconds);
    if (!(await passwords.verify(password, account.password_hash))) {
      await failures.consume(userId);
      throw errors.wrongPassword('currentPassword');
    }
  }

  async function takeChallenge(clientDataJSON: string, purpose: PasskeyChallengePurpose) {
    const challenge = signedChallenge(clientDataJSON);
    const taken = await repository.takeChallenge(challenge, purpose, now());
    if (!taken) throw errors.passkeyRequestInvalid();
    return { challenge, userId: taken.userId };
  }

  /** The account a two-factor challenge (from the right password) is for, if it is still good. */
  async function secondStepAccount(twoFactorChallenge: string): Promise<string> {
    const found = await tokens.check(twoFactorChallenge, 'two-factor-login', now());
    if (found.state !== 'valid') throw errors.twoFactorChallengeInvalid();
    return found.userId;
  }

  return {
    async list(userId: string): Promise<Passkey[]> {
      return (await repository.listFor(userId)).map(present);
    },

    async has(userId: string): Promise<boolean> {
      return (await repository.count(userId)) > 0;
    },

    /** The browser's prompt to make a new passkey for this account; needs the password. */
    async registrationOptions(userId: string, password: string) {
      await checkPassword(userId, password);
      const account = await users.findById(userId);
      if (!account) throw errors.unauthenticated();
      const existing = await repository.listFor(userId);
      if (existing.length >= PASSKEYS_PER_ACCOUNT_MAX) throw errors.passkeyLimitReached();
      const options = await generateRegistrationOptions({
        rpName: await instanceName(),
        rpID: relyingParty.id,
        userID: new TextEncoder().encode(account.id),
        userName: account.handle,
        userDisplayName: account.display_name,
        timeout: PASSKEY_PROMPT_TIMEOUT_MS,
        attestationType: 'none',
        // The same authenticator twice would be one key under two names.
        excludeCredentials: existing.map(({ id, transports }) => ({ id, transports })),
        // Stored on the authenticator, so it can log in without the handle being typed.
        authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
      });
      await repository.rememberChallenge(
        options.challenge,
        userId,
        'register',
        now(),
        PASSKEY_CHALLENGE_TTL_MS,
      );
      return { options };
    },

    async register(userId: string, input: PasskeyRegistration): Promise<Passkey> {
      const { challenge, userId: madeFor } = await takeChallenge(
        input.credential.response.clientDataJSON,
        'register',
      );
      if (madeFor !== userId) throw errors.passkeyRequestInvalid();
      const verification = await verifyRegistrationResponse({
        response: input.credential,
        expectedChallenge: challenge,
        expectedOrigin: relyingParty.origin,
        expectedRPID: relyingParty.id,
        requireUserVerification: false,
      }).catch(() => ({ verified: false as const }));
      if (!verification.verified) throw errors.passkeyNotVerified();
      if ((await repository.count(userId)) >= PASSKEYS_PER_ACCOUNT_MAX) throw errors.passkeyLimitReached();
      const { credential, credentialBackedUp } = verification.registrationInfo;
      const stored: StoredPasskey = {
        id: credential.id,
        userId,
        publicKey: credential.publicKey,
        counter: credential.counter,
        transports: input.credential.response.transports,
        name: input.name,
        synced: credentialBackedUp,
        createdAt: now(),
        lastUsedAt: null,
      };
      // A credential ID is the authenticator's: one already stored is refused by the key.
      if (await repository.find(stored.id)) throw errors.passkeyNotVerified();
      await repository.insert(stored);
      return present(stored);
    },

    async remove(userId: string, id: string, password: string): Promise<void> {
      await checkPassword(userId, password);
      if (!(await repository.remove(userId, id))) throw errors.notFound('No such passkey.');
    },

    /**
     * The browser's prompt to log in: any passkey of this site (a passkey alone), or, as the second
     * step after the password, one of that account's passkeys.
     */
    async logInOptions(twoFactorChallenge: string | undefined) {
      const userId = twoFactorChallenge === undefined ? null : await secondStepAccount(twoFactorChallenge);
      const allowed = userId === null ? [] : await repository.listFor(userId);
      const options = await generateAuthenticationOptions({
        rpID: relyingParty.id,
        timeout: PASSKEY_PROMPT_TIMEOUT_MS,
        allowCredentials: allowed.map(({ id, transports }) => ({ id, transports })),
        // Alone, the passkey stands for the password too: the device must check who holds it.
        userVerification: userId === null ? 'required' : 'preferred',
      });
      const purpose = userId === null ? 'log-in' : 'second-step';
      await repository.rememberChallenge(options.challenge, userId, purpose, now(), PASSKEY_CHALLENGE_TTL_MS);
      return { options };
    },

    /** The account the browser's answer proves, once; a second step also uses up its challenge. */
    async logIn(input: PasskeyLogIn): Promise<string> {
      const secondStep = input.twoFactorChallenge;
      const purpose = secondStep === undefined ? 'log-in' : 'second-step';
      const { challenge, userId: madeFor } = await takeChallenge(
        input.credential.response.clientDataJSON,
        purpose,
      );
      const passkey = await repository.find(input.credential.id);
      // An unknown passkey and a wrong signature answer alike: neither tells who has an account.
      if (!passkey || (madeFor !== null && madeFor !== passkey.userId)) throw errors.passkeyNotVerified();
      const verification = await verifyAuthenticationResponse({
        response: input.credential,
        expectedChallenge: challenge,
        expectedOrigin: relyingParty.origin,
        expectedRPID: relyingParty.id,
        credential: {
          id: passkey.id,
          publicKey: passkey.publicKey,
          counter: passkey.counter,
          transports: passkey.transports,
        },
        requireUserVerification: purpose === 'log-in',
      }).catch(() => ({ verified: false as const }));
      if (!verification.verified) throw errors.passkeyNotVerified();
      if (secondStep !== undefined) {
        if ((await secondStepAccount(secondStep)) !== passkey.userId) throw errors.passkeyNotVerified();
        const used = await db
          .transaction()
          .execute((trx) =>
            createAccountTokensRepository(trx).consume(
              trx,
              secondStep,
              passkey.userId,
              'two-factor-login',
              now(),
            ),
          );
        if (!used) throw errors.twoFactorChallengeInvalid();
      }
      const { newCounter, credentialBackedUp } = verification.authenticationInfo;
      await repository.recordUse(passkey.id, newCounter, credentialBackedUp, now());
      return passkey.userId;
    },
  };
}

export type PasskeysService = ReturnType<typeof createPasskeysService>;

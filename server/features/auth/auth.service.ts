import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { LogInRequest, SignUpRequest } from '../../../common/contracts/auth';
import { SIGN_UP_TAKEN } from '../../../common/contracts/sign-up-taken';
import type { passkeyLogInRequestSchema } from '../../../common/contracts/passkeys';
import type { TwoFactorLogInRequest } from '../../../common/contracts/two-factor';
import { errors } from '../../errors';
import type { PasswordHasher } from '../../platform/crypto/passwords';
import { isUniqueViolation } from '../../platform/db/db-errors';
import type { RateLimiter } from '../../platform/rate-limit/rate-limiter';
import type { RegistrationService } from '../registration';
import { isSuspended, type UserRow, type UsersRepository } from '../users';
import { SESSION_TOUCH_INTERVAL_MS, SESSION_TTL_MS } from './auth.limits';
import { newSessionToken, sessionIdFor } from './session-token';
import type { SessionsRepository, SessionWithUser } from './sessions.repository';
import type { PasskeysService } from './passkeys.service';
import type { TwoFactorService } from './two-factor.service';

export interface AuthLimiters {
  loginPerIp: RateLimiter;
  loginFailuresPerAccount: RateLimiter;
  signUpPerIp: RateLimiter;
}

export interface AuthServiceDeps {
  users: UsersRepository;
  sessions: SessionsRepository;
  /** The second step of logging in, where the account has turned it on. */
  twoFactor: Pick<TwoFactorService, 'isEnabled' | 'startLogIn' | 'finishLogIn'>;
  /** Logging in with a passkey, alone or as the second step. */
  passkeys: Pick<PasskeysService, 'has' | 'logIn'>;
  /** Whether the instance lets this sign-up in, and how (at once, or as an application). */
  registration: Pick<RegistrationService, 'admit' | 'giveBack'>;
  limiters: AuthLimiters;
  passwords: PasswordHasher;
  sessionSecret: string;
  /** Runs once a new account is stored, before its session starts (the admin seat). */
  onAccountCreated?: (userId: string) => Promise<unknown>;
  now?: () => number;
}

export interface ClientMeta {
  ip: string;
  userAgent: string;
}

export interface SignedIn {
  user: UserRow;
  token: string;
}

/** The right password: signed in, or (the account uses two-factor sign-in) a challenge for the second step. */
export type LoggedIn = SignedIn | { user: UserRow; twoFactorChallenge: string; secondStepPasskey: boolean };

/** A new account: signed in, or (token null) waiting for an admin's approval, without a session. */
export interface SignedUp {
  user: UserRow;
  token: string | null;
}

type PasskeyLogIn = z.output<typeof passkeyLogInRequestSchema>;

const USER_AGENT_MAX_LENGTH = 512;

export function createAuthService(deps: AuthServiceDeps) {
  const now = deps.now ?? Date.now;

  async function startSession(user: UserRow, meta: ClientMeta): Promise<SignedIn> {
    const token = newSessionToken();
    const at = now();
    await deps.sessions.insert({
      id: sessionIdFor(token, deps.sessionSecret),
      user_id: user.id,
      created_at: at,
      last_seen_at: at,
      expires_at: at + SESSION_TTL_MS,
      user_agent: meta.userAgent.slice(0, USER_AGENT_MAX_LENGTH),
      ip: meta.ip,
    });
    return { user, token };
  }

  async function ensureAvailable(input: SignUpRequest): Promise<void> {
    const [byEmail, byHandle] = await Promise.all([
      deps.users.findByEmail(input.email),
      deps.users.findByHandle(input.handle),
    ]);
    const fields: Record<string, string> = {};
    if (byEmail) fields.email = SIGN_UP_TAKEN.email;
    if (byHandle) fields.handle = SIGN_UP_TAKEN.handle;
    if (Object.keys(fields).length > 0) throw errors.accountExists(fields);
  }

  return {
    async signUp(input: SignUpRequest, meta: ClientMeta): Promise<SignedUp> {
      await limitOrThrow(deps.limiters.signUpPerIp, meta.ip);
      await ensureAvailable(input);
      const admission = await deps.registration.admit(input);
      const at = now();
      const user: UserRow = {
        id: randomUUID(),
        email: input.email.toLowerCase(),
        handle: input.handle,
        handle_key: input.handle.toLowerCase(),
        display_name: input.displayName,
        password_hash: await deps.passwords.hash(input.password),
        created_at: at,
        suspended_at: null,
        bio: '',
        avatar_media_id: null,
        avatar_json: null,
        email_confirmed_at: null,
        pending_email: null,
        applied_at: admission.application ? at : null,
        application_reason: admission.application?.reason ?? null,
        invited_by: admission.invite?.createdBy ?? null,
        totp_secret_sealed: null,
        totp_pending_sealed: null,
        totp_enabled_at: null,
        totp_last_step: null,
        email_on_mention: 1,
        email_on_reply: 1,
        locked: 0,
        push_on_mention: 1,
        push_on_reply: 1,
        push_on_like: 1,
        push_on_repost: 1,
        push_on_follow: 1,
      };
      try {
        await deps.users.insert(user);
      } catch (error) {
        await deps.registration.giveBack(admission);
        // Two sign-ups raced past ensureAvailable: the unique index decides, the check explains.
        if (isUniqueViolation(error)) await ensureAvailable(input);
        throw error;
      }
      await deps.onAccountCreated?.(user.id);
      if (admission.application) return { user, token: null };
      return startSession(user, meta);
    },

    async logIn(input: LogInRequest, meta: ClientMeta): Promise<LoggedIn> {
      await limitOrThrow(deps.limiters.loginPerIp, meta.ip);
      const login = input.login.replace(/^@/, '').toLowerCase();
      const accountKey = `account:${login}`;
      const accountState = await deps.limiters.loginFailuresPerAccount.peek(accountKey);
      if (!accountState.allowed) throw errors.rateLimited(accountState.retryAfterSeconds);
      const user = login.includes('@')
        ? await deps.users.findByEmail(login)
        : await deps.users.findByHandle(login);
      const isValid = user ? await deps.passwords.verify(input.password, user.password_hash) : false;
      if (!user) await deps.passwords.spendDecoyVerification(input.password);
      if (!user || !isValid) {
        await deps.limiters.loginFailuresPerAccount.consume(accountKey);
        throw errors.invalidCredentials();
      }
      await deps.limiters.loginFailuresPerAccount.reset(accountKey);
      // Told only after the right password, so the state of an account is not for anyone to probe.
      if (isSuspended(user)) throw accountSuspended();
      if (user.applied_at !== null) throw errors.accountPending();
      if (await deps.twoFactor.isEnabled(user.id))
        return {
          user,
          twoFactorChallenge: await deps.twoFactor.startLogIn(user.id),
          secondStepPasskey: await deps.passkeys.has(user.id),
        };
      return startSession(user, meta);
    },

    /** The second step: a code for the challenge the right password earned. */
    async logInTwoFactor(input: TwoFactorLogInRequest, meta: ClientMeta): Promise<SignedIn> {
      await limitOrThrow(deps.limiters.loginPerIp, meta.ip);
      const userId = await deps.twoFactor.finishLogIn(input.challenge, input.code);
      const user = await deps.users.findById(userId);
      if (!user) throw errors.twoFactorChallengeInvalid();
      if (isSuspended(user)) throw accountSuspended();
      return startSession(user, meta);
    },

    /** A passkey alone, or as the second step: the passkey's account, in the same states a password admits. */
    async logInPasskey(input: PasskeyLogIn, meta: ClientMeta): Promise<SignedIn> {
      await limitOrThrow(deps.limiters.loginPerIp, meta.ip);
      const user = await deps.users.findById(await deps.passkeys.logIn(input));
      // Deleted since: its passkeys went with it, so only a race ends here.
      if (!user) throw errors.passkeyNotVerified();
      if (isSuspended(user)) throw accountSuspended();
      if (user.applied_at !== null) throw errors.accountPending();
      return startSession(user, meta);
    },

    /** Every passkey prompt takes a challenge the database keeps: limited like attempts to log in. */
    async passkeyPrompt(meta: ClientMeta): Promise<void> {
      await limitOrThrow(deps.limiters.loginPerIp, meta.ip);
    },

    async logOut(sessionId: string): Promise<void> {
      await deps.sessions.delete(sessionId);
    },

    /** The user behind a cookie token, or null when it is unknown, expired or revoked. */
    async authenticate(token: string): Promise<{ sessionId: string; user: SessionWithUser['user'] } | null> {
      const sessionId = sessionIdFor(token, deps.sessionSecret);
      const session = await deps.sessions.findWithUser(sessionId);
      const at = now();
      if (!session) return null;
      if (session.expires_at <= at) {
        await deps.sessions.delete(sessionId);
        return null;
      }
      // A suspension ends each session at its next use: refused once with a clear code, then gone.
      if (isSuspended(session.user)) {
        await deps.sessions.delete(sessionId);
        throw accountSuspended();
      }
      if (at - session.last_seen_at > SESSION_TOUCH_INTERVAL_MS) {
        await deps.sessions.touch(sessionId, at, at + SESSION_TTL_MS);
      }
      return { sessionId, user: session.user };
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;

function accountSuspended() {
  return errors.accountSuspended();
}

export async function limitOrThrow(limiter: RateLimiter, key: string): Promise<void> {
  const decision = await limiter.consume(key);
  if (!decision.allowed) throw errors.rateLimited(decision.retryAfterSeconds);
}

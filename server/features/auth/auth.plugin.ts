import { createTextSeal } from '../../platform/crypto/sealed-text';
import type { Platform } from '../../platform/platform';
import type { RegistrationFeature } from '../registration';
import type { UsersFeature } from '../users';
import { AUTH_RATE_RULES } from './auth.limits';
import { registerAuthRoutes } from './auth.routes';
import { type AuthService, createAuthService } from './auth.service';
import { registerPasskeyRoutes } from './passkeys.routes';
import { createPasskeysService } from './passkeys.service';
import { relyingPartyOf } from './relying-party';
import { createSessionCookie, type SessionCookie } from './session-cookie';
import { installSessionHook } from './session.hook';
import { createSessionsRepository } from './sessions.repository';
import { TWO_FACTOR_FAILURES_PER_ACCOUNT } from './two-factor.limits';
import { registerTwoFactorRoutes } from './two-factor.routes';
import { createTwoFactorService } from './two-factor.service';

export interface AuthFeature {
  service: AuthService;
  cookie: SessionCookie;
}

/**
 * Sign-up, log-in and sessions. Installs the session hook on every request, so app.ts builds it
 * before the API's guards, which read the session it resolves. A new account is announced as
 * `account.created` (the founder seat listens).
 */
export function authFeature(
  platform: Platform,
  { users, registration }: { users: UsersFeature; registration: RegistrationFeature },
): AuthFeature {
  const { app, config, db, events, instance, passwords, rateLimiter } = platform;
  const cookie = createSessionCookie(config.isSecure);
  // Wrong codes and wrong passwords at a change of sign-in count together, per account.
  const twoFactorFailures = rateLimiter(TWO_FACTOR_FAILURES_PER_ACCOUNT);
  const twoFactor = createTwoFactorService({
    db,
    seal: createTextSeal(config.sessionSecret, 'totp-secret'),
    sessionSecret: config.sessionSecret,
    failures: twoFactorFailures,
    passwords,
    instanceName: async () => (await instance.current()).name,
  });
  const passkeys = createPasskeysService({
    db,
    users: users.repository,
    relyingParty: relyingPartyOf(config.publicUrl),
    instanceName: async () => (await instance.current()).name,
    failures: twoFactorFailures,
    passwords,
  });
  const service = createAuthService({
    twoFactor,
    passkeys,
    users: users.repository,
    sessions: createSessionsRepository(db),
    registration: registration.service,
    passwords,
    sessionSecret: config.sessionSecret,
    onAccountCreated: (userId) => events.emit('account.created', { userId }),
    limiters: {
      loginPerIp: rateLimiter(AUTH_RATE_RULES.loginPerIp),
      loginFailuresPerAccount: rateLimiter(AUTH_RATE_RULES.loginFailuresPerAccount),
      signUpPerIp: rateLimiter(AUTH_RATE_RULES.signUpPerIp),
    },
  });
  installSessionHook(app, service, cookie, users.presentCurrent);
  platform.apiRoutes((api) => {
    registerAuthRoutes(api, { auth: service, cookie, present: users.presentCurrent, passkeys });
    registerTwoFactorRoutes(api, { twoFactor, users: users.repository });
    registerPasskeyRoutes(api, { passkeys });
  });
  return { service, cookie };
}

import type { FastifyInstance, FastifyRequest } from 'fastify';
import { routes } from '../../../common/api/routes';
import { defineRoute } from '../../http/route-table';
import type { UsersFeature } from '../users';
import { requireUser } from './auth.guard';
import type { AuthService, ClientMeta } from './auth.service';
import type { PasskeysService } from './passkeys.service';
import type { SessionCookie } from './session-cookie';

export interface AuthRoutesDeps {
  auth: AuthService;
  cookie: SessionCookie;
  present: UsersFeature['presentCurrent'];
  passkeys: Pick<PasskeysService, 'logInOptions'>;
}

function clientMeta(request: FastifyRequest): ClientMeta {
  return { ip: request.ip, userAgent: request.headers['user-agent'] ?? '' };
}

export function registerAuthRoutes(
  app: FastifyInstance,
  { auth, cookie, present, passkeys }: AuthRoutesDeps,
): void {
  const isPublic = { config: { isPublic: true } };

  defineRoute(app, routes['auth.signUp'], isPublic, async (request, reply, input) => {
    const { user, token } = await auth.signUp(input.body(), clientMeta(request));
    request.log.info({ userId: user.id, pendingApproval: token === null }, 'account created');
    if (token === null) return { user: null, pendingApproval: true };
    cookie.set(reply, token);
    return { user: present(user), pendingApproval: false };
  });

  defineRoute(app, routes['auth.logIn'], isPublic, async (request, reply, input) => {
    const loggedIn = await auth.logIn(input.body(), clientMeta(request));
    if ('twoFactorChallenge' in loggedIn) {
      const { twoFactorChallenge, secondStepPasskey } = loggedIn;
      return { user: null, twoFactorChallenge, secondStepPasskey };
    }
    cookie.set(reply, loggedIn.token);
    return { user: present(loggedIn.user), twoFactorChallenge: null, secondStepPasskey: false };
  });

  defineRoute(app, routes['auth.passkeyOptions'], isPublic, async (request, _reply, input) => {
    await auth.passkeyPrompt(clientMeta(request));
    return passkeys.logInOptions(input.body().twoFactorChallenge);
  });

  defineRoute(app, routes['auth.logInPasskey'], isPublic, async (request, reply, input) => {
    const { user, token } = await auth.logInPasskey(input.body(), clientMeta(request));
    request.log.info({ userId: user.id }, 'logged in with a passkey');
    cookie.set(reply, token);
    return { user: present(user) };
  });

  defineRoute(app, routes['auth.logInTwoFactor'], isPublic, async (request, reply, input) => {
    const { user, token } = await auth.logInTwoFactor(input.body(), clientMeta(request));
    cookie.set(reply, token);
    return { user: present(user) };
  });

  defineRoute(app, routes['auth.logOut'], async (request, reply) => {
    requireUser(request);
    if (request.sessionId) await auth.logOut(request.sessionId);
    cookie.clear(reply);
  });

  defineRoute(app, routes['auth.me'], async (request) => ({ user: request.user }));
}

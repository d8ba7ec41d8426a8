import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  type CurrentUserResponse,
  logInRequestSchema,
  signUpRequestSchema,
} from '../../../common/contracts/auth';
import { parseInput } from '../../http/parse-input';
import { presentCurrentUser } from '../users';
import { requireUser } from './auth.guard';
import type { AuthService, ClientMeta } from './auth.service';
import type { SessionCookie } from './session-cookie';

export interface AuthRoutesDeps {
  auth: AuthService;
  cookie: SessionCookie;
}

function clientMeta(request: FastifyRequest): ClientMeta {
  return { ip: request.ip, userAgent: request.headers['user-agent'] ?? '' };
}

export function registerAuthRoutes(app: FastifyInstance, { auth, cookie }: AuthRoutesDeps): void {
  app.post('/auth/signup', { config: { isPublic: true } }, async (request, reply) => {
    const input = parseInput(signUpRequestSchema, request.body);
    const { user, token } = await auth.signUp(input, clientMeta(request));
    cookie.set(reply, token);
    request.log.info({ userId: user.id }, 'account created');
    const body: CurrentUserResponse = { user: presentCurrentUser(user) };
    return reply.status(201).send(body);
  });

  app.post('/auth/login', { config: { isPublic: true } }, async (request, reply) => {
    const input = parseInput(logInRequestSchema, request.body);
    const { user, token } = await auth.logIn(input, clientMeta(request));
    cookie.set(reply, token);
    const body: CurrentUserResponse = { user: presentCurrentUser(user) };
    return reply.send(body);
  });

  app.post('/auth/logout', async (request, reply) => {
    requireUser(request);
    if (request.sessionId) await auth.logOut(request.sessionId);
    cookie.clear(reply);
    return reply.status(204).send();
  });

  app.get('/auth/me', async (request) => {
    const body: CurrentUserResponse = { user: request.user };
    return body;
  });
}

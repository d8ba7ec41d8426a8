import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  changeEmailRequestSchema,
  changePasswordRequestSchema,
  type CurrentUserResponse,
  deleteAccountRequestSchema,
} from '../../../common/contracts/auth';
import {
  type RevokedSessionsResponse,
  sessionIdParamSchema,
  type SessionsResponse,
  updateProfileRequestSchema,
} from '../../../common/contracts/users';
import { errors } from '../../errors';
import { parseInput } from '../../http/parse-input';
import { requireUser, type SessionCookie, type SessionUser } from '../auth';
import { readUpload, registerImageMultipart } from '../media';
import type { AccountService } from './account.service';

/** A session-cookie request always has both; the guard makes that a 401 otherwise. */
function requireSession(request: FastifyRequest): { user: SessionUser; sessionId: string } {
  const user = requireUser(request);
  const { sessionId } = request;
  if (sessionId === null) throw errors.unauthenticated();
  return { user, sessionId };
}

export function registerAccountRoutes(
  api: FastifyInstance,
  { account, cookie }: { account: AccountService; cookie: SessionCookie },
): void {
  api.patch('/me/profile', async (request) => {
    const { user } = requireSession(request);
    const changes = parseInput(updateProfileRequestSchema, request.body);
    const body: CurrentUserResponse = { user: await account.updateProfile(user.id, changes) };
    return body;
  });

  void api.register(async (uploads) => {
    await registerImageMultipart(uploads);
    uploads.put('/me/avatar', async (request) => {
      const { user } = requireSession(request);
      if (!request.isMultipart()) throw errors.unsupportedMediaType();
      const body: CurrentUserResponse = {
        user: await account.setAvatar(user.id, () => readUpload(request, uploads)),
      };
      return body;
    });
  });

  api.delete('/me/avatar', async (request) => {
    const { user } = requireSession(request);
    const body: CurrentUserResponse = { user: await account.removeAvatar(user.id) };
    return body;
  });

  api.post('/me/email', async (request) => {
    const { user } = requireSession(request);
    const input = parseInput(changeEmailRequestSchema, request.body);
    const body: CurrentUserResponse = { user: await account.changeEmail(user.id, input) };
    return body;
  });

  api.post('/me/password', async (request) => {
    const { user, sessionId } = requireSession(request);
    const input = parseInput(changePasswordRequestSchema, request.body);
    const body: RevokedSessionsResponse = {
      revoked: await account.changePassword(user.id, sessionId, input),
    };
    return body;
  });

  api.get('/me/sessions', async (request) => {
    const { user, sessionId } = requireSession(request);
    const body: SessionsResponse = { sessions: await account.sessions(user.id, sessionId) };
    return body;
  });

  api.delete('/me/sessions/:id', async (request, reply) => {
    const { user, sessionId } = requireSession(request);
    const { id } = parseInput(sessionIdParamSchema, request.params);
    await account.revokeSession(user.id, id);
    if (id === sessionId) cookie.clear(reply);
    return reply.status(204).send();
  });

  api.delete('/me/sessions', async (request) => {
    const { user, sessionId } = requireSession(request);
    const body: RevokedSessionsResponse = { revoked: await account.revokeOtherSessions(user.id, sessionId) };
    return body;
  });

  api.delete('/me', async (request, reply) => {
    const { user } = requireSession(request);
    const { password } = parseInput(deleteAccountRequestSchema, request.body);
    await account.deleteAccount(user.id, password);
    request.log.info({ userId: user.id }, 'account deleted');
    cookie.clear(reply);
    return reply.status(204).send();
  });
}

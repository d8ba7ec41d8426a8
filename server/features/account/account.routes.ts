import type { FastifyInstance } from 'fastify';
import { routes } from '../../../common/api/routes';
import { errors } from '../../errors';
import { defineRoute } from '../../http/route-table';
import { requireSession, type SessionCookie } from '../auth';
import { readUpload, registerImageMultipart } from '../media';
import type { AccountService } from './account.service';

export function registerAccountRoutes(
  api: FastifyInstance,
  { account, cookie }: { account: AccountService; cookie: SessionCookie },
): void {
  defineRoute(api, routes['account.updateProfile'], async (request, _reply, input) => {
    const { user } = requireSession(request);
    return { user: await account.updateProfile(user.id, input.body()) };
  });

  void api.register(async (uploads) => {
    await registerImageMultipart(uploads);
    defineRoute(uploads, routes['account.setAvatar'], async (request) => {
      const { user } = requireSession(request);
      if (!request.isMultipart()) throw errors.unsupportedMediaType();
      return { user: await account.setAvatar(user.id, () => readUpload(request, uploads)) };
    });
  });

  defineRoute(api, routes['account.removeAvatar'], async (request) => {
    const { user } = requireSession(request);
    return { user: await account.removeAvatar(user.id) };
  });

  defineRoute(api, routes['account.changeEmail'], async (request, _reply, input) => {
    const { user } = requireSession(request);
    return { user: await account.changeEmail(user.id, input.body()) };
  });

  defineRoute(api, routes['account.changePassword'], async (request, _reply, input) => {
    const { user, sessionId } = requireSession(request);
    return { revoked: await account.changePassword(user.id, sessionId, input.body()) };
  });

  defineRoute(api, routes['account.sessions'], async (request) => {
    const { user, sessionId } = requireSession(request);
    return { sessions: await account.sessions(user.id, sessionId) };
  });

  defineRoute(api, routes['account.revokeSession'], async (request, reply, input) => {
    const { user, sessionId } = requireSession(request);
    const { id } = input.params();
    await account.revokeSession(user.id, id);
    if (id === sessionId) cookie.clear(reply);
  });

  defineRoute(api, routes['account.revokeOtherSessions'], async (request) => {
    const { user, sessionId } = requireSession(request);
    return { revoked: await account.revokeOtherSessions(user.id, sessionId) };
  });

  defineRoute(api, routes['account.delete'], async (request, reply, input) => {
    const { user } = requireSession(request);
    const { password } = input.body();
    await account.deleteAccount(user.id, password);
    request.log.info({ userId: user.id }, 'account deleted');
    cookie.clear(reply);
  });
}

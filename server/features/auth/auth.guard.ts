import type { FastifyRequest } from 'fastify';
import type { CurrentUser } from '../../../common/contracts/auth';
import { errors } from '../../errors';

/** The signed-in user as every route sees it; set by the session hook. */
export type SessionUser = CurrentUser;

declare module 'fastify' {
  interface FastifyRequest {
    user: SessionUser | null;
    sessionId: string | null;
  }
}

/** The current user, or a 401 for routes that need one. */
export function requireUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw errors.unauthenticated();
  return request.user;
}

/** The current user, if the account may publish: posts, replies and their images. */
export function requirePoster(request: FastifyRequest): SessionUser {
  const user = requireUser(request);
  if (!user.canPost) throw errors.emailUnconfirmed();
  return user;
}

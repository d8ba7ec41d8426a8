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

/**
 * The current user and the session the request came with: what belongs to one device (its
 * sessions list entry, its push subscription). A session-cookie request always has both.
 */
export function requireSession(request: FastifyRequest): { user: SessionUser; sessionId: string } {
  const user = requireUser(request);
  const { sessionId } = request;
  if (sessionId === null) throw errors.unauthenticated();
  return { user, sessionId };
}

/** The current user, if the account may publish: posts, replies and their images. */
export function requirePoster(request: FastifyRequest): SessionUser {
  const user = requireUser(request);
  if (!user.canPost) throw errors.emailUnconfirmed();
  return user;
}

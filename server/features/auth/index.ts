/** The auth feature's public face: what other features may use of it. */
export { requirePoster, requireSession, requireUser, type SessionUser } from './auth.guard';
export { type AuthService, limitOrThrow } from './auth.service';
export type { SessionCookie } from './session-cookie';
export { createSessionsRepository } from './sessions.repository';
export type { AuthFeature } from './auth.plugin';

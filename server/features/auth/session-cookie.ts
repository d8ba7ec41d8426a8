import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_TTL_MS } from './auth.limits';

/**
 * HttpOnly so script cannot read it, SameSite=Lax so cross-site POSTs do not carry it. Under
 * https the __Host- prefix pins it to this origin (Secure, Path=/, no Domain).
 */
export function createSessionCookie(isSecure: boolean) {
  const name = isSecure ? '__Host-tidings_session' : 'tidings_session';
  const options = { httpOnly: true, sameSite: 'lax', secure: isSecure, path: '/' } as const;
  return {
    name,
    read(request: FastifyRequest): string | undefined {
      return request.cookies[name];
    },
    set(reply: FastifyReply, token: string): void {
      void reply.setCookie(name, token, { ...options, maxAge: Math.floor(SESSION_TTL_MS / 1000) });
    },
    clear(reply: FastifyReply): void {
      void reply.clearCookie(name, options);
    },
  };
}

export type SessionCookie = ReturnType<typeof createSessionCookie>;

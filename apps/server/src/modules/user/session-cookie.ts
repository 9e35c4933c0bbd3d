import type { FastifyReply } from 'fastify';
import type { Config } from '../../config.ts';
import { SESSION_COOKIE } from '../../platform/session-store.ts';

/** The session cookie: HttpOnly (no script reads it), SameSite=Lax, Secure behind HTTPS, scoped to the base path. */
function cookieOptions(config: Config) {
  return {
    path: config.basePath || '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: config.cookieSecure,
  };
}

export function setSessionCookie(reply: FastifyReply, config: Config, token: string): void {
  reply.setCookie(SESSION_COOKIE, token, { ...cookieOptions(config), maxAge: Math.floor(config.sessionMaxMs / 1000) });
}

export function clearSessionCookie(reply: FastifyReply, config: Config): void {
  reply.clearCookie(SESSION_COOKIE, cookieOptions(config));
}

import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * XSRF double-submit: the server sets a readable XSRF-TOKEN cookie; a state-changing call must echo it in the
 * X-XSRF-TOKEN header. Another site can make the browser send the cookie but cannot read it to set the header.
 */
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';

export function ensureXsrfCookie(request: FastifyRequest, reply: FastifyReply, cookiePath: string, secure: boolean) {
  if (request.cookies[XSRF_COOKIE]) return;
  reply.setCookie(XSRF_COOKIE, randomBytes(24).toString('base64url'), {
    path: cookiePath,
    sameSite: 'lax',
    httpOnly: false,
    secure,
  });
}

export function hasValidXsrfToken(request: FastifyRequest): boolean {
  const cookie = request.cookies[XSRF_COOKIE];
  const header = request.headers[XSRF_HEADER];
  if (!cookie || typeof header !== 'string') return false;
  const a = Buffer.from(cookie);
  const b = Buffer.from(header);
  return a.length === b.length && timingSafeEqual(a, b);
}

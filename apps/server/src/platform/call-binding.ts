import { type CallDef, callPath } from '@opex/contract/call';
import { ErrorCode } from '@opex/contract/error-codes';
import { describeIssues, validationLocale } from '@opex/contract/validation-messages';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { CallError } from './call-error.ts';
import { reply as envelope } from './envelope.ts';
import { type ActiveSession, SESSION_COOKIE, type SessionStore } from './session-store.ts';
import { hasValidXsrfToken } from './xsrf.ts';

/** What binding a call needs of the composition root's services: sessions, and whether to check replies. */
export interface CallBindingServices {
  sessions: SessionStore;
  /** Replies are checked against their contract schema (tests turn this on). */
  checkReplies: boolean;
}

export interface CallContext {
  request: FastifyRequest;
  reply: FastifyReply;
  /** The client address (the forwarded one only from a trusted proxy). */
  ip: string;
  /** The language cookie, default en_US. */
  lang: string;
  session: ActiveSession | null;
}

export interface LoggedInContext extends CallContext {
  session: ActiveSession;
  userId: number;
}

/** The caller as the security history records it: its address and browser, cut to their columns. */
export function clientOf(ctx: CallContext): { ip: string; userAgent: string } {
  return { ip: ctx.ip.slice(0, 64), userAgent: String(ctx.request.headers['user-agent'] ?? '').slice(0, 300) };
}

type ContextFor<C extends CallDef> = C['access'] extends 'login' ? LoggedInContext : CallContext;

export type CallHandler<C extends CallDef> = (
  input: z.output<C['request']>,
  ctx: ContextFor<C>,
) => Promise<z.input<C['reply']>>;

/** Binds a contract call to its handler: validation, XSRF, session, envelope. Domain rules stay in the handler. */
export function bindCall<C extends CallDef>(
  app: FastifyInstance,
  services: CallBindingServices,
  call: C,
  handler: CallHandler<C>,
) {
  app.route({
    method: call.method,
    url: callPath(call),
    handler: async (request, reply) => {
      if (call.writes && !hasValidXsrfToken(request)) {
        throw new CallError(ErrorCode.xsrfRejected, undefined, 403);
      }
      const input = call.method === 'GET' ? request.query : (request.body ?? {});
      const parsed = call.request.safeParse(input, { reportInput: true });
      if (!parsed.success) {
        throw new CallError(ErrorCode.badRequest, describeIssues(parsed.error, requestLocale(request)), 400);
      }
      const token = request.cookies[SESSION_COOKIE];
      const session = token ? await services.sessions.resolve(token) : null;
      if (call.access === 'login' && !session) throw new CallError(ErrorCode.sessionEnded);
      const ctx: CallContext = {
        request,
        reply,
        ip: request.ip,
        lang: request.cookies.lan ?? 'en_US',
        session,
        ...(session ? { userId: session.userId } : {}),
      };
      const data = await handler(parsed.data as z.output<C['request']>, ctx as ContextFor<C>);
      if (services.checkReplies) call.reply.parse(data);
      return envelope(data);
    },
  });
}

/** The language a refusal is worded in: the `lan` cookie the web app sets, else the browser's Accept-Language. */
export function requestLocale(request: FastifyRequest) {
  return validationLocale(request.cookies.lan, request.headers['accept-language']);
}

import type { z } from 'zod';

/**
 * A call of the spec: its name as the spec spells it, the host type that prefixes it, its method,
 * who may make it, whether it changes state (and so needs the XSRF token), and its request and reply schemas.
 * The server validates with these schemas; the web client takes its types from them.
 */
export type Host = 'ex' | 'otc' | 'co' | 'increment' | 'financing';

export const hostPrefixes: Record<Host, string> = {
  ex: '/fe-ex-api',
  otc: '/fe-otc-api',
  co: '/fe-co-api',
  increment: '/fe-increment-api',
  financing: '/financing',
};

export type Access = 'public' | 'login';

export interface CallDef<
  Req extends z.ZodType = z.ZodType,
  Res extends z.ZodType = z.ZodType,
  A extends Access = Access,
> {
  name: string;
  host: Host;
  method: 'GET' | 'POST';
  access: A;
  /** State-changing calls need the XSRF double-submit token. */
  writes: boolean;
  request: Req;
  reply: Res;
}

export type CallRequest<C extends CallDef> = z.input<C['request']>;
export type CallReply<C extends CallDef> = z.output<C['reply']>;

export function defineCall<Req extends z.ZodType, Res extends z.ZodType, const A extends Access = 'public'>(def: {
  name: string;
  host?: Host;
  method?: 'GET' | 'POST';
  access?: A;
  writes?: boolean;
  request: Req;
  reply: Res;
}): CallDef<Req, Res, A> {
  return {
    host: 'ex',
    method: 'POST',
    access: 'public' as A,
    writes: false,
    ...def,
    name: def.name.replace(/^\//, ''),
  };
}

/** The path a call is served at, e.g. `/fe-ex-api/user/login_in`. */
export function callPath(call: Pick<CallDef, 'host' | 'name'>): string {
  return `${hostPrefixes[call.host]}/${call.name}`;
}

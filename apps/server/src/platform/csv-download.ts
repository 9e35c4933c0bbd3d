import { type CallDef, callPath } from '@opex/contract/call';
import { ErrorCode } from '@opex/contract/error-codes';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { CallBindingServices } from './call-binding.ts';
import { CallError } from './call-error.ts';
import { SESSION_COOKIE } from './session-store.ts';

/**
 * CSV files for the export calls: a header line and one line per row, CRLF-terminated (as spreadsheets expect),
 * fields quoted only when they hold a comma, quote or line break.
 */
export function csvDocument(header: readonly string[], rows: readonly (readonly (string | number)[])[]): string {
  return `${[header, ...rows].map((fields) => fields.map(csvField).join(',')).join('\r\n')}\r\n`;
}

function csvField(value: string | number): string {
  const s = String(value);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/**
 * Binds a GET export call that answers a file, not an envelope, with the same validation and session rules as
 * bindCall: bad input and missing sessions still answer the envelope.
 */
export function bindCsvDownload<C extends CallDef>(
  app: FastifyInstance,
  services: Pick<CallBindingServices, 'sessions'>,
  call: C,
  produce: (input: z.output<C['request']>, userId: number) => Promise<{ filename: string; csv: string }>,
) {
  app.get(callPath(call), async (request, reply) => {
    const parsed = call.request.safeParse(request.query);
    if (!parsed.success) throw new CallError(ErrorCode.badRequest, parsed.error.issues[0]?.message, 400);
    const token = request.cookies[SESSION_COOKIE];
    const session = token ? await services.sessions.resolve(token) : null;
    if (!session) throw new CallError(ErrorCode.sessionEnded);
    const { filename, csv } = await produce(parsed.data as z.output<C['request']>, session.userId);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${filename}"`)
      .header('cache-control', 'no-store')
      .send(csv);
  });
}

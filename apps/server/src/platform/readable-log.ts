import type { Writable } from 'node:stream';
import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';

/**
 * A log a person reads as it scrolls (the demo's): pino's JSON lines rewritten as one line each, time, level,
 * message and the other fields as key=value; an error's stack follows on its own lines.
 */
const LEVELS: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };
const HIDDEN = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'err', 'reqId']);

export function readableLine(json: string): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(json);
  } catch {
    return json;
  }
  const time = new Date(Number(entry.time)).toISOString().slice(11, 19);
  const level = (LEVELS[Number(entry.level)] ?? String(entry.level)).padEnd(5);
  const fields = Object.entries(entry)
    .filter(([key]) => !HIDDEN.has(key))
    .map(([key, value]) => `${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`);
  const err = entry.err as { stack?: string; message?: string } | undefined;
  const stack = err ? `\n${err.stack ?? err.message}` : '';
  return `${time} ${level} ${[entry.msg ?? '', ...fields].join(' ')}${stack}\n`;
}

/** A pino destination that writes readable lines to `out` (stdout). */
export function readableLog(out: Writable): { write(line: string): void } {
  return { write: (line) => void out.write(readableLine(line)) };
}

/** Requests in a readable log: one line each at debug (an error at error), so info shows events, not every call. */
export class QuietRequestLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null, request: FastifyRequest, reply: FastifyReply): void {
    const line = `${request.method} ${request.url} ${reply.statusCode} ${Math.round(reply.elapsedTime)} ms`;
    if (error) reply.log.error({ err: error }, line);
    else reply.log.debug(line);
  }
}

import type { FastifyInstance } from 'fastify';
import type { Clock } from '../platform/clock.ts';

/**
 * Binance's used-weight headers (`X-MBX-USED-WEIGHT-1M`, and `X-MBX-USED-WEIGHT` as older clients read it): the
 * request weight the caller's address used in the current minute of the server's clock, this request included, as
 * Binance counts it per IP. Every request weighs 1: no request-weight limit is enforced (exchangeInfo announces
 * none), so the figure tells a bot that throttles itself what it sent, not how near a limit it is. Counted per
 * node, in memory.
 */
export class UsedWeight {
  private minute = -1;
  private readonly used = new Map<string, number>();

  constructor(private readonly clock: Clock) {}

  /** Counts a request of `ip`; answers the minute's weight so far. */
  add(ip: string): number {
    const minute = Math.floor(this.clock.now() / 60_000);
    if (minute !== this.minute) {
      this.minute = minute;
      this.used.clear();
    }
    const total = (this.used.get(ip) ?? 0) + 1;
    this.used.set(ip, total);
    return total;
  }

  /** Sends the headers on every reply of the scope. */
  serve(scope: FastifyInstance): void {
    scope.addHook('onRequest', (request, reply, done) => {
      const used = String(this.add(request.ip));
      reply.header('x-mbx-used-weight', used);
      reply.header('x-mbx-used-weight-1m', used);
      done();
    });
  }
}

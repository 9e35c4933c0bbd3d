import type { Duplex } from 'node:stream';
import fastifyCookie from '@fastify/cookie';
import { uploadImg } from '@opex/contract/calls/upload';
import { ErrorCode, errorMessages } from '@opex/contract/error-codes';
import { unreadableBody } from '@opex/contract/validation-messages';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { coreSchedule, deliverySchedule, fundingSchedule, SCHEDULER_TICK_MS } from './core/core-schedule.ts';
import { SECONDS_KEPT } from './core/core-timings.ts';
import { Scheduler } from './core/scheduler.ts';
import { ContractDelivery } from './futures/contract-delivery.ts';
import { runModuleJobs } from './jobs/module-jobs.ts';
import { registerMarketMaker } from './market-maker/market-maker-job.ts';
import { registerModules } from './modules/index.ts';
import { registerOpenApi } from './open-api/index.ts';
import { requestLocale } from './platform/call-binding.ts';
import { CallError } from './platform/call-error.ts';
import { failure } from './platform/envelope.ts';
import { QuietRequestLog, readableLog } from './platform/readable-log.ts';
import { ensureXsrfCookie } from './platform/xsrf.ts';
import { Fanout } from './realtime/fanout.ts';
import { registerRealtime } from './realtime/routes.ts';
import type { Services } from './services.ts';
import { registerWebApp } from './web-app.ts';

export interface AppOptions {
  /** pino options, or false to stay silent (tests). */
  logger?: boolean | { level: string };
}

/** Builds the HTTP application: platform concerns here, every call in its module. */
export async function buildApp(services: Services, options: AppOptions = {}): Promise<FastifyInstance> {
  const { config } = services;
  const readable = config.logFormat === 'readable' && options.logger === undefined;
  const app = Fastify({
    logger:
      options.logger ??
      (readable ? { level: config.logLevel, stream: readableLog(process.stdout) } : { level: config.logLevel }),
    ...(readable && { logController: new QuietRequestLog() }),
    trustProxy: config.trustProxy.length ? config.trustProxy : false,
    bodyLimit: 1024 * 1024,
    clientErrorHandler: answerClientError,
  });

  // The composition root's infrastructure outlives in-flight requests and every module: added first, these hooks run
  // last, once the HTTP server has closed and the modules have stopped their jobs. The price index stops polling,
  // the futures prices stop,
  // the pending K-lines are written, then the core stops, finishing its queue.
  app.addHook('onClose', async () => {
    await services.contractPrices.stop();
    await services.prices.stop();
    await services.marketData.stop();
    await services.core.stop();
  });
  // Time turned into the core's commands (core-schedule.ts), in one process of the deployment at a time.
  const scheduler = new Scheduler(services.database.db, services.core, services.clock, [
    ...coreSchedule,
    ...fundingSchedule(services.contractPrices),
    ...deliverySchedule(new ContractDelivery(services.database.db)),
  ]);
  await runModuleJobs(app, services.jobs, [
    { name: 'core.scheduler', everyMs: SCHEDULER_TICK_MS, run: () => scheduler.runDue() },
  ]);

  await app.register(fastifyCookie);
  const cookiePath = config.basePath || '/';
  app.addHook('onRequest', async (request, reply) => {
    ensureXsrfCookie(request, reply, cookiePath, config.cookieSecure);
  });

  app.setErrorHandler((error, request, reply) => {
    if (error instanceof CallError) {
      return reply.status(error.httpStatus).send({ ...failure(error.code, error.message), data: error.data });
    }
    const status = (error as { statusCode?: number }).statusCode;
    if (status && status >= 400 && status < 500) {
      const code = status === 413 ? tooLargeCode(request) : ErrorCode.badRequest;
      const unreadable = unreadableBody((error as { code?: string }).code, requestLocale(request));
      const message = status === 413 ? errorMessages[code] : (unreadable ?? (error as Error).message);
      return reply.status(status).send(failure(code, message));
    }
    request.log.error({ err: error }, 'call failed');
    return reply.status(500).send(failure(ErrorCode.internal, errorMessages[ErrorCode.internal]));
  });

  // For monitoring: the database answers, and where the trading core's time went over the last `seconds` (10).
  app.get('/health', async (request, reply) => {
    const { seconds = '10' } = request.query as { seconds?: string };
    if (!/^\d{1,2}$/.test(seconds) || Number(seconds) < 1 || Number(seconds) > SECONDS_KEPT) {
      const message = `seconds must be a whole number from 1 to ${SECONDS_KEPT}`;
      return reply.status(400).send(failure(ErrorCode.badRequest, message));
    }
    await services.database.db.selectFrom('settings').select('key').limit(1).execute();
    return { status: 'ok', core: services.core.timings.report(Number(seconds)) };
  });

  // One realtime fan-out under every WebSocket protocol; its sockets go before the HTTP server closes (it would wait).
  const fanout = new Fanout(config.wsPingMs);
  app.addHook('preClose', async () => fanout.stop());

  // Calls are served under the base path, where the web app (which resolves them against its <base>) sends them.
  await app.register((scoped) => registerModules(scoped, services), { prefix: config.basePath });
  await app.register((scoped) => registerRealtime(scoped, services, fanout), { prefix: config.basePath });
  await app.register((scoped) => registerOpenApi(scoped, services, fanout), { prefix: config.basePath });
  // The demo's liquidity, when configured (DEMO=1 and MARKET_MAKER not 0).
  if (config.marketMaker) await app.register((scoped) => registerMarketMaker(scoped, services));
  await registerWebApp(app, config);
  return app;
}

/** Only the image upload takes a file: any other body over the limit is a request too large, not an image. */
function tooLargeCode(request: FastifyRequest) {
  return request.routeOptions.url?.endsWith(`/${uploadImg.name}`) ? ErrorCode.fileTooLarge : ErrorCode.requestTooLarge;
}

/**
 * Requests Node refuses before Fastify sees them (a request line or headers over 16 KB, a malformed request) still
 * get the envelope, so a client reads `code` and `msg` as for any other refusal.
 */
function answerClientError(error: Error & { code?: string }, socket: Duplex): void {
  if (!socket.writable) return void socket.destroy();
  const tooLong = error.code === 'HPE_HEADER_OVERFLOW';
  const code = tooLong ? ErrorCode.requestLineTooLong : ErrorCode.badRequest;
  const body = JSON.stringify(failure(code, errorMessages[code]));
  const status = tooLong ? '431 Request Header Fields Too Large' : '400 Bad Request';
  socket.end(
    `HTTP/1.1 ${status}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

import type { FastifyError, FastifyInstance } from 'fastify';
import type { Fanout } from '../realtime/fanout.ts';
import type { Services } from '../services.ts';
import { registerOpenApiAccountRoutes } from './account-routes.ts';
import { BinanceCode, BinanceError, binanceErrors } from './binance-error.ts';
import { registerCancelReplace } from './cancel-replace.ts';
import { DepthBook } from './depth-book.ts';
import { registerFuturesAccountRoutes, registerFuturesTransfer } from './futures-account-routes.ts';
import { registerFuturesMarketRoutes } from './futures-market-routes.ts';
import { bookQuantity } from './futures-markets.ts';
import { registerFuturesOrderRoutes } from './futures-order-routes.ts';
import { registerFuturesPriceRoutes } from './futures-price-routes.ts';
import { registerFuturesRiskRoutes } from './futures-risk-routes.ts';
import { registerFuturesStreams } from './futures-streams.ts';
import { FuturesUserEvents, futuresStreamAccount } from './futures-user-events.ts';
import {
  isolatedAccount,
  ListenKeys,
  registerListenKeyRoutes,
  registerListenTokenRoute,
  spotAccount,
} from './listen-keys.ts';
import { registerMarginOrderRoutes } from './margin-order-routes.ts';
import { registerMarginRoutes } from './margin-routes.ts';
import { registerOpenApiMarketRoutes } from './market-routes.ts';
import { orderActions } from './order-actions.ts';
import { registerOpenApiOrderListRoutes } from './order-list-routes.ts';
import { registerOpenApiOrderRoutes } from './order-routes.ts';
import { UsedWeight } from './used-weight.ts';
import { UserEventFeed } from './user-events.ts';
import { registerOpenApiUserStream } from './user-stream.ts';
import { registerWalletRoutes } from './wallet-routes.ts';

/**
 * The Binance-compatible Open API under `/api/v3`, for bots and libraries that speak Binance's spot API. Its own
 * scope: errors are Binance's `{code, msg}` with Binance's HTTP statuses (validation and unknown paths included),
 * requests are authenticated by API key and HMAC signature (signed-request.ts) rather than session and XSRF.
 * Binance's other families (`/sapi`, `/fapi`, `/dapi`...) answer what a default client asks of them while loading
 * (wallet-routes.ts), `/sapi` also isolated margin (margin-routes.ts, margin-order-routes.ts), `/fapi` and `/dapi`
 * the futures contracts' public market data (futures-market-routes.ts, futures-price-routes.ts, futures-streams.ts),
 * their signed account, trading and risk endpoints (futures-account-routes.ts, futures-order-routes.ts,
 * futures-risk-routes.ts) and their user data stream (futures-user-events.ts), and any other path under them a Binance
 * 404, never the web app's page. Every reply carries the used-weight headers (used-weight.ts).
 */
export async function registerOpenApi(app: FastifyInstance, services: Services, fanout: Fanout): Promise<void> {
  const listenKeys = new ListenKeys(services);
  const feed = new UserEventFeed(services, fanout, listenKeys);
  const weights = new UsedWeight(services.clock);
  await app.register(
    async (scope) => {
      binanceScope(scope, weights);
      await registerOpenApiMarketRoutes(scope, services, { fanout, feed, listenKeys });
      registerOpenApiAccountRoutes(scope, services);
      registerOpenApiOrderRoutes(scope, services);
      registerOpenApiOrderListRoutes(scope, services);
      registerCancelReplace(scope, services, orderActions(services));
      registerOpenApiUserStream(scope, services, { fanout, feed, listenKeys });
      registerListenKeyRoutes(scope, listenKeys, '/userDataStream', spotAccount);
    },
    { prefix: '/api/v3' },
  );
  await app.register(
    async (scope) => {
      binanceScope(scope, weights);
      registerWalletRoutes(scope, services);
      registerMarginRoutes(scope, services);
      registerMarginOrderRoutes(scope, services);
      registerListenKeyRoutes(scope, listenKeys, '/v1/userDataStream/isolated', isolatedAccount(services));
      registerListenTokenRoute(scope, services, listenKeys);
      registerFuturesTransfer(scope, services);
    },
    { prefix: '/sapi' },
  );
  for (const family of ['fapi', 'dapi'] as const) {
    // Each family's depth book numbers its REST depth and its streams' diffs alike.
    const depth = new DepthBook(services.core, bookQuantity);
    const unsubscribe = services.core.bus.subscribe((events) => depth.onCoreEvents(events));
    app.addHook('onClose', async () => unsubscribe());
    const deps = { services, family, depth };
    await app.register(
      async (scope) => {
        binanceScope(scope, weights);
        registerFuturesMarketRoutes(scope, deps);
        registerFuturesPriceRoutes(scope, deps);
        registerFuturesAccountRoutes(scope, deps);
        registerFuturesOrderRoutes(scope, deps);
        registerFuturesRiskRoutes(scope, deps);
        const account = futuresStreamAccount(family);
        registerListenKeyRoutes(scope, listenKeys, '/v1/listenKey', () => account, true);
      },
      { prefix: `/${family}` },
    );
    new FuturesUserEvents(services, feed, fanout, family);
    registerFuturesStreams(app, deps, fanout, { fanout, feed, listenKeys });
  }
  for (const prefix of ['/api', '/eapi', '/papi'])
    await app.register(async (scope) => binanceScope(scope, weights), { prefix });
}

/** Binance's parsing, errors, used-weight headers and not-found answer for one family's scope. */
function binanceScope(scope: FastifyInstance, weights: UsedWeight): void {
  weights.serve(scope);
  // The signature covers the form body exactly as sent, so it is kept as the raw string (parsed when read).
  scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) =>
    done(null, body),
  );
  // Binance reads parameters from the query and a form body only: a JSON body (the official connector sends an
  // empty one with every POST and DELETE) is accepted and ignored.
  scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, _body, done) =>
    done(null, undefined),
  );
  scope.setErrorHandler((error, request, reply) => {
    const answer = binanceErrorOf(error);
    if (answer.httpStatus >= 500) request.log.error({ err: error }, 'open api call failed');
    return reply.status(answer.httpStatus).send(answer.toJSON());
  });
  scope.setNotFoundHandler((_request, reply) => {
    const answer = binanceErrors.notFound();
    return reply.status(answer.httpStatus).send(answer.toJSON());
  });
}

/** Any failure as a Binance error: ours as they are, request validation as Binance's parameter codes. */
function binanceErrorOf(error: unknown): BinanceError {
  if (error instanceof BinanceError) return error;
  const fastifyError = error as Partial<FastifyError>;
  const issue = fastifyError.validation?.[0];
  if (issue) {
    const missing = (issue.params as { missingProperty?: string } | undefined)?.missingProperty;
    const param = missing ?? issue.instancePath?.replace(/^\//, '') ?? '';
    return missing ? binanceErrors.mandatory(param) : binanceErrors.illegal(param);
  }
  const status = fastifyError.statusCode;
  if (status && status >= 400 && status < 500) {
    return new BinanceError(BinanceCode.unknown, fastifyError.message ?? 'Bad request.', status);
  }
  return new BinanceError(BinanceCode.unknown, 'An unknown error occurred while processing the request.', 500);
}

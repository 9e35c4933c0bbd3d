import type { FastifyError, FastifyInstance } from 'fastify';
import type { Services } from '../platform/services.ts';
import { registerOpenApiAccountRoutes } from './account-routes.ts';
import { BinanceCode, BinanceError, binanceErrors } from './binance-error.ts';
import { registerOpenApiMarketRoutes } from './market-routes.ts';
import { registerOpenApiOrderRoutes } from './order-routes.ts';
import { registerOpenApiUserStream } from './user-stream.ts';

/**
 * The Binance-compatible Open API under `/api/v3`, for bots and libraries that speak Binance's spot API. Its own
 * scope: errors are Binance's `{code, msg}` with Binance's HTTP statuses (validation and unknown paths included),
 * requests are authenticated by API key and HMAC signature (signed-request.ts) rather than session and XSRF.
 */
export async function registerOpenApi(app: FastifyInstance, services: Services): Promise<void> {
  await app.register(
    async (scope) => {
      // The signature covers the form body exactly as sent, so it is kept as the raw string (parsed when read).
      scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) =>
        done(null, body),
      );
      scope.setErrorHandler((error, request, reply) => {
        const answer = binanceErrorOf(error);
        if (answer.httpStatus >= 500) request.log.error({ err: error }, 'open api call failed');
        return reply.status(answer.httpStatus).send(answer.toJSON());
      });
      await registerOpenApiMarketRoutes(scope, services);
      registerOpenApiAccountRoutes(scope, services);
      registerOpenApiOrderRoutes(scope, services);
      registerOpenApiUserStream(scope, services);
      scope.setNotFoundHandler((_request, reply) => {
        const answer = binanceErrors.notFound();
        return reply.status(answer.httpStatus).send(answer.toJSON());
      });
    },
    { prefix: '/api/v3' },
  );
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

import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { PlaceCommand } from '../core/spot/order-placement.ts';
import { leverAccount } from '../ledger/accounts.ts';
import { pairPrice, priceText } from '../margin/margin-reads.ts';
import type { Services } from '../services.ts';
import { binanceErrors } from './binance-error.ts';
import { isolatedPair, type MarginSpec, marginReader, requireIsolated } from './margin-params.ts';
import { type OrderVenue, orderActions } from './order-actions.ts';
import { orderLists } from './order-list-routes.ts';
import { parseOrder } from './order-parse.ts';
import type { QueryParams } from './query-params.ts';
import { type Permission, verifySigned } from './signed-request.ts';

/**
 * Binance's margin order endpoints under /sapi/v1/margin with isIsolated=TRUE: the spot order endpoints' actions
 * (order-actions.ts, order-list-routes.ts) on the pair's margin account (`lever:BTCUSDT`), placed by the core's
 * marginPlace. Every answer carries isIsolated: true, as Binance's do.
 *
 * sideEffectType: NO_SIDE_EFFECT (the default) places the order as it is; MARGIN_BUY borrows first what the order
 * needs beyond the account's available balance (the core cannot for a MARKET buy by quantity, whose cost is known
 * only as it fills: send quoteOrderQty); AUTO_REPAY repays the pair's debt in the coin each fill brings in, from
 * what it brings, as it fills (now or later, the core's auto-repay); AUTO_BORROW_REPAY does both. A cancelled order keeps what was borrowed for it (repay it with borrow-repay): autoRepayAtCancel is read
 * but not acted on.
 */
const SIDE_EFFECTS = {
  NO_SIDE_EFFECT: { borrow: false, repay: false },
  MARGIN_BUY: { borrow: true, repay: false },
  AUTO_REPAY: { borrow: false, repay: true },
  AUTO_BORROW_REPAY: { borrow: true, repay: true },
} as const;
type SideEffect = (typeof SIDE_EFFECTS)[keyof typeof SIDE_EFFECTS];

const isolated = <T extends object>(answer: T) => ({ ...answer, isIsolated: true });

export function registerMarginOrderRoutes(scope: FastifyInstance, services: Services): void {
  const { core } = services;
  const reader = marginReader(services);
  const indexPrice = (spec: MarginSpec) => priceText(pairPrice(reader, spec));
  const venue: OrderVenue = {
    product: 'margin',
    // Isolated margin's orders are per pair: every margin order endpoint names its symbol.
    account: (userId, spec) => {
      if (!spec) throw binanceErrors.mandatory('symbol');
      return { userId, type: leverAccount(spec.symbol) };
    },
    submit: (place) => marginPlace(place, SIDE_EFFECTS.NO_SIDE_EFFECT),
  };
  const marginPlace = (place: PlaceCommand, effect: SideEffect) => {
    const spec = reader.core.market(place.symbol) as MarginSpec;
    return core.execute('marginPlace', {
      place,
      autoBorrow: effect.borrow,
      autoRepay: effect.repay,
      price: indexPrice(spec),
    });
  };
  const actions = orderActions(services, venue);
  const lists = orderLists(services, venue);

  /** A margin call's caller and parameters, its isIsolated and (checked first) its isolated pair. */
  const caller = async (request: FastifyRequest, permission: Permission) => {
    const signed = await verifySigned(services, request, permission);
    requireIsolated(signed.params);
    const spec = signed.params.optional('symbol') === undefined ? null : isolatedPair(services, signed.params);
    return { ...signed, spec };
  };

  scope.post('/v1/margin/order', async (request) => {
    const { userId, params } = await caller(request, 'trade');
    const effect = sideEffectOf(params);
    const atCancel = params.optional('autoRepayAtCancel');
    if (atCancel !== undefined && !['TRUE', 'FALSE'].includes(atCancel.toUpperCase()))
      throw binanceErrors.illegal('autoRepayAtCancel');
    const order = await parseOrder(services, params);
    return isolated(await actions.placeParsed(userId, order, (place) => marginPlace(place, effect)));
  });

  scope.delete('/v1/margin/order', async (request) => {
    const { userId, params } = await caller(request, 'trade');
    return isolated(await actions.cancel(userId, params));
  });

  scope.get('/v1/margin/order', async (request) => {
    const { userId, params } = await caller(request, 'read');
    return isolated(await actions.status(userId, params));
  });

  scope.delete('/v1/margin/openOrders', async (request) => {
    const { userId, params, spec } = await caller(request, 'trade');
    params.done();
    if (!spec) throw binanceErrors.mandatory('symbol');
    return (await actions.cancelOpen(userId, spec)).map(isolated);
  });

  scope.get('/v1/margin/openOrders', async (request) => {
    const { userId, params } = await caller(request, 'read');
    return (await lists.openOrders(userId, params)).map(isolated);
  });

  scope.get('/v1/margin/allOrders', async (request) => {
    const { userId, params } = await caller(request, 'read');
    return (await lists.allOrders(userId, params)).map(isolated);
  });

  scope.get('/v1/margin/myTrades', async (request) => {
    const { userId, params } = await caller(request, 'read');
    return (await lists.myTrades(userId, params)).map(isolated);
  });
}

function sideEffectOf(params: QueryParams): SideEffect {
  const name = params.optional('sideEffectType') ?? 'NO_SIDE_EFFECT';
  if (!Object.hasOwn(SIDE_EFFECTS, name)) throw binanceErrors.invalidParameter('sideEffectType');
  return SIDE_EFFECTS[name as keyof typeof SIDE_EFFECTS];
}

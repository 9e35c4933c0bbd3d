import Big from 'big.js';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { min } from '../core/margin/margin-risk.ts';
import type { LendingRules } from '../core/margin/margin-rules.ts';
import type { PlaceCommand } from '../core/spot/order-placement.ts';
import { leverAccount } from '../ledger/accounts.ts';
import { ledgerOf, ledgerText, truncateLedger } from '../ledger/ledger-units.ts';
import { pairPrice, pairView, priceText } from '../margin/margin-reads.ts';
import { committedOrder } from '../read-model/order-reads.ts';
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
 * only as it fills: send quoteOrderQty); AUTO_REPAY repays, right after placing, the pair's debt in the coin
 * the order received from what it filled when placed (a resting order's later fills repay nothing); AUTO_BORROW_REPAY
 * does both. A cancelled order keeps what was borrowed for it (repay it with borrow-repay): autoRepayAtCancel is read
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
  const { core, clock } = services;
  const { db } = services.database;
  const reader = marginReader(services);
  const indexPrice = (spec: MarginSpec) => priceText(pairPrice(reader, spec));
  const venue: OrderVenue = {
    // Isolated margin's orders are per pair: every margin order endpoint names its symbol.
    account: (userId, spec) => {
      if (!spec) throw binanceErrors.mandatory('symbol');
      return { userId, type: leverAccount(spec.symbol) };
    },
    submit: (place) => marginPlace(place, false),
  };
  const marginPlace = (place: PlaceCommand, autoBorrow: boolean) => {
    const spec = reader.core.market(place.symbol) as MarginSpec;
    return core.execute('marginPlace', { place, autoBorrow, price: indexPrice(spec) });
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
    const answer = await actions.placeParsed(userId, order, (place) => marginPlace(place, effect.borrow));
    if (effect.repay) await repayFromFills(userId, order.spec as MarginSpec, answer.orderId);
    return isolated(answer);
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

  /**
   * AUTO_REPAY: what the order received when placed (a buy's base, a sell's quote) repays the pair's debt in that
   * coin, at most what is owed and what the account holds. Best effort after the order stands: a repayment the core
   * refuses (below the least repayment, say) leaves the debt as it was.
   */
  async function repayFromFills(userId: number, spec: MarginSpec, orderId: number) {
    const account = { userId, type: leverAccount(spec.symbol) };
    const row = await committedOrder(db, account, orderId);
    const coin = row.side === 'BUY' ? spec.base : spec.quote;
    const lending = spec.margin.coins.get(coin) as LendingRules;
    const received = truncateLedger(
      ledgerOf(new Big(row.side === 'BUY' ? row.deal_volume : row.deal_money).toFixed()),
      lending.scale,
    );
    const view = await pairView(reader, userId, spec, clock.now());
    const held = coin === spec.base ? view.coins.base : view.coins.quote;
    const owed = held.principal + held.interest;
    const amount = min(min(received, owed), held.available);
    if (amount <= 0n) return;
    await core.execute('marginRepay', {
      userId,
      symbol: spec.symbol,
      coin,
      amount: amount === owed ? 'all' : ledgerText(amount),
      price: indexPrice(spec),
    });
  }
}

function sideEffectOf(params: QueryParams): SideEffect {
  const name = params.optional('sideEffectType') ?? 'NO_SIDE_EFFECT';
  if (!Object.hasOwn(SIDE_EFFECTS, name)) throw binanceErrors.invalidParameter('sideEffectType');
  return SIDE_EFFECTS[name as keyof typeof SIDE_EFFECTS];
}

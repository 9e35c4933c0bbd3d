import { randomBytes } from 'node:crypto';
import { ErrorCode, type ErrorCodeValue, errorMessages } from '@opex/contract/error-codes';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { toUnits } from '../core/decimal-units.ts';
import { checkGuards, type GuardRefusal } from '../core/market-guards.ts';
import { MAX_TICKS, type MarketSpec } from '../core/market-spec.ts';
import { checkOrder, type OrderRefusal, type OrderRequest, type TimeInForceName } from '../core/order-rules.ts';
import { DEFAULT_STP_MODE, isStpMode, type StpMode } from '../core/self-trade-prevention.ts';
import { EVERY_ROW_OLDEST_FIRST } from '../db/paging.ts';
import { tradingLimitedFor } from '../kyc/trade-limit.ts';
import { exchangeAccount } from '../read-model/account-ref.ts';
import {
  committedOrder,
  findPlacedOrder,
  orderPage,
  ordersByIds,
  type PlacedOrderKey,
} from '../read-model/order-reads.ts';
import { takerFills } from '../read-model/trade-reads.ts';
import type { Services } from '../services.ts';
import { BinanceCode, BinanceError, binanceErrors } from './binance-error.ts';
import { allMarkets, findMarket, ORDER_TYPES, orderRateLimits, TIME_IN_FORCE } from './exchange-info.ts';
import {
  binanceOrder,
  cancelledOrder,
  clientOrderIdOf,
  DERIVED_CLIENT_ID,
  type OrderRow,
  orderAck,
  orderFill,
  orderResult,
} from './order-format.ts';
import { preventedMatchIds, takerPreventedMatches } from './prevented-matches.ts';
import type { QueryParams } from './query-params.ts';
import { type Permission, verifySigned } from './signed-request.ts';

/**
 * The signed trading half of the Open API: orders placed and cancelled through the trading core, the same single
 * writer the web app's order calls use (so a bot's order is on the trader's web pages at once), and reads of the
 * caller's orders and trades from what the core committed. Refusals are Binance's codes; a refused request changes
 * nothing (the core keeps only a REJECTED row for an order that carried newClientOrderId, so a retry answers alike).
 */
/** Binance's newClientOrderId alphabet. */
export const CLIENT_ID = /^[.A-Za-z0-9:/_-]{1,36}$/;
const DECIMAL = /^\d{1,20}(\.\d{1,20})?$/;
/** Order types of Binance's spot API that this exchange does not offer. */
const UNOFFERED_TYPES = ['STOP_LOSS', 'STOP_LOSS_LIMIT', 'TAKE_PROFIT', 'TAKE_PROFIT_LIMIT'];

type OrderType = (typeof ORDER_TYPES)[number];
type RespType = 'ACK' | 'RESULT' | 'FULL';

export interface ParsedOrder {
  spec: MarketSpec;
  type: OrderType;
  request: OrderRequest;
  clientOrderId: string | null;
  respType: RespType;
  stp: StpMode;
}

/** Placing, cancelling and reading one order: shared by the REST routes and the WebSocket API (ws-api-trading.ts). */
export type OrderActions = ReturnType<typeof orderActions>;

export function orderActions(services: Services) {
  const { db } = services.database;
  const { core } = services;

  const market = async (q: QueryParams): Promise<MarketSpec> => {
    const spec = await findMarket(services, q.required('symbol'));
    if (!spec) throw binanceErrors.badSymbol();
    return spec;
  };
  const marketOf = async () => {
    const specs = await allMarkets(services);
    return new Map(specs.map((s) => [s.symbol, s]));
  };

  /** One of the caller's orders in the market, by orderId and/or origClientOrderId (rejected ones never existed). */
  const findOwnOrder = async (
    userId: number,
    spec: MarketSpec,
    q: QueryParams,
    names = { orderId: 'orderId', clientId: 'origClientOrderId' },
  ): Promise<OrderRow | undefined> => {
    const orderId = q.integer(names.orderId, { min: 0 });
    const clientId = q.optional(names.clientId);
    if (orderId === undefined && clientId === undefined)
      throw new BinanceError(
        BinanceCode.mandatoryParam,
        `Param '${names.clientId}' or '${names.orderId}' must be sent, but both were empty/null!`,
      );
    const account = exchangeAccount(userId);
    const find = (key: PlacedOrderKey) => findPlacedOrder(db, account, spec.symbol, key);
    let row = await find(orderId !== undefined ? { id: orderId } : { clientOrderId: clientId as string });
    if (!row && orderId === undefined) {
      // An order placed without a client id answers to the id derived from its order id.
      const derived = DERIVED_CLIENT_ID.exec(clientId as string);
      if (derived) row = await find({ idWithoutClientId: Number(derived[1]) });
    }
    // Both sent: the order found by id must also carry that client id.
    if (row && orderId !== undefined && clientId !== undefined && clientOrderIdOf(row) !== clientId) return undefined;
    return row;
  };

  // The same per-user budget as the web app's order calls (services.orderRate), refused as Binance does.
  const takeOrderToken = (userId: number) => {
    if (!services.orderRate.take(userId)) throw binanceErrors.tooManyOrders(services.config.orderRate.perSecond);
  };

  /** POST /order: the order's answer in its newOrderRespType. */
  const place = async (userId: number, params: QueryParams) => placeParsed(userId, await parseOrder(services, params));

  const placeParsed = async (userId: number, order: ParsedOrder) => {
    takeOrderToken(userId);
    if (await tradingLimitedFor(services, userId)) throw placeRefusal(ErrorCode.tradingNeedsIdentity, order);
    const outcome = await core.placeOrder({
      userId,
      symbol: order.spec.symbol,
      request: order.request,
      clientOrderId: order.clientOrderId,
      selfTradePrevention: order.stp,
    });
    if (!outcome.ok) throw placeRefusal(outcome.code, order);
    const account = exchangeAccount(userId);
    const row = await committedOrder(db, account, outcome.orderId);
    // A retry answers the first order, which may have been placed in another market.
    const spec =
      row.symbol === order.spec.symbol ? order.spec : ((await findMarket(services, row.symbol)) ?? order.spec);
    if (order.respType === 'ACK') return orderAck(row, spec);
    const result = orderResult(row, spec, (await preventedMatchIds(db, [row])).get(Number(row.id)));
    if (order.respType === 'RESULT') return result;
    const fills = await takerFills(db, account, row.id);
    const prevented = await takerPreventedMatches(db, row, spec);
    return {
      ...result,
      fills: fills.map((t) => orderFill(t, spec)),
      // As Binance: listed when the order's self-trade prevention stopped a match.
      ...(prevented.length ? { preventedMatches: prevented } : {}),
    };
  };

  /** DELETE /order. */
  const cancel = async (userId: number, params: QueryParams) => {
    const spec = await market(params);
    const row = await findOwnOrder(userId, spec, params);
    const cancelId = params.optional('newClientOrderId') ?? randomClientId();
    params.optional('cancelRestrictions');
    params.done();
    if (!CLIENT_ID.test(cancelId)) throw binanceErrors.illegal('newClientOrderId');
    return cancelFound(userId, spec, row, cancelId);
  };

  const cancelFound = async (userId: number, spec: MarketSpec, row: OrderRow | undefined, cancelId: string) => {
    if (!row) throw binanceErrors.unknownOrder();
    takeOrderToken(userId);
    const outcome = await core.cancelOrder({ userId, orderId: Number(row.id), symbol: spec.symbol });
    if (!outcome.ok) throw cancelRefusal(outcome.code);
    const cancelled = await committedOrder(db, exchangeAccount(userId), Number(row.id));
    return cancelledOrder(cancelled, spec, cancelId, services.clock.now());
  };

  /** GET /order. */
  const status = async (userId: number, params: QueryParams) => {
    const spec = await market(params);
    const row = await findOwnOrder(userId, spec, params);
    params.done();
    if (!row) throw binanceErrors.noSuchOrder();
    return binanceOrder(row, spec, (await preventedMatchIds(db, [row])).get(Number(row.id)));
  };

  return { market, marketOf, place, cancel, status, placeParsed, cancelFound, findOwnOrder };
}

export function registerOpenApiOrderRoutes(scope: FastifyInstance, services: Services): void {
  const { db } = services.database;
  const { core } = services;
  const signed = (request: FastifyRequest, permission: Permission) => verifySigned(services, request, permission);
  const { market, marketOf, ...actions } = orderActions(services);

  scope.post('/order', async (request) => {
    const { userId, params } = await signed(request, 'trade');
    return actions.place(userId, params);
  });

  // The order-entry bucket as exchangeInfo announces it, with `count`: its orders taken and not yet refilled.
  scope.get('/rateLimit/order', async (request) => {
    const { userId, params } = await signed(request, 'read');
    params.done();
    const { limits, used } = services.orderRate.usage(userId);
    return orderRateLimits(limits).map((limit) => ({ ...limit, count: used }));
  });

  scope.post('/order/test', async (request) => {
    const { params } = await signed(request, 'trade');
    const rates = params.optional('computeCommissionRates');
    const order = await parseOrder(services, params);
    if (rates !== undefined && rates !== 'true' && rates !== 'false')
      throw binanceErrors.illegal('computeCommissionRates');
    if (rates !== 'true') return {};
    const maker = order.spec.makerFee.toFixed(8);
    const taker = order.spec.takerFee.toFixed(8);
    const zero = '0.00000000';
    return {
      standardCommissionForOrder: { maker, taker },
      specialCommissionForOrder: { maker: zero, taker: zero },
      taxCommissionForOrder: { maker: zero, taker: zero },
      discount: { enabledForAccount: false, enabledForSymbol: false, discountAsset: 'BNB', discount: zero },
    };
  });

  scope.delete('/order', async (request) => {
    const { userId, params } = await signed(request, 'trade');
    return actions.cancel(userId, params);
  });

  scope.delete('/openOrders', async (request) => {
    const { userId, params } = await signed(request, 'trade');
    const spec = await market(params);
    params.done();
    const account = exchangeAccount(userId);
    const open = await orderPage(db, account, { scope: 'open', symbol: spec.symbol }, EVERY_ROW_OLDEST_FIRST);
    // Binance answers a cancel-all with nothing to cancel as an unknown order.
    if (open.length === 0) throw binanceErrors.unknownOrder();
    const outcomes = await Promise.all(
      open.map((o) => core.cancelOrder({ userId, orderId: Number(o.id), symbol: spec.symbol })),
    );
    const cancelled = outcomes.flatMap((o) => (o.ok ? [o.orderId] : []));
    if (cancelled.length === 0) {
      const failure = outcomes.find((o) => !o.ok);
      throw cancelRefusal(failure && !failure.ok ? failure.code : ErrorCode.orderNotOpen);
    }
    const rows = await ordersByIds(db, account, cancelled);
    const now = services.clock.now();
    return rows.map((row) => cancelledOrder(row, spec, randomClientId(), now));
  });

  scope.get('/order', async (request) => {
    const { userId, params } = await signed(request, 'read');
    return actions.status(userId, params);
  });
}

export const randomClientId = () => randomBytes(16).toString('base64url').slice(0, 22);

/** POST /order and /order/test parameters, checked as Binance checks them, then against the market's filters. */
export async function parseOrder(services: Services, q: QueryParams): Promise<ParsedOrder> {
  const symbol = q.required('symbol');
  const side = q.required('side');
  const type = q.required('type');
  const timeInForce = q.optional('timeInForce');
  const quantity = q.optional('quantity');
  const quoteOrderQty = q.optional('quoteOrderQty');
  const price = q.optional('price');
  const clientOrderId = q.optional('newClientOrderId') ?? null;
  const respType = q.optional('newOrderRespType');
  const stp = q.optional('selfTradePreventionMode');
  q.optional('strategyId');
  q.optional('strategyType');
  q.done();

  const spec = await findMarket(services, symbol);
  if (!spec) throw binanceErrors.badSymbol();
  if (side !== 'BUY' && side !== 'SELL') throw new BinanceError(BinanceCode.invalidSide, 'Invalid side.');
  if (UNOFFERED_TYPES.includes(type))
    throw new BinanceError(BinanceCode.unsupportedOperation, 'Unsupported order combination.');
  if (!(ORDER_TYPES as readonly string[]).includes(type))
    throw new BinanceError(BinanceCode.invalidOrderType, 'Invalid orderType.');
  const orderType = type as OrderType;
  if (respType !== undefined && respType !== 'ACK' && respType !== 'RESULT' && respType !== 'FULL')
    throw binanceErrors.illegal('newOrderRespType');
  if (stp !== undefined && !isStpMode(stp)) throw binanceErrors.invalidParameter('selfTradePreventionMode');
  if (clientOrderId !== null && !CLIENT_ID.test(clientOrderId)) throw binanceErrors.illegal('newClientOrderId');
  for (const [name, value] of [
    ['quantity', quantity],
    ['quoteOrderQty', quoteOrderQty],
    ['price', price],
  ] as const) {
    if (value !== undefined && !DECIMAL.test(value)) throw binanceErrors.illegal(name);
  }

  let request: OrderRequest;
  if (orderType === 'MARKET') {
    if (timeInForce !== undefined) throw binanceErrors.notRequired('timeInForce');
    if (price !== undefined) throw binanceErrors.notRequired('price');
    if (quantity === undefined && quoteOrderQty === undefined)
      throw new BinanceError(
        BinanceCode.mandatoryParam,
        "Param 'quantity' or 'quoteOrderQty' must be sent, but both were empty/null!",
      );
    if (quantity !== undefined && quoteOrderQty !== undefined) throw binanceErrors.notRequired('quoteOrderQty');
    // By the base quantity, or by the quote amount to spend (a buy) or to receive (a sell).
    request =
      quantity !== undefined
        ? { side, type: 2, volume: quantity, byQuantity: side === 'BUY' }
        : { side, type: 2, volume: quoteOrderQty as string, byQuoteAmount: side === 'SELL' };
  } else {
    if (quantity === undefined) throw binanceErrors.mandatory('quantity');
    if (price === undefined) throw binanceErrors.mandatory('price');
    if (quoteOrderQty !== undefined) throw binanceErrors.notRequired('quoteOrderQty');
    let tif: TimeInForceName = 'GTC';
    if (orderType === 'LIMIT') {
      if (timeInForce === undefined) throw binanceErrors.mandatory('timeInForce');
      if (!(TIME_IN_FORCE as readonly string[]).includes(timeInForce))
        throw new BinanceError(BinanceCode.invalidTimeInForce, 'Invalid timeInForce.');
      tif = timeInForce as TimeInForceName;
    } else if (timeInForce !== undefined && timeInForce !== 'GTC') {
      throw binanceErrors.notRequired('timeInForce');
    }
    request = { side, type: 1, price, volume: quantity, timeInForce: tif, postOnly: orderType === 'LIMIT_MAKER' };
  }
  // The market's filters, checked here to name them; the core checks the same rules again when it places.
  const refusal = checkOrder(spec, request);
  if (typeof refusal === 'string') throw filterRefusal(refusal, request, spec);
  const guard = checkGuards(spec, refusal, services.core.book(spec.symbol)?.lastPrice ?? 0);
  if (guard) throw guardFilter(guard);
  const defaultResp: RespType = orderType === 'LIMIT_MAKER' ? 'ACK' : 'FULL';
  return {
    spec,
    type: orderType,
    request,
    clientOrderId,
    respType: (respType as RespType | undefined) ?? defaultResp,
    stp: (stp as StpMode | undefined) ?? DEFAULT_STP_MODE,
  };
}

/** Which of Binance's filters a rule of order-rules.ts is. */
function filterRefusal(refusal: OrderRefusal, request: OrderRequest, spec: MarketSpec): BinanceError {
  // A market order whose amount is a quote value (every market buy is checked so; a sell by quoteOrderQty too).
  const marketBuy = request.type === 2 && (request.side === 'BUY' || request.byQuoteAmount === true);
  const lotFilter = request.type === 2 ? 'MARKET_LOT_SIZE' : 'LOT_SIZE';
  switch (refusal) {
    case 'market_closed':
      return binanceErrors.rejected('Market is closed.');
    case 'price_precision':
    case 'price_below_minimum':
    case 'trigger_price_precision':
    case 'trigger_price_below_minimum':
      return binanceErrors.filter('PRICE_FILTER');
    case 'volume_precision':
      return marketBuy ? binanceErrors.badPrecision() : binanceErrors.filter(lotFilter);
    case 'volume_below_minimum':
    case 'market_sell_below_minimum':
      return binanceErrors.filter(lotFilter);
    case 'market_buy_below_minimum':
      return binanceErrors.filter('NOTIONAL');
    case 'too_large': {
      if (marketBuy) return binanceErrors.filter('NOTIONAL');
      const ticks = toUnits(request.price ?? '0', spec.pricePrecision, MAX_TICKS);
      return binanceErrors.filter(ticks.ok ? 'LOT_SIZE' : 'PRICE_FILTER');
    }
  }
}

/** Which of Binance's filters a market guard (market-guards.ts) is. */
const guardFilter = (guard: GuardRefusal) =>
  binanceErrors.filter(guard === 'below_min_value' ? 'NOTIONAL' : 'PERCENT_PRICE_BY_SIDE');

/** The core's refusal of a placement, in Binance's words. */
function placeRefusal(code: ErrorCodeValue, order: ParsedOrder): BinanceError {
  switch (code) {
    case ErrorCode.insufficientBalance:
      return binanceErrors.insufficientBalance();
    case ErrorCode.marketNotFound:
      return binanceErrors.badSymbol();
    case ErrorCode.marketClosed:
      return binanceErrors.rejected('Market is closed.');
    case ErrorCode.pricePrecision:
    case ErrorCode.priceBelowMinimum:
      return binanceErrors.filter('PRICE_FILTER');
    case ErrorCode.volumePrecision:
    case ErrorCode.volumeBelowMinimum:
    case ErrorCode.marketSellBelowMinimum:
      return binanceErrors.filter(order.request.type === 2 ? 'MARKET_LOT_SIZE' : 'LOT_SIZE');
    case ErrorCode.marketBuyBelowMinimum:
    case ErrorCode.orderValueBelowMinimum:
      return binanceErrors.filter('NOTIONAL');
    case ErrorCode.buyPriceAboveBand:
    case ErrorCode.sellPriceBelowBand:
      return binanceErrors.filter('PERCENT_PRICE_BY_SIDE');
    case ErrorCode.orderTooLarge:
      return binanceErrors.filter(order.request.type === 2 ? 'MARKET_LOT_SIZE' : 'LOT_SIZE');
    case ErrorCode.tradingUnavailable:
      return binanceErrors.unavailable();
    case ErrorCode.postOnlyWouldTake:
      return binanceErrors.rejected('Order would immediately match and take.');
    default:
      return binanceErrors.rejected(errorMessages[code] ?? 'Order rejected.');
  }
}

function cancelRefusal(code: ErrorCodeValue): BinanceError {
  if (code === ErrorCode.tradingUnavailable) return binanceErrors.unavailable();
  return binanceErrors.unknownOrder();
}

import { randomBytes } from 'node:crypto';
import { ErrorCode, type ErrorCodeValue, errorMessages } from '@opex/contract/error-codes';
import type { MarketSpec } from '../core/market-spec.ts';
import type { PlaceCommand, PlaceOutcome } from '../core/spot/order-placement.ts';
import { EVERY_ROW_OLDEST_FIRST } from '../db/paging.ts';
import { tradingLimitedFor } from '../kyc/trade-limit.ts';
import { type AccountRef, exchangeAccount } from '../read-model/account-ref.ts';
import {
  committedOrder,
  findOrder,
  findPlacedOrder,
  orderPage,
  ordersByIds,
  type PlacedOrderKey,
} from '../read-model/order-reads.ts';
import { takerFills } from '../read-model/trade-reads.ts';
import type { Services } from '../services.ts';
import { BinanceCode, BinanceError, binanceErrors } from './binance-error.ts';
import { allMarkets, findMarket } from './exchange-info.ts';
import { marginRefusal } from './margin-errors.ts';
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
import { CLIENT_ID, type ParsedOrder, parseOrder } from './order-parse.ts';
import { preventedMatchIds, takerPreventedMatches } from './prevented-matches.ts';
import type { QueryParams } from './query-params.ts';

/**
 * The signed trading half of the Open API: orders placed and cancelled through the trading core, the same single
 * writer the web app's order calls use (so a bot's order is on the trader's web pages at once), and reads of the
 * caller's orders and trades from what the core committed. Refusals are Binance's codes; a refused request changes
 * nothing (the core keeps only a REJECTED row for an order that carried newClientOrderId, so a retry answers alike).
 */
/**
 * Where a caller's orders trade: spot's on the exchange account, isolated margin's on the pair's margin account
 * (margin-order-routes.ts). Orders are found, cancelled and read through the venue's account, placed by `submit`.
 */
export interface OrderVenue {
  /** The account of the caller's orders in a market; null: in every market (a venue per market refuses it). */
  account: (userId: number, spec: MarketSpec | null) => AccountRef;
  submit: (command: PlaceCommand) => Promise<PlaceOutcome>;
  /** The product whose identity-verification rule applies to its orders (kyc/trade-limit.ts). */
  product: 'spot' | 'margin';
}

export const spotVenue = (services: Services): OrderVenue => ({
  product: 'spot',
  account: (userId) => exchangeAccount(userId),
  submit: (command) => services.core.placeOrder(command),
});

/**
 * Placing, cancelling and reading one order: shared by the REST routes, the WebSocket API (ws-api-trading.ts) and,
 * on the margin account, the margin order endpoints.
 */
export type OrderActions = ReturnType<typeof orderActions>;

export function orderActions(services: Services, venue: OrderVenue = spotVenue(services)) {
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
    const account = venue.account(userId, spec);
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

  /** The order placed by `submit` (the venue's unless the caller places it its own way). */
  const placeParsed = async (userId: number, order: ParsedOrder, submit = venue.submit) => {
    takeOrderToken(userId);
    if (await tradingLimitedFor(services, userId, venue.product))
      throw placeRefusal(ErrorCode.tradingNeedsIdentity, order);
    const outcome = await submit({
      userId,
      symbol: order.spec.symbol,
      request: order.request,
      clientOrderId: order.clientOrderId,
      selfTradePrevention: order.stp,
    });
    if (!outcome.ok) throw placeRefusal(outcome.code, order);
    const account = venue.account(userId, order.spec);
    // A client order id names one order of the user's: a retry answers it, but only on the account it trades on.
    const row = await findOrder(db, account, outcome.orderId);
    if (!row) throw binanceErrors.rejected('Duplicate order sent: newClientOrderId names an order of another account.');
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
    const account = venue.account(userId, spec);
    const outcome = await core.cancelOrder({
      userId,
      orderId: Number(row.id),
      symbol: spec.symbol,
      account: account.type,
    });
    if (!outcome.ok) throw cancelRefusal(outcome.code);
    const cancelled = await committedOrder(db, account, Number(row.id));
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

  /** DELETE /openOrders: every open order of the caller in the market. */
  const cancelOpen = async (userId: number, spec: MarketSpec) => {
    const account = venue.account(userId, spec);
    const open = await orderPage(db, account, { scope: 'open', symbol: spec.symbol }, EVERY_ROW_OLDEST_FIRST);
    // Binance answers a cancel-all with nothing to cancel as an unknown order.
    if (open.length === 0) throw binanceErrors.unknownOrder();
    const outcomes = await Promise.all(
      open.map((o) => core.cancelOrder({ userId, orderId: Number(o.id), symbol: spec.symbol, account: account.type })),
    );
    const cancelled = outcomes.flatMap((o) => (o.ok ? [o.orderId] : []));
    if (cancelled.length === 0) {
      const failure = outcomes.find((o) => !o.ok);
      throw cancelRefusal(failure && !failure.ok ? failure.code : ErrorCode.orderNotOpen);
    }
    const rows = await ordersByIds(db, account, cancelled);
    const now = services.clock.now();
    return rows.map((row) => cancelledOrder(row, spec, randomClientId(), now));
  };

  return { market, marketOf, place, cancel, cancelOpen, status, placeParsed, cancelFound, findOwnOrder };
}

export const randomClientId = () => randomBytes(16).toString('base64url').slice(0, 22);

/** The core's refusal of a placement, in Binance's words. */
function placeRefusal(code: ErrorCodeValue, order: ParsedOrder): BinanceError {
  switch (code) {
    // An auto-borrow beyond what the margin account may borrow leaves the order unfunded, as Binance words it.
    case ErrorCode.insufficientBalance:
    case ErrorCode.borrowAboveLimit:
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
      return marginRefusal(code) ?? binanceErrors.rejected(errorMessages[code] ?? 'Order rejected.');
  }
}

function cancelRefusal(code: ErrorCodeValue): BinanceError {
  if (code === ErrorCode.tradingUnavailable) return binanceErrors.unavailable();
  return binanceErrors.unknownOrder();
}

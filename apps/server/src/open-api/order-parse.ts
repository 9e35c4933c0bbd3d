import { toUnits } from '../core/decimal-units.ts';
import { checkGuards, type GuardRefusal } from '../core/market-guards.ts';
import { MAX_TICKS, type MarketSpec } from '../core/market-spec.ts';
import { checkOrder, type OrderRefusal, type OrderRequest, type TimeInForceName } from '../core/order-rules.ts';
import { DEFAULT_STP_MODE, isStpMode, type StpMode } from '../core/self-trade-prevention.ts';
import type { Services } from '../services.ts';
import { BinanceCode, BinanceError, binanceErrors } from './binance-error.ts';
import { findMarket, ORDER_TYPES, TIME_IN_FORCE } from './exchange-info.ts';
import type { QueryParams } from './query-params.ts';

/**
 * A new order's parameters as Binance reads them (POST /order, /order/test, cancelReplace, the WebSocket API's
 * order.place and the margin order endpoint), checked against the market's filters and named as Binance's filters.
 */
/** Binance's newClientOrderId alphabet. */
export const CLIENT_ID = /^[.A-Za-z0-9:/_-]{1,36}$/;
/** A decimal amount as Binance accepts one. */
export const DECIMAL = /^\d{1,20}(\.\d{1,20})?$/;
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

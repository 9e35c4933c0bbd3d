import { OrderStatus } from '@opex/contract/calls/order';
import Big from 'big.js';
import type { MarketSpec } from '../core/market-spec.ts';
import { spendsQuote } from '../core/order-rules.ts';
import type { OrderRow } from '../read-model/order-reads.ts';
import type { TradeRow } from '../read-model/trade-reads.ts';
import { binanceSymbol, quoteAmount } from './market-format.ts';
import { preventedFields } from './prevented-matches.ts';

/**
 * Orders and trades in Binance's spot shapes, read from the rows the trading core wrote. Amounts are decimal
 * strings at the market's precision: prices with pricePrecision digits, quantities with volumePrecision, quote
 * amounts with both. The rows are the read model's (OrderRow and TradeRow are its types, named here too).
 */
export type { OrderRow, TradeRow };

/** The id shown for an order placed without a client order id ('opex-<orderId>'); it finds the order again. */
export const DERIVED_CLIENT_ID = /^opex-(\d{1,15})$/;
export const clientOrderIdOf = (row: Pick<OrderRow, 'id' | 'client_order_id'>) =>
  row.client_order_id ?? `opex-${row.id}`;

export type BinanceOrderStatus =
  | 'NEW'
  | 'PARTIALLY_FILLED'
  | 'FILLED'
  | 'CANCELED'
  | 'REJECTED'
  | 'EXPIRED'
  | 'EXPIRED_IN_MATCH';

/**
 * Our status as Binance's. The unfilled rest of a MARKET, IOC or FOK order, cancelled by the exchange, is EXPIRED
 * (as Binance reports it); an order self-trade prevention expired is EXPIRED_IN_MATCH; a cancel by the owner is
 * CANCELED.
 */
export function binanceStatus(row: OrderRow): BinanceOrderStatus {
  switch (row.status) {
    case OrderStatus.init:
    case OrderStatus.open:
    case OrderStatus.partiallyFilled:
    case OrderStatus.waitingTrigger:
      return new Big(row.deal_volume).gt(0) ? 'PARTIALLY_FILLED' : 'NEW';
    case OrderStatus.filled:
      return 'FILLED';
    case OrderStatus.cancelled:
      if (row.closed_by_exchange === 2) return 'EXPIRED_IN_MATCH';
      return row.closed_by_exchange === 1 && (row.type === 2 || row.time_in_force !== 'GTC') ? 'EXPIRED' : 'CANCELED';
    case OrderStatus.rejected:
      return 'REJECTED';
    default:
      return 'EXPIRED';
  }
}

/** A web stop-limit order (trigger kind 1 stop, 2 take-profit) is Binance's STOP_LOSS_LIMIT or TAKE_PROFIT_LIMIT. */
const triggerTypes: Record<number, string> = { 1: 'STOP_LOSS_LIMIT', 2: 'TAKE_PROFIT_LIMIT' };

export const binanceOrderType = (row: Pick<OrderRow, 'type' | 'post_only' | 'trigger_kind'>) =>
  row.type === 2 ? 'MARKET' : (triggerTypes[row.trigger_kind] ?? (row.post_only === 1 ? 'LIMIT_MAKER' : 'LIMIT'));

const fixed = (value: string | Big, digits: number) => new Big(value).toFixed(digits);

/** The fields every order answer shares (RESULT, GET /order, openOrders, allOrders, cancel). */
function orderCore(row: OrderRow, spec: MarketSpec) {
  const p = spec.pricePrecision;
  const v = spec.volumePrecision;
  const byQuote = spendsQuote(row);
  return {
    symbol: binanceSymbol(spec),
    orderId: Number(row.id),
    orderListId: -1,
    clientOrderId: clientOrderIdOf(row),
    price: fixed(row.price, p),
    // A market buy is placed by the quote amount to spend: origQty is 0 and origQuoteOrderQty holds it.
    origQty: byQuote ? fixed('0', v) : fixed(row.volume, v),
    executedQty: fixed(row.deal_volume, v),
    cummulativeQuoteQty: quoteAmount(row.deal_money, spec),
    status: binanceStatus(row),
    timeInForce: row.time_in_force,
    type: binanceOrderType(row),
    side: row.side,
  };
}

/** GET /api/v3/order, openOrders, allOrders; an order self-trade prevention expired also its prevented match. */
export function binanceOrder(row: OrderRow, spec: MarketSpec, preventedMatchId?: number) {
  const zeroPrice = fixed('0', spec.pricePrecision);
  return {
    ...orderCore(row, spec),
    stopPrice: row.trigger_kind === 0 ? zeroPrice : fixed(row.trigger_price, spec.pricePrecision),
    icebergQty: fixed('0', spec.volumePrecision),
    time: Number(row.created_at),
    updateTime: Number(row.updated_at),
    // A stop-limit order is not working (not on the book) until its trigger fires.
    isWorking: row.status !== OrderStatus.waitingTrigger,
    workingTime: Number(row.created_at),
    origQuoteOrderQty: quoteAmount(row.quote_order_qty, spec),
    selfTradePreventionMode: row.stp_mode,
    ...preventedFields(row, spec, preventedMatchId),
  };
}

/** POST /api/v3/order with newOrderRespType ACK. */
export function orderAck(row: OrderRow, spec: MarketSpec) {
  return {
    symbol: binanceSymbol(spec),
    orderId: Number(row.id),
    orderListId: -1,
    clientOrderId: clientOrderIdOf(row),
    transactTime: Number(row.created_at),
  };
}

/** RESULT: the order as placed; FULL adds the fills it took on entry. */
export function orderResult(row: OrderRow, spec: MarketSpec, preventedMatchId?: number) {
  return {
    ...orderCore(row, spec),
    transactTime: Number(row.created_at),
    origQuoteOrderQty: quoteAmount(row.quote_order_qty, spec),
    workingTime: Number(row.created_at),
    selfTradePreventionMode: row.stp_mode,
    ...preventedFields(row, spec, preventedMatchId),
  };
}

/**
 * One side's fee of a trade: the buyer's in the base coin, the seller's in the quote coin, at that coin's scale;
 * or, when the trader pays fees in the platform coin, in that coin, exactly as charged.
 */
function commissionOf(trade: TradeRow, isBuyer: boolean, spec: MarketSpec) {
  const feeCoin = isBuyer ? trade.buyer_fee_coin : trade.seller_fee_coin;
  const fee = isBuyer ? trade.buyer_fee : trade.seller_fee;
  const usual = isBuyer ? spec.base : spec.quote;
  if (feeCoin && feeCoin !== usual) return { commission: new Big(fee).toFixed(), commissionAsset: feeCoin };
  return { commission: fixed(fee, isBuyer ? spec.baseScale : spec.quoteScale), commissionAsset: usual };
}

/** A fill of a taker order, with the taker's fee. */
export function orderFill(trade: TradeRow, spec: MarketSpec) {
  return {
    price: fixed(trade.price, spec.pricePrecision),
    qty: fixed(trade.volume, spec.volumePrecision),
    ...commissionOf(trade, trade.taker_side === 'BUY', spec),
    tradeId: Number(trade.id),
  };
}

/** DELETE /api/v3/order: the cancelled order, with the cancel request's own client id. */
export function cancelledOrder(row: OrderRow, spec: MarketSpec, cancelClientId: string, now: number) {
  const { clientOrderId, ...rest } = orderCore(row, spec);
  return {
    symbol: rest.symbol,
    origClientOrderId: clientOrderId,
    orderId: rest.orderId,
    orderListId: -1,
    clientOrderId: cancelClientId,
    transactTime: now,
    price: rest.price,
    origQty: rest.origQty,
    executedQty: rest.executedQty,
    origQuoteOrderQty: quoteAmount(row.quote_order_qty, spec),
    cummulativeQuoteQty: rest.cummulativeQuoteQty,
    status: rest.status,
    timeInForce: rest.timeInForce,
    type: rest.type,
    side: rest.side,
    selfTradePreventionMode: row.stp_mode,
  };
}

/**
 * GET /api/v3/myTrades: one row per side the user took in the trade (a trade between two of the user's own
 * orders is two rows, as on Binance).
 */
export function myTradeRows(trade: TradeRow, userId: number, spec: MarketSpec) {
  const rows = [];
  const takerBuys = trade.taker_side === 'BUY';
  for (const maker of [true, false]) {
    const owner = maker ? trade.maker_user_id : trade.taker_user_id;
    if (Number(owner) !== userId) continue;
    const isBuyer = maker ? !takerBuys : takerBuys;
    rows.push({
      symbol: binanceSymbol(spec),
      id: Number(trade.id),
      orderId: Number(maker ? trade.maker_order_id : trade.taker_order_id),
      orderListId: -1,
      price: fixed(trade.price, spec.pricePrecision),
      qty: fixed(trade.volume, spec.volumePrecision),
      quoteQty: quoteAmount(trade.amount, spec),
      ...commissionOf(trade, isBuyer, spec),
      time: Number(trade.created_at),
      isBuyer,
      isMaker: maker,
      isBestMatch: true,
    });
  }
  return rows;
}

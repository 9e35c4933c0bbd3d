import { CoTriggerStatus, CoTriggerType } from '@opex/contract/calls/co-trigger';
import type { Selectable } from 'kysely';
import type { FuturesOrdersTable } from '../db/tables/futures.ts';
import type { TriggerRow } from '../futures/trigger-store.ts';
import { ledgerFixed, ledgerOf } from '../ledger/ledger-units.ts';
import { averagePrice } from '../modules/co/co-order.ts';
import type { FuturesMarket } from './futures-markets.ts';
import { quantityOf } from './futures-markets.ts';
import { binanceStatus, clientOrderIdOf, type OrderRow } from './order-format.ts';

/**
 * Futures orders in Binance's shapes: an order of the book (`/fapi/v1/order` and its lists) from its row and its
 * futures facts, and a conditional order (our trigger) as an algo order (`/fapi/v1/algoOrder`) or, for the bots
 * that place them on `/fapi/v1/order`, as a classic conditional order whose orderId is the trigger's id plus
 * TRIGGER_ORDER_ID_OFFSET (so the two kinds of id never meet).
 */
export type FuturesFact = Selectable<FuturesOrdersTable>;

export const TRIGGER_ORDER_ID_OFFSET = 1_000_000_000_000;

/** The lots (whole contracts) of an order row's volume text. */
export const lotsOf = (text: string) => BigInt(text.split('.')[0] as string);

const timeInForceOf = (row: OrderRow, fact: FuturesFact | undefined) =>
  fact?.kind === 5 || row.post_only === 1 ? 'GTX' : row.time_in_force;

export function futuresOrder(row: OrderRow, fact: FuturesFact | undefined, m: FuturesMarket) {
  const dealt = lotsOf(row.deal_volume);
  const type = row.type === 2 ? 'MARKET' : 'LIMIT';
  const cum = ledgerFixed(ledgerOf(row.deal_money), 8);
  const status = binanceStatus(row);
  return {
    orderId: Number(row.id),
    symbol: m.symbol,
    ...(m.family === 'dapi' ? { pair: m.pair } : {}),
    status: status === 'EXPIRED_IN_MATCH' ? 'EXPIRED' : status,
    clientOrderId: clientOrderIdOf(row),
    price: row.type === 2 ? '0' : ledgerFixed(ledgerOf(row.price), m.contract.price_precision),
    avgPrice: averagePrice(m.contract, dealt, ledgerOf(row.deal_money)),
    origQty: quantityOf(m, lotsOf(row.volume).toString()),
    executedQty: quantityOf(m, dealt.toString()),
    cumQty: quantityOf(m, dealt.toString()),
    ...(m.family === 'dapi' ? { cumBase: cum } : { cumQuote: cum }),
    timeInForce: timeInForceOf(row, fact),
    type,
    reduceOnly: fact?.reduce_only === 1,
    closePosition: false,
    side: row.side,
    positionSide: (fact?.position_side ?? 'both').toUpperCase(),
    stopPrice: '0',
    workingType: 'CONTRACT_PRICE',
    priceProtect: false,
    origType: type,
    priceMatch: 'NONE',
    selfTradePreventionMode: 'NONE',
    goodTillDate: 0,
    time: Number(row.created_at),
    updateTime: Number(row.updated_at),
  };
}

/** Binance's order type of a trigger: stop-loss STOP, take-profit TAKE_PROFIT (a plain conditional by its way). */
function triggerOrderType(t: TriggerRow): string {
  if (t.trigger_type === CoTriggerType.trailingStop) return 'TRAILING_STOP_MARKET';
  const stop =
    t.trigger_type === CoTriggerType.stopLoss ||
    (t.trigger_type === CoTriggerType.conditional && (t.side === 'BUY') === (t.direction === 1));
  return `${stop ? 'STOP' : 'TAKE_PROFIT'}${t.order_type === 2 ? '_MARKET' : ''}`;
}

const ALGO_STATUS: Record<number, string> = {
  [CoTriggerStatus.active]: 'NEW',
  [CoTriggerStatus.expired]: 'EXPIRED',
  [CoTriggerStatus.done]: 'FINISHED',
  [CoTriggerStatus.failed]: 'REJECTED',
  [CoTriggerStatus.cancelled]: 'CANCELED',
};

export const clientAlgoIdOf = (t: Pick<TriggerRow, 'id'>) => `opex-algo-${t.id}`;

export function algoOrder(t: TriggerRow, m: FuturesMarket) {
  const price = (text: string) => ledgerFixed(ledgerOf(text), m.contract.price_precision);
  const trailing = t.trigger_type === CoTriggerType.trailingStop;
  return {
    algoId: Number(t.id),
    clientAlgoId: clientAlgoIdOf(t),
    algoType: 'CONDITIONAL',
    orderType: triggerOrderType(t),
    symbol: m.symbol,
    side: t.side,
    positionSide: t.position_side.toUpperCase(),
    timeInForce: 'GTC',
    quantity: quantityOf(m, t.volume),
    algoStatus: ALGO_STATUS[t.status] ?? 'NEW',
    triggerPrice: price(t.trigger_price),
    price: price(t.price),
    icebergQuantity: null,
    selfTradePreventionMode: 'NONE',
    workingType: t.price_kind === 2 ? 'MARK_PRICE' : 'CONTRACT_PRICE',
    priceMatch: 'NONE',
    closePosition: false,
    priceProtect: false,
    reduceOnly: t.reduce_only === 1,
    ...(trailing
      ? { activatePrice: price(t.activation_price), callbackRate: ledgerFixed(ledgerOf(t.callback_rate) * 100n, 2) }
      : {}),
    createTime: Number(t.created_at),
    updateTime: Number(t.updated_at),
    triggerTime: t.status === CoTriggerStatus.done ? Number(t.updated_at) : 0,
    goodTillDate: Number(t.expire_at),
  };
}

/** A trigger as the classic conditional order of `/fapi/v1/order`. */
export function triggerAsOrder(t: TriggerRow, m: FuturesMarket) {
  const a = algoOrder(t, m);
  const status = a.algoStatus === 'FINISHED' ? 'FILLED' : a.algoStatus === 'REJECTED' ? 'EXPIRED' : a.algoStatus;
  return {
    orderId: TRIGGER_ORDER_ID_OFFSET + a.algoId,
    symbol: a.symbol,
    ...(m.family === 'dapi' ? { pair: m.pair } : {}),
    status,
    clientOrderId: a.clientAlgoId,
    price: a.price,
    avgPrice: '0',
    origQty: a.quantity,
    executedQty: quantityOf(m, 0),
    cumQty: quantityOf(m, 0),
    ...(m.family === 'dapi' ? { cumBase: '0' } : { cumQuote: '0' }),
    timeInForce: a.timeInForce,
    type: a.orderType,
    reduceOnly: a.reduceOnly,
    closePosition: false,
    side: a.side,
    positionSide: a.positionSide,
    stopPrice: a.triggerPrice,
    workingType: a.workingType,
    priceProtect: false,
    origType: a.orderType,
    ...(a.activatePrice === undefined ? {} : { activatePrice: a.activatePrice, priceRate: a.callbackRate }),
    priceMatch: 'NONE',
    selfTradePreventionMode: 'NONE',
    goodTillDate: 0,
    time: a.createTime,
    updateTime: a.updateTime,
  };
}

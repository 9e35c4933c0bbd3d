import { OrderStatus } from '@opex/contract/calls/order';
import type { Insertable, Selectable } from 'kysely';
import type { OrdersTable } from '../db/tables/trading.ts';
import type { Account } from '../ledger/accounts.ts';
import { ledgerFromUnits, ledgerOf, ledgerText } from '../ledger/ledger-units.ts';
import { formatUnits, toUnits, unitsToBig } from './decimal-units.ts';
import type { MarketSpec } from './market-spec.ts';
import type { TimeInForceName } from './order-rules.ts';
import type { StpMode } from './self-trade-prevention.ts';

/**
 * An order as the core holds it while it is open (and while a batch that touched it is written): engine units for
 * what the book needs, ledger units (ledger-units.ts) for money. `reserve` is what it still holds locked in `lockCoin`.
 */
export interface OrderState {
  id: number;
  userId: number;
  /** The account it trades on (its product's risk stage holds what it may spend). */
  account: Account;
  /** Margin's auto-repay, as placed (stored with the order; the core keeps the open ones in CoreState.autoRepay). */
  autoRepay?: boolean;
  spec: MarketSpec;
  side: 'BUY' | 'SELL';
  /** 1 limit, 2 market. */
  type: 1 | 2;
  ticks: number;
  lots: number;
  /** A market buy's amount in tick-lots; 0 otherwise. */
  quoteTickLots: number;
  /** A market sell by quote amount: the amount asked in tick-lots (the core sizes it in lots when it places it). */
  askedQuoteTickLots?: number;
  timeInForce: TimeInForceName;
  postOnly: boolean;
  /** A stop-limit order's trigger price in ticks and which way it waits (engine TriggerKind); 0 and 0 otherwise. */
  triggerTicks: number;
  triggerKind: number;
  dealLots: number;
  dealMoney: bigint;
  fee: bigint;
  /** Fees charged in the platform coin instead of the fee coin (user/update_fee_coin_open). */
  platformFee: bigint;
  platformFeeCoin: string;
  reserve: bigint;
  status: number;
  closedByExchange: boolean;
  /** Self-trade prevention ended it (Binance's EXPIRED_IN_MATCH); absent on orders read back on start. */
  expiredInMatch?: boolean;
  /** Its self-trade prevention mode; absent on orders read back on start (only a new, incoming order uses it). */
  stp?: StpMode;
  clientOrderId: string | null;
  createdAt: number;
  updatedAt: number;
}

/** What an order holds: a spot buy the quote, a sell the base; a futures order margin in the margin coin. */
export const lockCoinOf = (o: Pick<OrderState, 'side' | 'spec'>) =>
  o.spec.futures ? o.spec.futures.marginCoin : o.side === 'BUY' ? o.spec.quote : o.spec.base;
/** The coin its fees are in: what a spot fill brings in, a futures fill's margin coin. */
export const feeCoinOf = (o: Pick<OrderState, 'side' | 'spec'>) =>
  o.spec.futures ? o.spec.futures.marginCoin : o.side === 'BUY' ? o.spec.base : o.spec.quote;

/**
 * What a new order must lock: a limit buy price × volume, a market buy by amount that amount, a sell its volume.
 * (A market buy by quantity is priced against the book when it is placed: see order-execution.ts.)
 */
export function reserveFor(o: Pick<OrderState, 'side' | 'type' | 'spec' | 'ticks' | 'lots' | 'quoteTickLots'>): bigint {
  const { pricePrecision: p, volumePrecision: v } = o.spec;
  if (o.side === 'SELL') return ledgerFromUnits(o.lots, v);
  if (o.type === 2) return ledgerFromUnits(o.quoteTickLots, p + v);
  return notionalLedger(o.ticks, o.lots, p + v);
}

/** ticks × lots in ledger units (price and volume precision sum to at most 18: the operator CLI refuses more). */
export function notionalLedger(ticks: number, lots: number, digits: number): bigint {
  const product = ticks * lots;
  return ledgerFromUnits(Number.isSafeInteger(product) ? product : BigInt(ticks) * BigInt(lots), digits);
}

/** What an order upsert changes when the row exists (both batch writers). */
export const ORDER_UPDATE_COLUMNS = [
  'deal_volume',
  'deal_money',
  'fee',
  'platform_fee',
  'platform_fee_coin',
  'reserve',
  'status',
  'closed_by_exchange',
  'updated_at',
] as const;

export function orderRow(o: OrderState): Insertable<OrdersTable> {
  const { pricePrecision: p, volumePrecision: v } = o.spec;
  const byQuantity = o.type === 2 && o.side === 'BUY' && o.lots > 0;
  const byAmount = o.type === 2 && o.side === 'BUY' && !byQuantity;
  return {
    id: o.id,
    user_id: o.userId,
    account: o.account,
    symbol: o.spec.symbol,
    side: o.side,
    type: o.type,
    price: o.type === 1 ? formatUnits(o.ticks, p) : '0',
    volume: byAmount ? unitsToBig(o.quoteTickLots, p + v).toFixed(p) : formatUnits(o.lots, v),
    deal_volume: formatUnits(o.dealLots, v),
    deal_money: ledgerText(o.dealMoney),
    fee: ledgerText(o.fee),
    fee_coin: feeCoinOf(o),
    platform_fee: ledgerText(o.platformFee),
    platform_fee_coin: o.platformFeeCoin,
    reserve: ledgerText(o.reserve),
    status: o.status,
    closed_by_exchange: o.expiredInMatch ? 2 : o.closedByExchange ? 1 : 0,
    client_order_id: o.clientOrderId,
    reject_code: '',
    time_in_force: o.timeInForce,
    post_only: o.postOnly ? 1 : 0,
    by_quantity: byQuantity ? 1 : 0,
    quote_order_qty: unitsToBig(byAmount ? o.quoteTickLots : (o.askedQuoteTickLots ?? 0), p + v).toFixed(p),
    stp_mode: o.stp ?? 'NONE',
    auto_repay: o.autoRepay ? 1 : 0,
    trigger_price: formatUnits(o.triggerTicks, p),
    trigger_kind: o.triggerKind,
    created_at: o.createdAt,
    updated_at: o.updatedAt,
  };
}

/** An open order read back on start. Throws when the market's precision no longer fits it (a config error). */
export function orderFromRow(row: Selectable<OrdersTable>, spec: MarketSpec): OrderState {
  const { pricePrecision: p, volumePrecision: v } = spec;
  const units = (value: string, digits: number) => {
    const r = toUnits(value, digits);
    if (!r.ok) throw new Error(`order ${row.id}: ${value} does not fit market ${spec.symbol}'s precision`);
    return r.units;
  };
  return {
    id: row.id,
    userId: row.user_id,
    account: row.account as Account,
    spec,
    side: row.side,
    type: row.type === 2 ? 2 : 1,
    ticks: units(row.price, p),
    lots: units(row.volume, v),
    quoteTickLots: 0,
    timeInForce: row.time_in_force as TimeInForceName,
    postOnly: row.post_only === 1,
    triggerTicks: units(row.trigger_price, p),
    triggerKind: row.trigger_kind,
    dealLots: units(row.deal_volume, v),
    dealMoney: ledgerOf(row.deal_money),
    fee: ledgerOf(row.fee),
    platformFee: ledgerOf(row.platform_fee),
    platformFeeCoin: row.platform_fee_coin,
    reserve: ledgerOf(row.reserve),
    status: row.status,
    closedByExchange: row.closed_by_exchange === 1,
    clientOrderId: row.client_order_id,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export const isOpenStatus = (status: number) =>
  status === OrderStatus.init ||
  status === OrderStatus.open ||
  status === OrderStatus.partiallyFilled ||
  status === OrderStatus.waitingTrigger;

import { OrderStatus } from '@opex/contract/calls/order';
import { ErrorCode, type ErrorCodeValue } from '@opex/contract/error-codes';
import { amountRefusal } from '@opex/contract/spot-order-rules';
import { triggerDirection } from '@opex/contract/spot-order-terms';
import { OrderKind, Side, TimeInForce, TriggerKind } from '@opex/engine/commands';
import { EventType } from '@opex/engine/events';
import type { OrderBook } from '@opex/engine/order-book';
import { Reason } from '@opex/engine/reasons';
import type { Account } from '../../ledger/accounts.ts';
import type { BatchEffects } from '../batch-effects.ts';
import type { CoreState } from '../core-state.ts';
import { formatUnits, unitsToBig } from '../decimal-units.ts';
import { futuresReserve } from '../futures/futures-reserve.ts';
import { FORCED, type FuturesIntent, type FuturesOrder } from '../futures/futures-state.ts';
import { checkGuards, type GuardRefusal, protectionPrice } from '../market-guards.ts';
import { checkOrder, type OrderRefusal, type OrderRequest } from '../order-rules.ts';
import { feeCoinOf, lockCoinOf, notionalLedger, type OrderState, reserveFor } from '../order-state.ts';
import { riskStageOf } from '../risk-stages.ts';
import { DEFAULT_STP_MODE, engineStp, type StpMode } from '../self-trade-prevention.ts';
import { NOT_ON_BOOK, settleEvents } from './book-events.ts';
import { end } from './order-end.ts';

/**
 * Placing a spot order in memory, its effects collected in the batch: validate -> the account's risk stage checks
 * and holds what it may spend -> match -> settle each trade (book-events.ts) -> release what an ended order still
 * holds. Synchronous: the core writes the batch afterwards, and answers only after commit.
 */
export type PlaceOutcome = { ok: true; orderId: number } | { ok: false; code: ErrorCodeValue };

export interface PlaceCommand {
  userId: number;
  symbol: string;
  request: OrderRequest;
  clientOrderId: string | null;
  /** The account that trades: its product's risk stage decides what the order may spend; 'exchange' when absent. */
  account?: Account;
  /** Self-trade prevention; EXPIRE_TAKER when absent (every web order). */
  selfTradePrevention?: StpMode;
  /** Margin: repay the pair's loans of the coin each fill brings in (its risk stage's `received`). */
  autoRepay?: boolean;
  /** A futures order: what it is to its position (futures/futures-commands.ts places these). */
  futures?: FuturesIntent;
}

/** The engine's end of a book side's levels and of a level's orders. */
const NO_LEVEL = -1;

const refusalCodes: Record<OrderRefusal, ErrorCodeValue> = {
  market_closed: ErrorCode.marketClosed,
  price_precision: ErrorCode.pricePrecision,
  volume_precision: ErrorCode.volumePrecision,
  price_below_minimum: ErrorCode.priceBelowMinimum,
  volume_below_minimum: ErrorCode.volumeBelowMinimum,
  market_buy_below_minimum: ErrorCode.marketBuyBelowMinimum,
  market_sell_below_minimum: ErrorCode.marketSellBelowMinimum,
  too_large: ErrorCode.orderTooLarge,
  trigger_price_precision: ErrorCode.triggerPricePrecision,
  trigger_price_below_minimum: ErrorCode.triggerPriceBelowMinimum,
};

const guardCodes: Record<GuardRefusal, ErrorCodeValue> = {
  below_min_value: ErrorCode.orderValueBelowMinimum,
  buy_above_band: ErrorCode.buyPriceAboveBand,
  sell_below_band: ErrorCode.sellPriceBelowBand,
};
const triggerRefusals = {
  trigger_no_last_price: ErrorCode.triggerNoLastPrice,
  trigger_at_last_price: ErrorCode.triggerAtLastPrice,
} as const;

export function placeOrder(state: CoreState, batch: BatchEffects, cmd: PlaceCommand, now: number): PlaceOutcome {
  const market = state.markets.get(cmd.symbol);
  // A contract's book takes only futures orders (futures-commands.ts), a spot book only spot and margin orders.
  if (!market || (market.spec.futures !== null) !== (cmd.futures !== undefined))
    return refuse(state, batch, cmd, ErrorCode.marketNotFound, now);
  const account = cmd.account ?? 'exchange';
  const risk = riskStageOf(account);
  if (!risk) return refuse(state, batch, cmd, ErrorCode.badRequest, now);
  const intent = checkOrder(market.spec, cmd.request);
  if (typeof intent === 'string') return refuse(state, batch, cmd, refusalCodes[intent], now);
  const lastTicks = market.book.lastPrice;
  // A liquidation's order is bounded by the bankruptcy price, not the band.
  const guard = cmd.futures?.kind === FORCED ? null : checkGuards(market.spec, intent, lastTicks);
  if (guard) return refuse(state, batch, cmd, guardCodes[guard], now);
  const stp = cmd.selfTradePrevention ?? DEFAULT_STP_MODE;
  // A market order stops at the band's edge: its protection price.
  const limitTicks = intent.type === 1 ? intent.ticks : protectionPrice(market.spec, intent.side, lastTicks);
  // A stop-limit order waits for a rise or a fall, whichever its trigger is from the last price now.
  let triggerKind: TriggerKind = TriggerKind.None;
  if (intent.triggerTicks > 0) {
    const last = market.book.lastPrice === 0 ? null : formatUnits(market.book.lastPrice, market.spec.pricePrecision);
    const trigger = formatUnits(intent.triggerTicks, market.spec.pricePrecision);
    const direction = triggerDirection(intent.side, trigger, last);
    if (!direction.ok) return refuse(state, batch, cmd, triggerRefusals[direction.rule], now);
    triggerKind = direction.kind === 'stop' ? TriggerKind.Stop : TriggerKind.TakeProfit;
  }

  let askedQuoteTickLots = 0;
  if (intent.side === 'SELL' && intent.type === 2 && intent.quoteTickLots > 0) {
    // A market sell by the quote amount to receive: the lots the bids pay for it, sold as a sell by quantity.
    const lots = lotsToSellFor(market.book, intent.quoteTickLots);
    if (amountRefusal(market.spec, 'marketSell', unitsToBig(lots, market.spec.volumePrecision)) !== null)
      return refuse(state, batch, cmd, ErrorCode.marketSellBelowMinimum, now);
    askedQuoteTickLots = intent.quoteTickLots;
    intent.lots = lots;
    intent.quoteTickLots = 0;
  }
  const order: OrderState = {
    id: state.nextOrderId,
    userId: cmd.userId,
    account,
    spec: market.spec,
    ...intent,
    askedQuoteTickLots,
    triggerKind,
    dealLots: 0,
    dealMoney: 0n,
    fee: 0n,
    platformFee: 0n,
    platformFeeCoin: '',
    reserve: 0n,
    status: triggerKind === TriggerKind.None ? OrderStatus.open : OrderStatus.waitingTrigger,
    closedByExchange: false,
    clientOrderId: cmd.clientOrderId,
    ...(cmd.autoRepay ? { autoRepay: true } : {}),
    createdAt: now,
    updatedAt: now,
    stp,
  };
  let reserve: bigint;
  let reduceLeft = 0n;
  if (cmd.futures) {
    const reckoned = futuresReserve(state, market.book, order, cmd.futures, limitTicks);
    if (typeof reckoned === 'string') return refuse(state, batch, cmd, reckoned, now);
    ({ reserve, reduceLeft } = reckoned);
  } else {
    reserve =
      order.type === 2 && order.side === 'BUY' && order.lots > 0
        ? costToBuy(market.book, order, limitTicks)
        : reserveFor(order);
  }
  const lockCoin = lockCoinOf(order);
  const refusal = risk.check(state, order, lockCoin, reserve);
  if (refusal) return refuse(state, batch, cmd, refusal, now);

  const book = market.book;
  book.place({
    type: 'place',
    id: order.id,
    owner: order.userId,
    ts: now,
    side: order.side === 'BUY' ? Side.Buy : Side.Sell,
    kind: order.type === 1 ? OrderKind.Limit : OrderKind.Market,
    price: limitTicks,
    qty: order.lots,
    quote: order.quoteTickLots,
    tif: TimeInForce[order.timeInForce],
    postOnly: order.postOnly,
    stp: engineStp[stp],
    trigger: triggerKind,
    triggerPrice: order.triggerTicks,
  });
  const events = book.events;
  if (events.type(0) === EventType.Rejected) {
    const reason = events.rejectReason(0);
    return refuse(state, batch, cmd, bookRefusals[reason] ?? ErrorCode.badRequest, now);
  }
  state.nextOrderId++;
  if (order.autoRepay) state.autoRepay.add(order.id);
  risk.hold({ state, batch, at: now }, order, lockCoin, reserve);
  order.reserve = reserve;
  state.open.set(order.id, order);
  batch.orders.set(order.id, order);
  if (cmd.futures) {
    const futures = { ...cmd.futures, orderId: order.id, userId: order.userId, symbol: order.spec.symbol, reduceLeft };
    state.futures.addOrder({ ...futures, realized: 0n });
    batch.futuresOrders.set(order.id, state.futures.orders.get(order.id) as FuturesOrder);
  }
  batch.touchedMarkets.add(market.spec.symbol);
  settleEvents(state, batch, market, now);
  if (state.open.has(order.id) && book.ids.get(order.id) === NOT_ON_BOOK)
    end(state, batch, order, OrderStatus.filled, now);
  return { ok: true, orderId: order.id };
}

/** The engine's refusals of a checked order that the core answers with their own code. */
const bookRefusals: Partial<Record<number, ErrorCodeValue>> = {
  [Reason.QtyRange]: ErrorCode.orderTooLarge,
  [Reason.PriceRange]: ErrorCode.orderTooLarge,
  [Reason.PostOnly]: ErrorCode.postOnlyWouldTake,
  [Reason.TriggerCrossed]: ErrorCode.triggerAtLastPrice,
};

/** A refusal; recorded as a rejected order when it carries a client order id, so a retry gets the same answer. */
function refuse(
  state: CoreState,
  batch: BatchEffects,
  cmd: PlaceCommand,
  code: ErrorCodeValue,
  now: number,
): PlaceOutcome {
  if (cmd.clientOrderId !== null) {
    const market = state.markets.get(cmd.symbol);
    batch.rejected.push({
      id: state.nextOrderId++,
      user_id: cmd.userId,
      account: cmd.account ?? 'exchange',
      symbol: cmd.symbol,
      side: cmd.request.side,
      type: cmd.request.type,
      price: cmd.request.type === 1 ? (cmd.request.price ?? '0') : '0',
      volume: cmd.request.volume,
      deal_volume: '0',
      deal_money: '0',
      fee: '0',
      fee_coin: market ? feeCoinOf({ side: cmd.request.side, spec: market.spec }) : '',
      platform_fee: '0',
      platform_fee_coin: '',
      reserve: '0',
      status: OrderStatus.rejected,
      closed_by_exchange: 0,
      client_order_id: cmd.clientOrderId,
      reject_code: code,
      time_in_force: cmd.request.timeInForce ?? 'GTC',
      post_only: cmd.request.postOnly ? 1 : 0,
      stp_mode: cmd.selfTradePrevention ?? DEFAULT_STP_MODE,
      trigger_price: cmd.request.triggerPrice ?? '0',
      created_at: now,
      updated_at: now,
    });
  }
  return { ok: false, code };
}

/**
 * What a market buy by quantity costs against the book as it is: the asks it would take, best first, each at its
 * price, up to its protection price (0: none), passing over the buyer's own asks when self-trade prevention expires
 * them (EXPIRE_MAKER: it then takes the asks behind them). The core places it next, on the same book, so it spends
 * at most this (less when self-trade prevention stops it); with too few asks, the cost of all it can take.
 */
function costToBuy(book: OrderBook, order: OrderState, limitTicks: number): bigint {
  const digits = order.spec.pricePrecision + order.spec.volumePrecision;
  const store = book.store;
  const asks = book.asks;
  const skipOwn = order.stp === 'EXPIRE_MAKER';
  let cost = 0n;
  let left = order.lots;
  for (let level = asks.best(); level !== NO_LEVEL && left > 0; level = asks.worse(level)) {
    const ticks = asks.price[level] as number;
    if (limitTicks !== 0 && ticks > limitTicks) break;
    for (let maker = asks.head[level] as number; maker !== NO_LEVEL && left > 0; maker = store.nextOf(maker)) {
      if (skipOwn && store.ownerOf(maker) === order.userId) continue;
      const take = Math.min(left, store.remainingOf(maker));
      cost += notionalLedger(ticks, take, digits);
      left -= take;
    }
  }
  return cost;
}

/**
 * How many lots a market sell by quote amount sells: as many as the bids resting now pay for `quoteTickLots`, best
 * first, never more (whole lots, so it may receive a little less). The core places it next, on the same book, so
 * these are exactly the lots it takes.
 */
function lotsToSellFor(book: OrderBook, quoteTickLots: number): number {
  const bids = book.bids;
  let left = quoteTickLots;
  let lots = 0;
  for (let level = bids.best(); level !== -1; level = bids.worse(level)) {
    const ticks = bids.price[level] as number;
    const volume = bids.volume[level] as number;
    const take = Math.min(volume, Math.floor(left / ticks));
    lots += take;
    left -= take * ticks;
    if (take < volume) break;
  }
  return lots;
}

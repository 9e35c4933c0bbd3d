import { OrderStatus } from '@opex/contract/calls/order';
import { SYSTEM_OWNER } from '../../ledger/accounts.ts';
import { ledgerFromUnits, ledgerText, mulRate } from '../../ledger/ledger-units.ts';
import type { CorePosting } from '../balance-cache.ts';
import type { BatchEffects } from '../batch-effects.ts';
import type { CoreState, Market } from '../core-state.ts';
import { formatUnits } from '../decimal-units.ts';
import type { OrderState } from '../order-state.ts';
import { end } from '../spot/order-end.ts';
import { bracketOf, initialMargin } from './brackets.ts';
import { applyFill, notional } from './contract-value.ts';
import type { FuturesRules } from './futures-rules.ts';
import {
  FORCED,
  type FuturesIntent,
  type FuturesOrder,
  type FuturesPosition,
  LIQUIDATION_MEMO,
  positionKey,
} from './futures-state.ts';
import { ceilDiv } from './ratio.ts';

/**
 * One trade on a contract's book, settled for both sides. For each order, against its position:
 * 1. the part that closes (applyFill): the position's margin for it is freed, and the PnL at the trade price is paid
 *    by or to the clearing account. A loss is paid from the freed margin, then (cross) the account's available
 *    balance or (isolated) the rest of the position's margin; what is still owed is the insurance fund's;
 * 2. the part that opens: the order's reserve for it is freed, and the position holds its initial margin at the
 *    trade price;
 * 3. the fee on the whole fill's value goes to the fee account (opening and closing parts as separate rows).
 * Nothing is ever taken beyond what the account holds: every balance stays at or above zero.
 */
export function settleFuturesTrade(
  state: CoreState,
  batch: BatchEffects,
  market: Market,
  i: number,
  now: number,
): void {
  const events = market.book.events;
  const spec = market.spec;
  const rules = spec.futures as FuturesRules;
  const maker = state.open.get(events.makerId(i)) as OrderState;
  const taker = state.open.get(events.takerId(i)) as OrderState;
  const ticks = events.tradePrice(i);
  const lots = events.tradeQty(i);
  const price = ledgerFromUnits(ticks, spec.pricePrecision);
  const value = notional(rules.terms, BigInt(lots), price);
  const tradeId = state.nextTradeId++;
  const cause = `trade:${tradeId}`;
  const fill = (o: OrderState, rate: bigint) =>
    fillOrder({ state, batch, now, rules, cause }, o, BigInt(lots), price, value, rate);
  const makerFill = fill(maker, spec.makerFeeRate);
  const takerFill = fill(taker, spec.takerFeeRate);
  for (const o of [maker, taker]) {
    o.dealLots += lots;
    o.dealMoney += value;
    o.status = OrderStatus.partiallyFilled;
    o.updatedAt = now;
    batch.orders.set(o.id, o);
  }
  const [buyer, seller] = taker.side === 'BUY' ? [takerFill, makerFill] : [makerFill, takerFill];
  const volume = String(lots);
  const priceText = formatUnits(ticks, spec.pricePrecision);
  batch.trades.push({
    id: tradeId,
    symbol: spec.symbol,
    price: priceText,
    volume,
    amount: ledgerText(value),
    maker_order_id: maker.id,
    taker_order_id: taker.id,
    maker_user_id: maker.userId,
    taker_user_id: taker.userId,
    taker_side: taker.side,
    buyer_fee: ledgerText(buyer.fee),
    seller_fee: ledgerText(seller.fee),
    buyer_fee_coin: rules.marginCoin,
    seller_fee_coin: rules.marginCoin,
    created_at: now,
  });
  batch.insert('futures_fills', {
    trade_id: tradeId,
    symbol: spec.symbol,
    buyer_realized: ledgerText(buyer.realized),
    seller_realized: ledgerText(seller.realized),
    buyer_position_id: buyer.positionId,
    seller_position_id: seller.positionId,
  });
  batch.events.push({
    type: 'trade',
    tradeId,
    symbol: spec.symbol,
    price: priceText,
    volume,
    amount: ledgerText(value),
    takerSide: taker.side,
    makerUserId: maker.userId,
    takerUserId: taker.userId,
    takerOrderId: taker.id,
    ts: now,
  });
  if (events.makerRemaining(i) === 0) end(state, batch, maker, OrderStatus.filled, now);
}

export interface FillContext {
  state: CoreState;
  batch: BatchEffects;
  now: number;
  rules: FuturesRules;
  cause: string;
  /** The ledger cause of the PnL a close realizes: `delivery` for a dated contract's delivery (futures-delivery.ts). */
  pnlCause?: 'realized_pnl' | 'delivery';
}

interface FillOutcome {
  fee: bigint;
  realized: bigint;
  positionId: number;
}

/** A fill of an order on the book: its futures facts and reserve, then the position's settlement. */
function fillOrder(
  c: FillContext,
  o: OrderState,
  lots: bigint,
  price: bigint,
  value: bigint,
  feeRate: bigint,
): FillOutcome {
  const fo = c.state.futures.orders.get(o.id) as FuturesOrder;
  // What was left of the order's opening part before this fill (its reserve covers that much).
  const openLeft = BigInt(o.lots - o.dealLots) - fo.reduceLeft;
  const outcome = settlePositionFill(c, {
    userId: o.userId,
    symbol: o.spec.symbol,
    intent: fo,
    signed: o.side === 'BUY' ? lots : -lots,
    price,
    value,
    // A liquidation's clearance fee on a cross position is its bracket's maintenance rate.
    feeRate: fo.kind === FORCED ? bracketOf(c.rules.brackets, value).maintenanceRate : feeRate,
    clearance: fo.kind === FORCED,
    freeReserve: (opened) => {
      const freed = opened >= openLeft ? o.reserve : (o.reserve * opened) / openLeft;
      o.reserve -= freed;
      return freed;
    },
  });
  fo.reduceLeft -= min(outcome.closed, fo.reduceLeft);
  fo.realized += outcome.realized;
  o.fee += outcome.fee;
  c.batch.futuresOrders.set(o.id, fo);
  return outcome;
}

export interface PositionFill {
  userId: number;
  symbol: string;
  intent: Pick<FuturesIntent, 'positionSide' | 'leverage' | 'marginMode'>;
  /** Contracts bought (above zero) or sold. */
  signed: bigint;
  price: bigint;
  /** The fill's value in the margin coin, which the fee is reckoned on. */
  value: bigint;
  feeRate: bigint;
  /**
   * A liquidation's fill: its fee is the clearance fee and goes to the insurance fund; an isolated position's
   * clearance is whatever its margin still holds after the loss.
   */
  clearance: boolean;
  /** Frees the reserve held for `opened` contracts into the available balance; returns how much. */
  freeReserve(opened: bigint): bigint;
}

/**
 * One side of a fill, settled against its position (see settleFuturesTrade). Also the settlement of an
 * auto-deleveraging fill, which no order carries.
 */
export function settlePositionFill(c: FillContext, f: PositionFill): FillOutcome & { closed: bigint } {
  const { state, batch, now, rules } = c;
  const unit = 10n ** BigInt(18 - rules.marginScale);
  const key = positionKey(f.userId, f.symbol, f.intent.positionSide);
  let position = state.futures.positions.get(key) ?? openPosition(state, rules.contractId, f, now);
  const before = position.qty;
  const result = applyFill(rules.terms, { qty: before, entry: position.entry }, f.signed, f.price);
  const lots = f.signed < 0n ? -f.signed : f.signed;
  const closed = result.closedQty;
  const opened = lots - closed;
  const coin = rules.marginCoin;
  const { user, clearing, insurance } = rules.accounts;
  const balance = () => state.balances.get(f.userId, user, coin);
  const posting = (ownerId: number, account: CorePosting['account'], field: CorePosting['field'], delta: bigint) =>
    ({ ownerId, account, coin, field, delta }) as CorePosting;
  const post = (cause: 'position_margin' | 'realized_pnl' | 'delivery' | 'fee', postings: CorePosting[], memo = '') => {
    const moves = postings.filter((p) => p.delta !== 0n);
    if (moves.length) state.balances.post(cause, c.cause, moves, now, batch.ledger, memo);
  };
  // The ledger tells a liquidated position's PnL and clearance from an ordinary close's (the user's ledger list).
  const liquidationMemo = f.clearance ? LIQUIDATION_MEMO : '';
  /** Moves margin between the user's account's available and locked balance (to locked when above zero). */
  const lock = (amount: bigint) =>
    post('position_margin', [posting(f.userId, user, 'available', -amount), posting(f.userId, user, 'locked', amount)]);

  let realized = 0n;
  // What the closing part gave back to the available balance, net of its loss (an isolated liquidation's clearance).
  let returned = 0n;
  if (closed > 0n) {
    const size = before < 0n ? -before : before;
    const freed = closed === size ? position.margin : (position.margin * closed) / size;
    position.margin -= freed;
    lock(-freed);
    returned = freed;
    realized = result.realizedPnl;
    if (realized >= 0n) {
      post(
        c.pnlCause ?? 'realized_pnl',
        [posting(SYSTEM_OWNER, clearing, 'available', -realized), posting(f.userId, user, 'available', realized)],
        liquidationMemo,
      );
      returned += realized;
    } else {
      const loss = -realized;
      // Isolated: only this position's margin answers for its loss; cross: the whole available balance.
      const fromAvailable = min(loss, position.marginMode === 2 ? freed : balance().available);
      const fromMargin = min(loss - fromAvailable, position.margin);
      position.margin -= fromMargin;
      returned -= min(fromAvailable, returned);
      post(
        c.pnlCause ?? 'realized_pnl',
        [
          posting(f.userId, user, 'available', -fromAvailable),
          posting(f.userId, user, 'locked', -fromMargin),
          posting(SYSTEM_OWNER, insurance, 'available', -(loss - fromAvailable - fromMargin)),
          posting(SYSTEM_OWNER, clearing, 'available', loss),
        ],
        liquidationMemo,
      );
    }
    position.realized += realized;
    position.closedQty += closed;
    position.closeTurnover += closed * f.price;
  }
  const after = result.position.qty;
  if (after === 0n || (before !== 0n && before < 0n !== after < 0n)) {
    // Flat, or through zero: this position ends (what margin it still holds is freed); beyond zero a new one opens.
    lock(-position.margin);
    returned += position.margin;
    position.margin = 0n;
    position.qty = 0n;
    position.open = false;
    position.updatedAt = now;
    batch.positions.set(position.id, position);
    state.futures.deletePosition(position);
    if (after !== 0n) position = openPosition(state, rules.contractId, f, now);
  }
  if (opened > 0n) {
    // The order's reserve for these contracts goes back; the position holds their initial margin at this price.
    lock(-f.freeReserve(opened));
    const margin = roundUp(initialMargin(notional(rules.terms, opened, f.price), BigInt(f.intent.leverage)), unit);
    const held = min(margin, balance().available);
    lock(held);
    position.margin += held;
    position.leverage = f.intent.leverage;
  }
  if (after !== 0n) {
    position.qty = after;
    position.entry = result.position.entry;
    if (abs(after) > abs(position.maxQty)) position.maxQty = after;
    position.updatedAt = now;
    state.futures.setPosition(position);
    batch.positions.set(position.id, position);
  }

  // The fee on the whole fill, truncated to the coin's unit, never more than the account has; a liquidation's
  // clearance of an isolated position is what its margin still held.
  const isolatedClearance = f.clearance && position.marginMode === 2;
  const due = isolatedClearance ? returned : (mulRate(f.value, f.feeRate) / unit) * unit;
  const fee = min(due, balance().available);
  if (fee > 0n) {
    const closeFee = (fee * closed) / lots;
    const to = f.clearance ? insurance : rules.accounts.fee;
    for (const [part, memo] of [
      [closeFee, 'close'],
      [fee - closeFee, 'open'],
    ] as const) {
      if (part > 0n)
        post(
          'fee',
          [posting(f.userId, user, 'available', -part), posting(SYSTEM_OWNER, to, 'available', part)],
          liquidationMemo || memo,
        );
    }
    position.fee += fee;
  }
  state.futures.touched.add(key);
  return { fee, realized, positionId: position.id, closed };
}

/** A new, flat position on the fill's side, with its leverage and margin mode. */
function openPosition(
  state: CoreState,
  contractId: number,
  f: Pick<PositionFill, 'userId' | 'symbol' | 'intent'>,
  now: number,
): FuturesPosition {
  return {
    id: state.futures.nextPositionId++,
    userId: f.userId,
    symbol: f.symbol,
    contractId,
    positionSide: f.intent.positionSide,
    qty: 0n,
    entry: 0n,
    leverage: f.intent.leverage,
    marginMode: f.intent.marginMode,
    margin: 0n,
    realized: 0n,
    fee: 0n,
    funding: 0n,
    maxQty: 0n,
    closedQty: 0n,
    closeTurnover: 0n,
    open: true,
    openedAt: now,
    updatedAt: now,
  };
}

const min = (a: bigint, b: bigint) => (a < b ? a : b);
const abs = (a: bigint) => (a < 0n ? -a : a);
const roundUp = (amount: bigint, unit: bigint) => ceilDiv(amount, unit) * unit;

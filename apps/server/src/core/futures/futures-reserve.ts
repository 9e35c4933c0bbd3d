import { ErrorCode, type ErrorCodeValue } from '@opex/contract/error-codes';
import type { OrderBook } from '@opex/engine/order-book';
import { ledgerFromUnits, mulRate } from '../../ledger/ledger-units.ts';
import type { CoreState } from '../core-state.ts';
import type { OrderState } from '../order-state.ts';
import { initialMargin, leverageProblem } from './brackets.ts';
import { notional } from './contract-value.ts';
import type { FuturesRules } from './futures-rules.ts';
import { type FuturesIntent, positionKey } from './futures-state.ts';
import { ceilDiv } from './ratio.ts';

/**
 * What a futures order must hold before the book takes it, and which part of it closes a position:
 * - the closing part (reduce-only orders whole; in one-way mode the part of any order that meets an opposite
 *   position) holds nothing: it brings margin back;
 * - the opening part holds its initial margin (value / leverage) and the taker fee on its value, each rounded up to
 *   the margin coin's unit, at the order's price, or for a market order at the prices of the levels it will take.
 * The position it opens must stay within the leverage's bracket.
 */
export interface FuturesReserve {
  reserve: bigint;
  /** Contracts of the order that close a position first. */
  reduceLeft: bigint;
}

const NO_LEVEL = -1;

export function futuresReserve(
  state: CoreState,
  book: OrderBook,
  order: OrderState,
  intent: FuturesIntent,
  limitTicks: number,
): FuturesReserve | ErrorCodeValue {
  const rules = order.spec.futures as FuturesRules;
  if (rules.brackets.length === 0) return ErrorCode.futuresNoBrackets;
  const leverage = BigInt(intent.leverage);
  if (leverage > (rules.brackets[0]?.maxLeverage ?? 0n)) return ErrorCode.futuresLeverageInvalid;
  const lots = BigInt(order.lots);
  if (lots > rules.maxLimitVolume) return ErrorCode.futuresVolumeAboveMax;
  const key = positionKey(order.userId, order.spec.symbol, intent.positionSide);
  const position = state.futures.positions.get(key);
  const qty = position?.qty ?? 0n;
  if (position && position.marginMode !== intent.marginMode) return ErrorCode.futuresMarginModeDiffers;
  // A buy closes a short, a sell a long.
  const closes = order.side === 'BUY' ? qty < 0n : qty > 0n;
  const opposite = closes ? (qty < 0n ? -qty : qty) : 0n;
  if (intent.reduceOnly) {
    if (opposite === 0n) return ErrorCode.futuresNoPosition;
    if (lots > opposite - state.futures.closing(key)) return ErrorCode.futuresCloseAboveClosable;
    return { reserve: 0n, reduceLeft: lots };
  }
  // In hedge mode an opening order only opens (its side's position grows); in one-way mode it nets first.
  const reduceLeft =
    intent.positionSide === 'both' && lots < opposite ? lots : intent.positionSide === 'both' ? opposite : 0n;
  const openLots = lots - reduceLeft;
  if (openLots === 0n) return { reserve: 0n, reduceLeft };
  const fills = priceLevels(book, order, limitTicks, reduceLeft, openLots);
  if (order.type === 2 && fills.length === 0) return ErrorCode.futuresNoLiquidity;
  const unit = 10n ** BigInt(18 - rules.marginScale);
  let reserve = 0n;
  let value = 0n;
  for (const fill of fills) {
    const price = ledgerFromUnits(fill.ticks, order.spec.pricePrecision);
    const v = notional(rules.terms, fill.lots, price);
    value += v;
    reserve += roundUp(initialMargin(v, leverage), unit) + roundUp(mulRate(v, order.spec.takerFeeRate), unit);
  }
  // The bracket of the position it grows: what it holds on this side now plus what this order opens.
  const held = closes ? 0n : qty < 0n ? -qty : qty;
  const heldValue = held === 0n || !position ? 0n : notional(rules.terms, held, position.entry);
  if (leverageProblem(rules.brackets, heldValue + value, leverage)) return ErrorCode.futuresLeverageTooHigh;
  return { reserve, reduceLeft };
}

const roundUp = (amount: bigint, unit: bigint) => ceilDiv(amount, unit) * unit;

/**
 * The levels an order will fill against, best first, after the `skip` contracts its closing part takes first, up to
 * `lots` more; a limit order no further than its price, a market order no further than its protection price (0:
 * none). What is left of a limit order rests at (or, IOC and FOK, is cancelled at) its limit price.
 */
function priceLevels(
  book: OrderBook,
  order: OrderState,
  limitTicks: number,
  skip: bigint,
  lots: bigint,
): { ticks: number; lots: bigint }[] {
  const side = order.side === 'BUY' ? book.asks : book.bids;
  const worse = (ticks: number) => limitTicks !== 0 && (order.side === 'BUY' ? ticks > limitTicks : ticks < limitTicks);
  const out: { ticks: number; lots: bigint }[] = [];
  let toSkip = skip;
  let left = lots;
  for (let level = side.best(); level !== NO_LEVEL && left > 0n; level = side.worse(level)) {
    const ticks = side.price[level] as number;
    if (worse(ticks)) break;
    let volume = BigInt(side.volume[level] as number);
    const skipped = volume < toSkip ? volume : toSkip;
    toSkip -= skipped;
    volume -= skipped;
    const take = volume < left ? volume : left;
    if (take > 0n) out.push({ ticks, lots: take });
    left -= take;
  }
  // A limit order's rest stays on the book (GTC) or is cancelled (IOC, FOK): priced at its limit either way.
  if (left > 0n && order.type === 1) out.push({ ticks: order.ticks, lots: left });
  return out;
}

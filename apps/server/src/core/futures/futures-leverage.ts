import { ErrorCode, type ErrorCodeValue } from '@opex/contract/error-codes';
import { ledgerFromUnits, mulRate } from '../../ledger/ledger-units.ts';
import type { CorePosting } from '../balance-cache.ts';
import type { ApplyContext } from '../command-entry.ts';
import type { OrderState } from '../order-state.ts';
import { initialMargin, leverageProblem } from './brackets.ts';
import { notional } from './contract-value.ts';
import type { FuturesRules } from './futures-rules.ts';
import type { FuturesOrder, PositionSide } from './futures-state.ts';
import { ceilDiv } from './ratio.ts';

/**
 * A user's leverage in one contract changed while holding positions or open orders there, as Binance allows it:
 * - the new leverage must allow each side's notional: its position at entry plus what its open orders open, at their
 *   prices (as an order's own check counts it, futures-reserve.ts);
 * - open orders' reserves are held again at the new leverage (initial margin and taker fee of their opening part);
 * - a cross position's margin becomes its initial margin at entry at the new leverage; an isolated position keeps its
 *   margin, and its leverage may only be raised while it is open (lowering would need margin it does not hold);
 * - lowering is refused when the margin this needs in all is more than the available balance.
 * Every move is a ledger posting, so the change is in the batch like any other.
 */
export interface FuturesLeverageCommand {
  userId: number;
  /** The contract's market symbol (`e-btc-usdt`). */
  symbol: string;
  leverage: number;
}

/** A margin or reserve held again: `delta` more locked (less when below zero), under the ledger cause named. */
interface Move {
  delta: bigint;
  cause: 'position_margin' | 'order_lock' | 'order_unlock';
  causeId: string;
  apply(): void;
}

const SIDES: readonly PositionSide[] = ['both', 'long', 'short'];

type LeverageOutcome = { ok: true } | { ok: false; code: ErrorCodeValue };

export function changeLeverage({ state, batch, at }: ApplyContext, c: FuturesLeverageCommand): LeverageOutcome {
  const market = state.markets.get(c.symbol);
  const rules = market?.spec.futures;
  if (!market || !rules) return { ok: false, code: ErrorCode.marketNotFound };
  const positions = SIDES.flatMap((side) => state.futures.position(c.userId, c.symbol, side) ?? []);
  const account = rules.accounts.user;
  const orders = state.open.idsOf(c.userId, c.symbol).flatMap((id) => {
    const o = state.open.get(id);
    const fo = state.futures.orders.get(id);
    return o && fo && o.account === account ? [{ o, fo, value: openingValue(rules, o, fo) }] : [];
  });
  // Holding nothing, there is nothing to hold again: the saved setting is all (its range is the caller's to check).
  if (positions.length === 0 && orders.length === 0) return { ok: true };
  const leverage = BigInt(c.leverage);
  if (!Number.isInteger(c.leverage) || leverage < 1n || leverage > (rules.brackets[0]?.maxLeverage ?? 0n))
    return { ok: false, code: ErrorCode.futuresLeverageInvalid };

  // Each side's notional: longs and buys, shorts and sells.
  const exposure = { long: 0n, short: 0n };
  for (const p of positions)
    exposure[p.qty > 0n ? 'long' : 'short'] += notional(rules.terms, p.qty < 0n ? -p.qty : p.qty, p.entry);
  for (const { o, value } of orders) exposure[o.side === 'BUY' ? 'long' : 'short'] += value;
  for (const value of [exposure.long, exposure.short])
    if (leverageProblem(rules.brackets, value, leverage)) return { ok: false, code: ErrorCode.futuresLeverageTooHigh };

  const unit = 10n ** BigInt(18 - rules.marginScale);
  const roundUp = (amount: bigint) => ceilDiv(amount, unit) * unit;
  const moves: Move[] = [];
  for (const p of positions) {
    if (p.marginMode === 2) {
      if (leverage < BigInt(p.leverage)) return { ok: false, code: ErrorCode.futuresLeverageIsolatedLower };
      continue;
    }
    const margin = roundUp(initialMargin(notional(rules.terms, p.qty < 0n ? -p.qty : p.qty, p.entry), leverage));
    moves.push({
      delta: margin - p.margin,
      apply: () => {
        p.margin = margin;
      },
      cause: 'position_margin',
      causeId: `position:${p.id}`,
    });
  }
  for (const { o, value } of orders) {
    const reserve =
      value === 0n ? 0n : roundUp(initialMargin(value, leverage)) + roundUp(mulRate(value, o.spec.takerFeeRate));
    const delta = reserve - o.reserve;
    moves.push({
      delta,
      apply: () => {
        o.reserve = reserve;
      },
      cause: delta > 0n ? 'order_lock' : 'order_unlock',
      causeId: `order:${o.id}`,
    });
  }
  const coin = rules.marginCoin;
  const needed = moves.reduce((sum, m) => sum + m.delta, 0n);
  if (needed > state.balances.get(c.userId, account, coin).available)
    return { ok: false, code: ErrorCode.futuresLeverageMarginShort };

  // What is freed first, so the available balance never dips below zero on the way.
  for (const m of moves.sort((a, b) => (a.delta < b.delta ? -1 : a.delta > b.delta ? 1 : 0))) {
    if (m.delta !== 0n) {
      const postings: CorePosting[] = [
        { ownerId: c.userId, account, coin, field: 'available', delta: -m.delta },
        { ownerId: c.userId, account, coin, field: 'locked', delta: m.delta },
      ];
      state.balances.post(m.cause, m.causeId, postings, at, batch.ledger);
    }
    m.apply();
  }
  for (const p of positions) {
    p.leverage = c.leverage;
    p.updatedAt = at;
    state.futures.setPosition(p);
    batch.positions.set(p.id, p);
  }
  for (const { o, fo } of orders) {
    fo.leverage = c.leverage;
    batch.futuresOrders.set(o.id, fo);
    o.updatedAt = at;
    batch.orders.set(o.id, o);
  }
  return { ok: true };
}

/** The value of what a resting order still opens (its contracts left beyond those that close first) at its price. */
function openingValue(rules: FuturesRules, o: OrderState, fo: FuturesOrder): bigint {
  const opening = BigInt(o.lots - o.dealLots) - fo.reduceLeft;
  return opening > 0n ? notional(rules.terms, opening, ledgerFromUnits(o.ticks, o.spec.pricePrecision)) : 0n;
}

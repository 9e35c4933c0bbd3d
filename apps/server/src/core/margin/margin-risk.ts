import { LEDGER_DIGITS, truncateLedger } from '../../ledger/ledger-units.ts';
import type { MarginRules } from './margin-rules.ts';

/**
 * A margin pair's risk from what its account holds and owes, at the index price: one pure function that the core's
 * commands (borrow, transfer out, liquidation) and the read calls (lever/finance/*) both use, so what a page shows
 * is what the core decides on. All amounts in ledger units (10^-18); the price is quote per base.
 *
 * - assets A = base total x price + quote total; debt D = base owed x price + quote owed (owed: principal and
 *   interest as repaying all would take). Assets round down and debt up: the account never looks safer than it is.
 * - risk rate = A / D (none when nothing is owed); the pair is liquidated once it is at or below the liquidation line.
 * - may borrow v (quote value) while (A + v) / (D + v) >= L / (L - 1) for leverage L: v <= (L - 1) A - L D.
 * - may move out x (quote value) while (A - x) / D >= the transfer line T: x <= A - T D.
 * - liquidation price P with (Bb P + Bq) = Q (Db P + Dq) for the line Q: P = (Q Dq - Bq) / (Bb - Q Db).
 */
export interface PairHoldings {
  base: CoinHolding;
  quote: CoinHolding;
}

export interface CoinHolding {
  available: bigint;
  locked: bigint;
  /** Principal and interest owed, interest rounded up to the coin's unit. */
  owed: bigint;
  scale: number;
}

export interface PairRisk {
  assets: bigint;
  debt: bigint;
  /** A / D as a fraction in ledger units; null when nothing is owed. */
  riskRate: bigint | null;
  canBorrow: { base: bigint; quote: bigint };
  canTransfer: { base: bigint; quote: bigint };
  /** Quote per base; null when nothing is owed or no price liquidates. */
  burstPrice: bigint | null;
  /** At or below the liquidation line. */
  liquidate: boolean;
  /** Below the warning line. */
  warn: boolean;
}

const ONE = 10n ** BigInt(LEDGER_DIGITS);
const ceilDiv = (a: bigint, b: bigint) => (a + b - 1n) / b;
const atLeastZero = (v: bigint) => (v > 0n ? v : 0n);
/** The smaller of two amounts (Math.min takes no bigint). */
export const min = (a: bigint, b: bigint) => (a < b ? a : b);

export function pairRisk(h: PairHoldings, price: bigint, rules: MarginRules): PairRisk {
  const baseTotal = h.base.available + h.base.locked;
  const quoteTotal = h.quote.available + h.quote.locked;
  const assets = (baseTotal * price) / ONE + quoteTotal;
  const debt = ceilDiv(h.base.owed * price, ONE) + h.quote.owed;
  const L = rules.multiple;
  const borrowValue = atLeastZero((L - 1n) * assets - L * debt);
  const transferValue = debt === 0n ? null : atLeastZero(assets - ceilDiv(rules.transferRate * debt, ONE));
  const inBase = (value: bigint) => (price > 0n ? (value * ONE) / price : 0n);
  const riskRate = debt === 0n ? null : (assets * ONE) / debt;
  return {
    assets,
    debt,
    riskRate,
    canBorrow: {
      base: truncateLedger(inBase(borrowValue), h.base.scale),
      quote: truncateLedger(borrowValue, h.quote.scale),
    },
    canTransfer: {
      base:
        transferValue === null
          ? h.base.available
          : min(h.base.available, truncateLedger(inBase(transferValue), h.base.scale)),
      quote:
        transferValue === null
          ? h.quote.available
          : min(h.quote.available, truncateLedger(transferValue, h.quote.scale)),
    },
    burstPrice:
      debt === 0n ? null : burstPrice(baseTotal, quoteTotal, h.base.owed, h.quote.owed, rules.liquidationRate),
    liquidate: debt > 0n && assets * ONE <= rules.liquidationRate * debt,
    warn: debt > 0n && assets * ONE < rules.warnRate * debt,
  };
}

function burstPrice(baseTotal: bigint, quoteTotal: bigint, baseOwed: bigint, quoteOwed: bigint, line: bigint) {
  const numerator = (line * quoteOwed) / ONE - quoteTotal;
  const denominator = baseTotal - (line * baseOwed) / ONE;
  if (denominator === 0n) return null;
  const price = (numerator * ONE) / denominator;
  return price > 0n ? price : null;
}

/** A risk rate as the spec shows it: percent with two decimals, truncated ('' when nothing is owed). */
export function riskPercent(rate: bigint | null): string {
  if (rate === null) return '';
  const hundredths = (rate * 10_000n) / ONE;
  return `${hundredths / 100n}.${(hundredths % 100n).toString().padStart(2, '0')}`;
}

/**
 * How the margin pages read a pair's margin account (lever/finance/symbol/balance, contract calls/lever.ts): one
 * coin's figures, the risk rate's text and colour by the pair's lines, the most a transfer may move, what repaying a
 * loan in full takes, and what an amount field refuses before the server checks it again. Exact: big.js, never Number.
 */
import type { LeverPair } from '@opex/contract/calls/lever';
import { EMPTY_DISPLAY, formatAmount } from '@opex/contract/display';
import Big from 'big.js';

export type CoinSide = 'base' | 'quote';

/** One coin of a pair's margin account, named as the pages show it. */
export interface MarginCoin {
  side: CoinSide;
  coin: string;
  total: string;
  available: string;
  locked: string;
  borrowed: string;
  interest: string;
  totalBorrow: string;
  canBorrow: string;
  minBorrow: string;
  precision: number;
  canTransfer: string;
  /** Daily, as a fraction. */
  interestRate: string;
  /** The exchange (spot) account's available balance of the coin. */
  exchangeAvailable: string;
}

export function marginCoin(pair: LeverPair, side: CoinSide): MarginCoin {
  const field = (name: string) => String(pair[`${side}${name}`] ?? '0');
  return {
    side,
    coin: String(side === 'base' ? pair.baseCoin : pair.quoteCoin),
    total: field('TotalBalance'),
    available: field('NormalBalance'),
    locked: field('LockBalance'),
    borrowed: field('BorrowBalance'),
    interest: field('Interest'),
    totalBorrow: field('TotalBorrow'),
    canBorrow: field('CanBorrow'),
    minBorrow: field('MinBorrow'),
    precision: Number(pair[`${side}ReturnPrecision`] ?? 8),
    canTransfer: field('CanTransfer'),
    interestRate: field('InterestRate'),
    // The original's page read the quote side as quoteEXNormalBalance; the server sends both casings.
    exchangeAvailable: String(
      side === 'base' ? pair.baseExNormalBalance : pair.quoteExNormalBalance || pair.quoteEXNormalBalance,
    ),
  };
}

export const marginCoins = (pair: LeverPair): [MarginCoin, MarginCoin] => [
  marginCoin(pair, 'base'),
  marginCoin(pair, 'quote'),
];

/** Margin amounts show at most 8 decimals (contract notes §2), fewer when the coin has fewer. */
export const MARGIN_DIGITS = 8;
export function marginAmount(value: string | undefined, precision = MARGIN_DIGITS, unit?: string): string {
  return formatAmount(value, Math.min(MARGIN_DIGITS, precision), unit);
}

/**
 * An amount whose coin's decimals are not at hand (a loan, a repayment, a transfer): at least `digits` decimals
 * (the coin's display precision), more when the amount has them, up to 8, so a small interest never shows as 0.
 */
export function exactAmount(value: string | undefined, digits: number, unit?: string): string {
  const decimals = /\.(\d*?)0*$/.exec(value ?? '')?.[1]?.length ?? 0;
  return marginAmount(value, Math.max(digits, decimals), unit);
}

/** Where a risk rate stands against the pair's lines (percent): below each line is worse. */
export type RiskTone = 'none' | 'safe' | 'warning' | 'transfer' | 'liquidation';

export interface RiskLines {
  warnRate: string;
  transferRate: string;
  liquidationRate: string;
}

const isDecimal = (value: string) => /^-?\d+(\.\d+)?$/.test(value.trim());

/**
 * 'none' when nothing is owed (empty rate); else the tone of the lowest line the rate is under: 'liquidation' at or
 * under the liquidation line (the account is liquidated there), 'transfer' under the transfer line (nothing may move
 * out), 'warning' under the warning line; 'safe' above them all. The lines' order is the server's to choose.
 */
export function riskTone(riskRate: string, lines: RiskLines): RiskTone {
  if (!isDecimal(riskRate)) return 'none';
  const rate = new Big(riskRate);
  const crossed = (
    [
      ['liquidation', lines.liquidationRate],
      ['transfer', lines.transferRate],
      ['warning', lines.warnRate],
    ] as const
  )
    .filter(([tone, line]) => isDecimal(line) && (tone === 'liquidation' ? rate.lte(line) : rate.lt(line)))
    .sort(([, a], [, b]) => new Big(a).cmp(b));
  return crossed[0]?.[0] ?? 'safe';
}

/** The risk rate as shown: "150.25%", '--' when nothing is owed. */
export function riskText(riskRate: string): string {
  return isDecimal(riskRate) ? `${riskRate}%` : EMPTY_DISPLAY;
}

/** A price or other optional figure of the pair: '--' when empty. */
export const optionalText = (value: string, digits: number) =>
  isDecimal(value) ? formatAmount(value, digits) : EMPTY_DISPLAY;

export type TransferDirection = 'in' | 'out';

/**
 * The most a transfer may move: into the margin account what the exchange account has available, out of it its
 * CanTransfer; cut (never rounded) to the coin's decimals, so "max" never asks for more than is there.
 */
export function transferMax(coin: MarginCoin, direction: TransferDirection): string {
  const max = direction === 'in' ? coin.exchangeAvailable : coin.canTransfer;
  if (!isDecimal(max) || new Big(max).lte(0)) return '0';
  return new Big(max).round(coin.precision, Big.roundDown).toFixed();
}

/** What repaying a loan in full takes: the principal still owed and the interest owed, exactly (its TotalBorrow). */
export function repayAllAmount(loan: { oweAmount: string; oweInterest: string }): string {
  return new Big(loan.oweAmount || '0').plus(loan.oweInterest || '0').toFixed();
}

export type AmountProblem = 'amountRequired' | 'belowMin' | 'aboveMax' | 'overAvailable' | 'overOwed';

export interface AmountLimits {
  /** The smallest amount accepted (a loan's MinBorrow). */
  min?: string;
  /** The largest amount accepted (CanBorrow, what a transfer may move). */
  max?: string;
  /** What the account has to pay with (a repayment). */
  available?: string;
  /** What is owed (a repayment). */
  owed?: string;
}

/** What an amount field of the margin dialogs refuses before sending; the server checks it all again. */
export function amountProblem(amount: string, limits: AmountLimits): AmountProblem | null {
  if (!/^\d+(\.\d+)?$/.test(amount) || new Big(amount).eq(0)) return 'amountRequired';
  const value = new Big(amount);
  if (limits.owed !== undefined && value.gt(limits.owed)) return 'overOwed';
  if (limits.available !== undefined && value.gt(limits.available)) return 'overAvailable';
  if (limits.max !== undefined && value.gt(limits.max)) return 'aboveMax';
  if (limits.min !== undefined && value.lt(limits.min)) return 'belowMin';
  return null;
}

/** The daily interest rate (a fraction) as a percent: "0.0002" -> "0.02%". */
export function dailyRateText(rate: string): string {
  return isDecimal(rate) ? `${new Big(rate).times(100).toFixed()}%` : EMPTY_DISPLAY;
}

/** The pair's symbol as the finance calls spell it (BTC/USDT, btcusdt -> BTCUSDT). */
export const financeSymbol = (symbol: string) => symbol.replace(/[/_-]/g, '').toUpperCase();

/**
 * Whether the pair's account was liquidated since the page opened, from its risk pushes (oldest first): a
 * 'liquidated' push, and no debt again since (the pushes that follow a liquidation, owing nothing, say 'safe').
 */
export function liquidatedSince(
  pushes: readonly { symbol: string; state: string; riskRate: string }[],
  symbol: string,
) {
  const own = pushes.filter((push) => push.symbol === symbol);
  const last = own.findLastIndex((push) => push.state === 'liquidated');
  return last !== -1 && own.slice(last + 1).every((push) => !isDecimal(push.riskRate));
}

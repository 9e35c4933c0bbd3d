import type { Candle } from '@opex/contract/realtime';
import { ledgerFixed, ledgerOf } from '../ledger/ledger-units.ts';

/** An open-high-low-close bucket of trades, exact: prices and sums in ledger units (ledger-units.ts). */
export interface CandleState {
  id: number;
  open: bigint;
  high: bigint;
  low: bigint;
  close: bigint;
  vol: bigint;
  amount: bigint;
}

/** A candle as stored: decimal text (a K-line row's numbers). */
export interface CandleText {
  id: number;
  open: string;
  high: string;
  low: string;
  close: string;
  vol: string;
  amount: string;
}

export function parseCandle(c: CandleText): CandleState {
  return {
    id: c.id,
    open: ledgerOf(c.open),
    high: ledgerOf(c.high),
    low: ledgerOf(c.low),
    close: ledgerOf(c.close),
    vol: ledgerOf(c.vol),
    amount: ledgerOf(c.amount),
  };
}

/** A trade's numbers, parsed once: each trade lands in ten candles (nine K-line periods and a ticker minute). */
export interface TradeFill {
  price: bigint;
  volume: bigint;
  amount: bigint;
}

export function openCandle(id: number, { price, volume, amount }: TradeFill): CandleState {
  return { id, open: price, high: price, low: price, close: price, vol: volume, amount };
}

export function addTrade(candle: CandleState, { price, volume, amount }: TradeFill): void {
  if (price > candle.high) candle.high = price;
  if (price < candle.low) candle.low = price;
  candle.close = price;
  candle.vol += volume;
  candle.amount += amount;
}

/** Digits a market shows: price, volume, and quote amount (price × volume has both). */
export interface Precision {
  price: number;
  volume: number;
}

export function amountDigits(p: Precision): number {
  return p.price + p.volume;
}

export function formatCandle(c: CandleState, p: Precision): Candle {
  return {
    id: c.id,
    open: ledgerFixed(c.open, p.price),
    close: ledgerFixed(c.close, p.price),
    high: ledgerFixed(c.high, p.price),
    low: ledgerFixed(c.low, p.price),
    vol: ledgerFixed(c.vol, p.volume),
    amount: ledgerFixed(c.amount, amountDigits(p)),
  };
}

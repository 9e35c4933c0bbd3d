import type { Candle } from '@opex/contract/realtime';
import Big from 'big.js';

/** An open-high-low-close bucket of trades, exact: prices compared and sums added as Big. */
export interface CandleState {
  id: number;
  open: Big;
  high: Big;
  low: Big;
  close: Big;
  vol: Big;
  amount: Big;
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
    open: new Big(c.open),
    high: new Big(c.high),
    low: new Big(c.low),
    close: new Big(c.close),
    vol: new Big(c.vol),
    amount: new Big(c.amount),
  };
}

/** A trade's numbers, parsed once: each trade lands in ten candles (nine K-line periods and a ticker minute). */
export interface TradeFill {
  price: Big;
  volume: Big;
  amount: Big;
}

export function openCandle(id: number, { price, volume, amount }: TradeFill): CandleState {
  return { id, open: price, high: price, low: price, close: price, vol: volume, amount };
}

export function addTrade(candle: CandleState, { price, volume, amount }: TradeFill): void {
  if (price.gt(candle.high)) candle.high = price;
  if (price.lt(candle.low)) candle.low = price;
  candle.close = price;
  candle.vol = candle.vol.plus(volume);
  candle.amount = candle.amount.plus(amount);
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
    open: c.open.toFixed(p.price),
    close: c.close.toFixed(p.price),
    high: c.high.toFixed(p.price),
    low: c.low.toFixed(p.price),
    vol: c.vol.toFixed(p.volume),
    amount: c.amount.toFixed(amountDigits(p)),
  };
}

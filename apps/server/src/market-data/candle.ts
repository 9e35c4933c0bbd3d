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

export interface TradeFill {
  price: string;
  volume: string;
  amount: string;
}

export function openCandle(id: number, trade: TradeFill): CandleState {
  const price = new Big(trade.price);
  return {
    id,
    open: price,
    high: price,
    low: price,
    close: price,
    vol: new Big(trade.volume),
    amount: new Big(trade.amount),
  };
}

export function addTrade(candle: CandleState, trade: TradeFill): void {
  const price = new Big(trade.price);
  if (price.gt(candle.high)) candle.high = price;
  if (price.lt(candle.low)) candle.low = price;
  candle.close = price;
  candle.vol = candle.vol.plus(trade.volume);
  candle.amount = candle.amount.plus(trade.amount);
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

import type { TradeTick } from '@opex/contract/realtime';
import { ledgerFixed, ledgerOf } from '../ledger/ledger-units.ts';
import { amountDigits, type Precision, type TradeFill } from './candle.ts';

/** A trade as market data keeps it: from the core's trade event, or read back from the trades table at start. */
export interface AppliedTrade {
  id: number;
  symbol: string;
  price: string;
  volume: string;
  amount: string;
  takerSide: 'BUY' | 'SELL';
  ts: number;
  fill: TradeFill;
}

export function appliedTrade(t: Omit<AppliedTrade, 'fill'>): AppliedTrade {
  return { ...t, fill: { price: ledgerOf(t.price), volume: ledgerOf(t.volume), amount: ledgerOf(t.amount) } };
}

/** The protocol's trade, its quote amount at the market's precision (price and volume already are). */
export function tradeTick(t: AppliedTrade, p: Precision | undefined): TradeTick {
  const amount = p ? ledgerFixed(t.fill.amount, amountDigits(p)) : t.amount;
  return { id: t.id, side: t.takerSide, price: t.price, vol: t.volume, amount, ts: t.ts };
}

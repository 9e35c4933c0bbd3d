import type { TradeTick } from '@opex/contract/realtime';

/** A trade as market data keeps it: from the core's trade event, or read back from the trades table at start. */
export interface AppliedTrade {
  id: number;
  symbol: string;
  price: string;
  volume: string;
  amount: string;
  takerSide: 'BUY' | 'SELL';
  ts: number;
}

export function tradeTick(t: AppliedTrade): TradeTick {
  return { id: t.id, side: t.takerSide, price: t.price, vol: t.volume, amount: t.amount, ts: t.ts };
}

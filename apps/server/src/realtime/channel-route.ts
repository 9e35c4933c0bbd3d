import { type KlinePeriod, klinePeriods } from '@opex/contract/realtime';

/** What a channel name refers to; null for a name the protocol does not know. */
export type ChannelRoute =
  | { kind: 'review' }
  | { kind: 'ticker'; symbol: string }
  | { kind: 'trades'; symbol: string }
  | { kind: 'depth'; symbol: string; step: number }
  | { kind: 'kline'; symbol: string; period: KlinePeriod }
  | { kind: 'user_orders' }
  | { kind: 'user_balance' }
  | { kind: 'user_deposits' };

const marketChannel = /^market_([a-z0-9]{2,40})_(ticker|trade_ticker|depth_step(\d{1,2})|kline_([0-9a-z]{2,6}))$/;

export function routeOf(channel: string): ChannelRoute | null {
  if (channel === 'review' || channel === 'user_orders' || channel === 'user_balance' || channel === 'user_deposits')
    return { kind: channel };
  const m = marketChannel.exec(channel);
  if (!m) return null;
  const symbol = m[1] as string;
  if (m[2] === 'ticker') return { kind: 'ticker', symbol };
  if (m[2] === 'trade_ticker') return { kind: 'trades', symbol };
  if (m[3] !== undefined) return { kind: 'depth', symbol, step: Number(m[3]) };
  const period = m[4] as KlinePeriod;
  return klinePeriods.includes(period) ? { kind: 'kline', symbol, period } : null;
}

import type { Channel } from '../realtime/fanout.ts';
import { isKlineInterval, type KlineInterval } from './market-format.ts';

/**
 * Binance's market stream names (`btcusdt@depth@100ms`, `!miniTicker@arr`...) and what each refers to. A symbol
 * is taken in either case and named back in lower case, as Binance names its streams.
 */
export type StreamRoute =
  | { kind: 'trade' | 'aggTrade' | 'miniTicker' | 'ticker' | 'bookTicker'; symbol: string }
  | { kind: 'kline'; symbol: string; interval: KlineInterval }
  | { kind: 'depth'; symbol: string; fast: boolean }
  | { kind: 'partialDepth'; symbol: string; levels: 5 | 10 | 20; fast: boolean }
  | { kind: 'allMiniTickers' | 'allTickers' };

export interface ParsedStream {
  name: string;
  route: StreamRoute;
}

/** Binance's stream protocol, as the fan-out knows it (streams.ts). */
export const STREAMS_PROTOCOL = 'binance-streams';

/**
 * A channel of Binance's stream protocol: its routes carry the stream's name as Binance names it back, and a
 * SUBSCRIBE may be refused (an unknown symbol, say).
 */
export interface StreamChannel<R extends { name: string } = { name: string }> extends Channel<R> {
  /** Why a SUBSCRIBE to the stream fails; null when it does not. */
  refusal(route: R): Promise<string | null>;
}

const symbolStream =
  /^([A-Za-z0-9]{2,40})@(trade|aggTrade|miniTicker|ticker|bookTicker|kline_(\w{2,3})|depth(5|10|20)?(@100ms|@1000ms)?)$/;

export function parseStream(text: string): ParsedStream | null {
  if (text === '!miniTicker@arr') return { name: text, route: { kind: 'allMiniTickers' } };
  if (text === '!ticker@arr') return { name: text, route: { kind: 'allTickers' } };
  const m = symbolStream.exec(text);
  if (!m) return null;
  const symbol = (m[1] as string).toLowerCase();
  const stream = m[2] as string;
  const name = `${symbol}@${stream}`;
  if (m[3] !== undefined) {
    return isKlineInterval(m[3]) ? { name, route: { kind: 'kline', symbol, interval: m[3] } } : null;
  }
  if (stream.startsWith('depth')) {
    const fast = m[5] === '@100ms';
    if (m[4] === undefined) return { name, route: { kind: 'depth', symbol, fast } };
    return { name, route: { kind: 'partialDepth', symbol, levels: Number(m[4]) as 5 | 10 | 20, fast } };
  }
  return { name, route: { kind: stream as 'trade', symbol } };
}

/** The market a stream needs the depth book watched for, if any. */
export function watchedBook(route: StreamRoute): string | null {
  return route.kind === 'depth' || route.kind === 'partialDepth' || route.kind === 'bookTicker' ? route.symbol : null;
}

/** The stream's market, or null for the all-market streams. */
export function marketOf(route: StreamRoute): string | null {
  return 'symbol' in route ? route.symbol : null;
}

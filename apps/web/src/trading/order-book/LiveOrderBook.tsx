import { channels, type DepthTick, type Ticker, type TradeTick } from '@opex/contract/realtime';
import { roseText } from '../../markets/trade-format.ts';
import { useChannel } from '../../realtime/index.ts';
import { OrderBook, type OrderBookProps } from './OrderBook.tsx';

const EMPTY_DEPTH: DepthTick = { asks: [], buys: [] };

export type LiveBookProps = Omit<OrderBookProps, 'asks' | 'buys' | 'last'> & { sym: string };

/** The order book of the chosen merge step, with the last price between its sides. */
export function LiveOrderBook({ sym, ...props }: LiveBookProps) {
  const depth = useChannel<DepthTick>(channels.depth(sym, props.step)) ?? EMPTY_DEPTH;
  const ticker = useChannel<Ticker>(channels.ticker(sym));
  const trades = useChannel<TradeTick[]>(channels.trades(sym));
  const last = { price: ticker?.close ?? trades?.[0]?.price, direction: roseText(ticker?.rose).direction };
  return <OrderBook {...props} asks={depth.asks} buys={depth.buys} last={last} />;
}

import { channels, type DepthTick } from '@opex/contract/realtime';
import { useChannel } from '../../realtime/index.ts';
import { DepthChart } from './DepthChart.tsx';

const EMPTY_DEPTH: DepthTick = { asks: [], buys: [] };

/** A market's depth chart, live from its unmerged depth channel. */
export function LiveDepthChart({ sym, ...props }: { sym: string; pricePrecision: number; volumePrecision: number }) {
  const depth = useChannel<DepthTick>(channels.depth(sym, 0)) ?? EMPTY_DEPTH;
  return <DepthChart buys={depth.buys} asks={depth.asks} {...props} />;
}

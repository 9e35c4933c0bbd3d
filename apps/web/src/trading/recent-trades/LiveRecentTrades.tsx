import { channels, type TradeTick } from '@opex/contract/realtime';
import type { ComponentProps } from 'react';
import { useChannel } from '../../realtime/index.ts';
import { RecentTrades } from './RecentTrades.tsx';

/** A market's recent trades, live from its trades channel. */
export function LiveRecentTrades({
  sym,
  ...props
}: { sym: string } & Omit<ComponentProps<typeof RecentTrades>, 'trades'>) {
  return <RecentTrades trades={useChannel<TradeTick[]>(channels.trades(sym))} {...props} />;
}

import '../../ui/testing/dom.ts';
import '../../i18n/test-i18n.ts';
import type { TradeTick } from '@opex/contract/realtime';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mergeLargeTrades } from './large-trades.ts';
import { RecentTrades } from './RecentTrades.tsx';

const trade = (id: number, price: string, vol: string): TradeTick => ({
  id,
  side: id % 2 ? 'BUY' : 'SELL',
  price,
  vol,
  amount: '',
  ts: 1_700_000_000_000 + id * 1000,
});
const small = trade(1, '50000', '0.01'); // 500 USDT
const exact = trade(2, '50000', '0.02'); // 1000 USDT
const big = trade(3, '50000.5', '0.5'); // 25000.25 USDT

describe('large trades (is_open_bigDeal)', () => {
  it('counts a trade worth at least the minimum exactly, keeps those that left the feed, newest first', () => {
    expect(mergeLargeTrades([], [small, exact, big], '1000').map((t) => t.id)).toEqual([3, 2]);
    expect(mergeLargeTrades([], [trade(4, '0.1', '0.3')], '0.03').map((t) => t.id)).toEqual([4]);
    expect(mergeLargeTrades([exact], [small], '1000').map((t) => t.id)).toEqual([2]);
    expect(mergeLargeTrades([], [big], '0')).toEqual([]);
  });

  it('offers no large-trades tab while the switch is off', () => {
    render(<RecentTrades trades={[small, big]} pricePrecision={2} volumePrecision={4} />);
    expect(screen.getByRole('heading', { name: 'Market trades' })).toBeVisible();
    expect(screen.queryByRole('tab', { name: 'Large trades' })).toBeNull();
  });

  it('lists only the trades worth the minimum under its tab while on', async () => {
    render(
      <RecentTrades
        trades={[big, small]}
        pricePrecision={2}
        volumePrecision={4}
        large={{ min: '1000', quote: 'USDT' }}
      />,
    );
    const list = screen.getByTestId('recent-trades');
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    await userEvent.setup().click(screen.getByRole('tab', { name: 'Large trades' }));
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    expect(list).toHaveTextContent('50,000.50');
  });

  it('says so when no trade is large enough', async () => {
    render(
      <RecentTrades trades={[small]} pricePrecision={2} volumePrecision={4} large={{ min: '1000', quote: 'USDT' }} />,
    );
    await userEvent.setup().click(screen.getByRole('tab', { name: 'Large trades' }));
    expect(screen.getByText('No trade worth 1000 USDT or more yet')).toBeVisible();
  });
});

import '../../i18n/test-i18n.ts';
import '../../ui/testing/dom.ts';
import type { DepthRow } from '@opex/contract/realtime';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { OrderBook, type OrderBookProps } from './OrderBook.tsx';

const asks: DepthRow[] = [
  ['101.00', '1.5'],
  ['102.00', '2'],
];
const buys: DepthRow[] = [
  ['100.00', '1'],
  ['99.00', '3'],
];

function props(overrides: Partial<OrderBookProps> = {}): OrderBookProps {
  return {
    asks,
    buys,
    rows: 10,
    pricePrecision: 2,
    volumePrecision: 4,
    steps: ['0.01', '0.1', '1'],
    step: 0,
    onStepChange: () => undefined,
    flash: true,
    last: { price: '100.50', direction: 'rise' },
    onPickPrice: () => undefined,
    ...overrides,
  };
}

const flashing = (container: HTMLElement) =>
  [...container.querySelectorAll('i')].map((i) => i.parentElement?.textContent?.slice(0, 6));

describe('OrderBook', () => {
  it('lists asks above bids, best prices next to the last price, with running totals', () => {
    render(<OrderBook {...props()} />);
    const sells = within(screen.getByRole('list', { name: 'Sell orders' })).getAllByRole('button');
    expect(sells.map((b) => b.textContent)).toEqual(['102.002.00003.5000', '101.001.50001.5000']);
    const bids = within(screen.getByRole('list', { name: 'Buy orders' })).getAllByRole('button');
    expect(bids.map((b) => b.textContent)).toEqual(['100.001.00001.0000', '99.003.00004.0000']);
  });

  it('flashes only the levels that changed, and only with the switch on', () => {
    const { container, rerender } = render(<OrderBook {...props()} />);
    expect(flashing(container)).toEqual([]);
    rerender(
      <OrderBook
        {...props({
          asks: [
            ['101.00', '1.5'],
            ['102.00', '2.5'],
          ],
          buys: [
            ['100.00', '1'],
            ['98.00', '1'],
          ],
        })}
      />,
    );
    expect(flashing(container).sort()).toEqual(['102.00', '98.001']);
    rerender(<OrderBook {...props({ flash: false, asks: [['101.00', '9']] })} />);
    expect(flashing(container)).toEqual([]);
  });

  it('does not flash a whole new book after a change of merge step', () => {
    const { container, rerender } = render(<OrderBook {...props()} />);
    rerender(<OrderBook {...props({ step: 1, asks: [['101.0', '3.5']], buys: [['100.0', '1']] })} />);
    expect(flashing(container)).toEqual([]);
    expect(screen.getByRole('combobox', { name: 'Price grouping' })).toHaveValue('1');
  });

  it('offers a level price to the order form and changes the merge step', () => {
    const onPickPrice = vi.fn();
    const onStepChange = vi.fn();
    render(<OrderBook {...props({ onPickPrice, onStepChange })} />);
    fireEvent.click(screen.getByRole('button', { name: 'Price 99.00, amount 3.0000, total 4.0000: use this price' }));
    expect(onPickPrice).toHaveBeenCalledWith('99.00');
    fireEvent.change(screen.getByRole('combobox', { name: 'Price grouping' }), { target: { value: '2' } });
    expect(onStepChange).toHaveBeenCalledWith(2);
  });
});

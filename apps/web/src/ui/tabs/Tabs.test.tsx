import '../testing/dom.ts';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { SegmentedTab, Tabs } from './Tabs.tsx';

const items = [
  { key: 'open', name: 'Open orders', content: <p>open list</p> },
  { key: 'history', name: 'History', content: <p>history list</p> },
  { key: 'trades', name: 'Trades', content: <p>trade list</p> },
];

function Stateful({ onChange }: { onChange?: (key: string) => void }) {
  const [value, setValue] = useState('open');
  return (
    <Tabs
      items={items}
      label="Orders"
      value={value}
      onValueChange={(key) => {
        setValue(key);
        onChange?.(key);
      }}
    />
  );
}

describe('Tabs', () => {
  it('shows the selected tab and its panel', () => {
    render(<Stateful />);
    expect(screen.getByRole('tablist', { name: 'Orders' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Open orders' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('open list');
  });

  it('reports the key of a clicked tab', async () => {
    const onChange = vi.fn();
    render(<Stateful onChange={onChange} />);
    await userEvent.click(screen.getByRole('tab', { name: 'History' }));
    expect(onChange).toHaveBeenCalledWith('history');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('history list');
  });

  it('moves with the arrow keys', async () => {
    const user = userEvent.setup();
    render(<Stateful />);
    await user.click(screen.getByRole('tab', { name: 'Open orders' }));
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'History' })).toHaveFocus();
    expect(screen.getByRole('tab', { name: 'History' })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'Trades' })).toHaveAttribute('aria-selected', 'true');
  });

  it('works as a segmented control without panels', async () => {
    const onValueChange = vi.fn();
    render(
      <SegmentedTab
        label="Order type"
        value="limit"
        onValueChange={onValueChange}
        items={[
          { key: 'limit', name: 'Limit' },
          { key: 'market', name: 'Market' },
        ]}
      />,
    );
    expect(screen.queryByRole('tabpanel')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Market' }));
    expect(onValueChange).toHaveBeenCalledWith('market');
  });
});

import '../testing/dom.ts';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { NO_MATCHING_DATA, Select, VISIBLE_OPTIONS } from './Select.tsx';
import type { SelectOption } from './select-options.ts';

const coins: SelectOption[] = [
  { code: 'btc', value: 'BTC', label: 'Bitcoin' },
  { code: 'eth', value: 'ETH', label: 'Ethereum' },
  { value: 'NOCODE', label: 'Ignored' },
  { code: 'usdt', value: 'USDT', label: 'Tether' },
];

function Stateful(props: { searchable?: boolean; type?: 'single' | 'double'; onPick?: (code: string) => void }) {
  const [value, setValue] = useState<string | undefined>(undefined);
  return (
    <Select
      {...props}
      label="Coin"
      placeholder="Choose a coin"
      options={coins}
      value={value}
      onChange={(option) => {
        setValue(option.code);
        props.onPick?.(option.code);
      }}
    />
  );
}

describe('Select', () => {
  it('ignores options without a code', async () => {
    render(<Stateful />);
    await userEvent.click(screen.getByRole('combobox', { name: 'Coin' }));
    const names = screen.getAllByRole('option').map((option) => option.textContent);
    expect(names).toEqual(['BTC Bitcoin', 'ETH Ethereum', 'USDT Tether']);
  });

  it('searches option text case-insensitively', async () => {
    const user = userEvent.setup();
    render(<Stateful searchable />);
    await user.click(screen.getByRole('combobox', { name: 'Coin' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'eThER');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['ETH Ethereum', 'USDT Tether']);
  });

  it("shows 'no matching data' when nothing matches", async () => {
    const user = userEvent.setup();
    render(<Stateful searchable />);
    await user.click(screen.getByRole('combobox'));
    await user.type(screen.getByRole('searchbox'), 'doge');
    expect(screen.queryAllByRole('option')).toHaveLength(0);
    expect(screen.getByText(NO_MATCHING_DATA)).toBeInTheDocument();
    expect(NO_MATCHING_DATA).toBe('no matching data');
  });

  it('shows the localised no-data text for an empty list', async () => {
    render(<Select label="Coin" options={[]} value={undefined} onChange={() => {}} noDataText="Keine Daten" />);
    await userEvent.click(screen.getByRole('combobox'));
    expect(screen.getByText('Keine Daten')).toBeInTheDocument();
  });

  it('shows 5 options of 40 px before scrolling, 50 px for the double type', async () => {
    expect(VISIBLE_OPTIONS).toBe(5);
    const { unmount } = render(<Stateful />);
    await userEvent.click(screen.getByRole('combobox'));
    expect(screen.getByRole('listbox').style.maxHeight).toBe('calc(var(--option-height) * 5)');
    expect(screen.getAllByRole('option')[0]?.style.height).toBe('var(--option-height)');
    unmount();
    render(<Stateful type="double" />);
    await userEvent.click(screen.getByRole('combobox'));
    expect(screen.getByRole('listbox').style.maxHeight).toBe('calc(var(--option-height-double) * 5)');
    expect(within(screen.getAllByRole('option')[1] as HTMLElement).getByText('Ethereum')).toBeInTheDocument();
  });

  it('is usable from the keyboard', async () => {
    const user = userEvent.setup();
    const onPick = vi.fn();
    render(<Stateful onPick={onPick} />);
    await user.tab();
    const combobox = screen.getByRole('combobox', { name: 'Coin' });
    expect(combobox).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(combobox).toHaveAttribute('aria-expanded', 'true');
    const listbox = screen.getByRole('listbox');
    expect(listbox).toHaveFocus();
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}');
    expect(listbox).toHaveAttribute('aria-activedescendant', screen.getAllByRole('option')[2]?.id);
    await user.keyboard('{Enter}');
    expect(onPick).toHaveBeenCalledWith('usdt');
    expect(combobox).toHaveTextContent('USDT');
    expect(combobox).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes on Esc without changing the value', async () => {
    const user = userEvent.setup();
    const onPick = vi.fn();
    render(<Stateful onPick={onPick} />);
    await user.click(screen.getByRole('combobox'));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(onPick).not.toHaveBeenCalled();
    expect(screen.getByRole('combobox')).toHaveTextContent('Choose a coin');
  });

  it('marks the selected option', async () => {
    const user = userEvent.setup();
    render(<Stateful />);
    await user.click(screen.getByRole('combobox'));
    await user.click(screen.getByRole('option', { name: 'ETH Ethereum' }));
    await user.click(screen.getByRole('combobox'));
    expect(screen.getByRole('option', { name: 'ETH Ethereum' })).toHaveAttribute('aria-selected', 'true');
  });
});

import '../testing/dom.ts';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { DatePicker } from './DatePicker.tsx';

function Stateful({
  initial = '2024-05-15',
  min,
  max,
  onValue,
}: {
  initial?: string;
  min?: number;
  max?: number;
  onValue?: (v: string) => void;
}) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <DatePicker
        label="Start date"
        value={value}
        min={min}
        max={max}
        onChange={(next) => {
          setValue(next);
          onValue?.(next);
        }}
      />
      <button type="button">outside</button>
    </>
  );
}

const day = (date: string) => screen.getByRole('button', { name: date });

describe('DatePicker', () => {
  it('toggles open from its trigger', async () => {
    const user = userEvent.setup();
    render(<Stateful />);
    const trigger = screen.getByRole('button', { name: 'Start date' });
    await user.click(trigger);
    expect(screen.getByRole('table', { name: 'May 2024' })).toBeInTheDocument();
    await user.click(trigger);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('starts weeks on Monday', async () => {
    render(<Stateful />);
    await userEvent.click(screen.getByRole('button', { name: 'Start date' }));
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Mon',
      'Tue',
      'Wed',
      'Thu',
      'Fri',
      'Sat',
      'Sun',
    ]);
  });

  it('reports the picked day as YYYY-MM-DD on confirm', async () => {
    const user = userEvent.setup();
    const onValue = vi.fn();
    render(<Stateful onValue={onValue} />);
    await user.click(screen.getByRole('button', { name: 'Start date' }));
    await user.click(day('2024-05-20'));
    expect(onValue).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(onValue).toHaveBeenCalledWith('2024-05-20');
    expect(screen.getByRole('button', { name: 'Start date' })).toHaveTextContent('2024-05-20');
  });

  it('restores the previous value on cancel', async () => {
    const user = userEvent.setup();
    const onValue = vi.fn();
    render(<Stateful onValue={onValue} />);
    await user.click(screen.getByRole('button', { name: 'Start date' }));
    await user.click(day('2024-05-20'));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onValue).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Start date' }));
    expect(day('2024-05-15')).toHaveAttribute('aria-pressed', 'true');
    expect(day('2024-05-20')).toHaveAttribute('aria-pressed', 'false');
  });

  it('empties the value on clear', async () => {
    const user = userEvent.setup();
    const onValue = vi.fn();
    render(<Stateful onValue={onValue} />);
    await user.click(screen.getByRole('button', { name: 'Start date' }));
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(onValue).toHaveBeenCalledWith('');
    expect(screen.getByRole('button', { name: 'Start date' })).toHaveTextContent('YYYY-MM-DD');
  });

  it('closes on a click outside without reporting', async () => {
    const user = userEvent.setup();
    const onValue = vi.fn();
    render(<Stateful onValue={onValue} />);
    await user.click(screen.getByRole('button', { name: 'Start date' }));
    await user.click(day('2024-05-20'));
    await user.click(screen.getByRole('button', { name: 'outside' }));
    await waitFor(() => expect(screen.queryByRole('table')).not.toBeInTheDocument());
    expect(onValue).not.toHaveBeenCalled();
  });

  it('moves to the month of an adjacent day instead of picking it', async () => {
    const user = userEvent.setup();
    render(<Stateful />);
    await user.click(screen.getByRole('button', { name: 'Start date' }));
    // May 2024's first row starts with Monday 29 April.
    await user.click(day('2024-04-29'));
    expect(screen.getByRole('table', { name: 'April 2024' })).toBeInTheDocument();
    expect(day('2024-04-29')).toHaveAttribute('aria-pressed', 'false');
  });

  it('refuses days outside the bounds', async () => {
    const user = userEvent.setup();
    const onValue = vi.fn();
    const min = new Date(2024, 4, 10, 12).getTime() / 1000;
    const max = new Date(2024, 4, 20, 12).getTime() / 1000;
    render(<Stateful min={min} max={max} onValue={onValue} />);
    await user.click(screen.getByRole('button', { name: 'Start date' }));
    expect(day('2024-05-09')).toHaveAttribute('aria-disabled', 'true');
    expect(day('2024-05-21')).toHaveAttribute('aria-disabled', 'true');
    expect(day('2024-05-10')).not.toHaveAttribute('aria-disabled');
    await user.click(day('2024-05-21'));
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(onValue).toHaveBeenCalledWith('2024-05-15');
  });

  it('moves between days with the arrow keys', async () => {
    const user = userEvent.setup();
    const onValue = vi.fn();
    render(<Stateful onValue={onValue} />);
    await user.click(screen.getByRole('button', { name: 'Start date' }));
    await waitFor(() => expect(day('2024-05-15')).toHaveFocus());
    await user.keyboard('{ArrowDown}');
    await waitFor(() => expect(day('2024-05-22')).toHaveFocus());
    await user.keyboard('{Enter}');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(onValue).toHaveBeenCalledWith('2024-05-22');
  });

  it('pages months with its buttons', async () => {
    const user = userEvent.setup();
    render(<Stateful />);
    await user.click(screen.getByRole('button', { name: 'Start date' }));
    await user.click(screen.getByRole('button', { name: 'Next month' }));
    expect(screen.getByRole('table', { name: 'June 2024' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Previous month' }));
    await user.click(screen.getByRole('button', { name: 'Previous month' }));
    expect(screen.getByRole('table', { name: 'April 2024' })).toBeInTheDocument();
  });
});

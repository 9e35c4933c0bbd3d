import '../testing/dom.ts';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Switch } from './Switch.tsx';

describe('Switch', () => {
  it('is a labelled switch that reports the new state on click and Space', async () => {
    const user = userEvent.setup();
    const onCheckedChange = vi.fn();
    render(<Switch label="Pay fees in platform coin" checked={false} onCheckedChange={onCheckedChange} />);
    const control = screen.getByRole('switch', { name: 'Pay fees in platform coin' });
    expect(control).toHaveAttribute('aria-checked', 'false');
    await user.click(control);
    expect(onCheckedChange).toHaveBeenLastCalledWith(true);
    control.focus();
    await user.keyboard(' ');
    expect(onCheckedChange).toHaveBeenCalledTimes(2);
  });

  it('can carry its label for assistive tech only, and be disabled', async () => {
    const onCheckedChange = vi.fn();
    render(<Switch label="Sound" hiddenLabel checked onCheckedChange={onCheckedChange} disabled />);
    const control = screen.getByRole('switch', { name: 'Sound' });
    expect(screen.queryByText('Sound')).not.toBeInTheDocument();
    expect(control).toBeDisabled();
    await userEvent.click(control);
    expect(onCheckedChange).not.toHaveBeenCalled();
  });
});

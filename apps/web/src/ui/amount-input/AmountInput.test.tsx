import '../testing/dom.ts';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Controlled } from '../testing/Controlled.tsx';
import { AmountInput } from './AmountInput.tsx';

describe('AmountInput', () => {
  it('keeps digits and one dot and truncates to the precision', async () => {
    const user = userEvent.setup();
    const onValue = vi.fn();
    render(
      <Controlled onValue={onValue} render={(p) => <AmountInput label="Price" precision={2} unit="USDT" {...p} />} />,
    );
    await user.type(screen.getByLabelText('Price'), '1a2.3.456');
    expect(screen.getByLabelText('Price')).toHaveValue('12.34');
    expect(onValue).toHaveBeenLastCalledWith('12.34');
    expect(screen.getByText('USDT')).toBeInTheDocument();
  });

  it('takes digits only at precision 0', async () => {
    const user = userEvent.setup();
    render(<Controlled render={(p) => <AmountInput label="Lots" precision={0} {...p} />} />);
    await user.type(screen.getByLabelText('Lots'), '12.5');
    expect(screen.getByLabelText('Lots')).toHaveValue('125');
    expect(screen.getByLabelText('Lots')).toHaveAttribute('inputmode', 'numeric');
  });

  it('holds at most 13 characters and defaults to 10 decimals', async () => {
    const user = userEvent.setup();
    render(<Controlled render={(p) => <AmountInput label="Amount" {...p} />} />);
    await user.type(screen.getByLabelText('Amount'), '0.123456789012345');
    expect(screen.getByLabelText('Amount')).toHaveValue('0.1234567890');
    await user.clear(screen.getByLabelText('Amount'));
    await user.type(screen.getByLabelText('Amount'), '12345678901234567');
    expect(screen.getByLabelText('Amount')).toHaveValue('1234567890123');
  });
});

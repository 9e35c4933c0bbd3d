import '../../i18n/test-i18n.ts';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CallFailure } from '../../api/call.ts';
import { ToastProvider } from '../../ui/toast/ToastProvider.tsx';
import { WithdrawDialog, type WithdrawRecord } from './WithdrawDialog.tsx';

const record: WithdrawRecord = {
  id: 7,
  coinSymbol: 'BTC',
  chain: 'BTC',
  address: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
  amount: '0.25',
  fee: '0.0005',
  state: 'unconfirmed',
  txid: '',
  reason: '',
  ctime: 0,
  mtime: 0,
};

function open(overrides: Partial<Parameters<typeof WithdrawDialog>[0]> = {}) {
  const props = {
    step: { step: 'factor' as const },
    onClose: vi.fn(),
    factor: 'google' as const,
    onRequest: vi.fn(async () => record),
    onConfirm: vi.fn(async () => undefined),
    ...overrides,
  };
  render(
    <ToastProvider>
      <WithdrawDialog {...props} />
    </ToastProvider>,
  );
  return props;
}

const submit = (name: string) => fireEvent.click(screen.getByRole('button', { name }));

describe('WithdrawDialog', () => {
  it('requests with the Google code, then confirms with the e-mailed code', async () => {
    const props = open();
    // Without a 6-digit code nothing is sent.
    submit('Confirm');
    expect(screen.getByLabelText('Google authenticator code').getAttribute('aria-invalid')).toBe('true');
    expect(props.onRequest).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText('Google authenticator code'), { target: { value: '123456' } });
    submit('Confirm');
    await waitFor(() => expect(props.onRequest).toHaveBeenCalledWith({ googleCode: '123456' }));
    expect(await screen.findByRole('dialog', { name: 'Confirm by e-mail' })).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Confirmation code'), { target: { value: '654321' } });
    submit('Confirm withdrawal');
    await waitFor(() => expect(props.onConfirm).toHaveBeenCalledWith(7, '654321'));
    await waitFor(() => expect(props.onClose).toHaveBeenCalled());
  });

  it('keeps the dialog open with the server refusal in words', async () => {
    const props = open({
      onRequest: vi.fn(async () => {
        throw new CallFailure('64005', 'over the limit');
      }),
    });
    fireEvent.change(screen.getByLabelText('Google authenticator code'), { target: { value: '123456' } });
    submit('Confirm');
    expect((await screen.findByRole('alert')).textContent).toBe('The amount is over your daily withdrawal limit.');
    expect(screen.getByRole('dialog', { name: 'Security verification' })).toBeTruthy();
    expect(props.onClose).not.toHaveBeenCalled();
  });

  it('opens at the confirmation step for a waiting withdrawal', async () => {
    const props = open({ step: { step: 'confirm', record } });
    expect(screen.getByRole('dialog', { name: 'Confirm by e-mail' }).textContent).toContain('0.25 BTC');
    fireEvent.change(screen.getByLabelText('Confirmation code'), { target: { value: '111111' } });
    submit('Confirm withdrawal');
    await waitFor(() => expect(props.onConfirm).toHaveBeenCalledWith(7, '111111'));
    expect(props.onRequest).not.toHaveBeenCalled();
  });
});

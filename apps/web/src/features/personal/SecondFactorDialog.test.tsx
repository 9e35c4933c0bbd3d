import '../../i18n/test-i18n.ts';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CallFailure } from '../../api/call.ts';
import type { UserInfo } from '../../api/user.ts';
import { SecondFactorDialog } from './SecondFactorDialog.tsx';

const googleUser = { googleStatus: 1, email: 'a***@x.com', mobileNumber: '' } as UserInfo;

describe('the second-factor dialog', { timeout: 20_000 }, () => {
  it('asks a Google user for the Google code and hands the change its request field', async () => {
    const onSubmit = vi.fn(async () => undefined);
    const onOpenChange = vi.fn();
    render(<SecondFactorDialog open onOpenChange={onOpenChange} user={googleUser} onSubmit={onSubmit} />);
    const code = screen.getByLabelText('Google authenticator code');
    await userEvent.type(code, '12345');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(onSubmit).not.toHaveBeenCalled();
    await userEvent.type(code, '6');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(onSubmit).toHaveBeenCalledWith({ googleCode: '123456' });
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('keeps itself open and says why when the change is refused', async () => {
    const onSubmit = vi.fn(async () => {
      throw new CallFailure('50002', 'bad code');
    });
    const onOpenChange = vi.fn();
    render(<SecondFactorDialog open onOpenChange={onOpenChange} user={googleUser} onSubmit={onSubmit} />);
    await userEvent.type(screen.getByLabelText('Google authenticator code'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The Google authenticator code is incorrect or was already used.',
    );
    expect(onOpenChange).not.toHaveBeenCalled();
  });
});

import '../i18n/test-i18n.ts';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { isValidNewPassword, type NewPassword, NewPasswordFields, noNewPassword } from './NewPasswordFields.tsx';

function Form({ touched, seen }: { touched: boolean; seen: (value: NewPassword) => void }) {
  const [value, setValue] = useState(noNewPassword);
  return (
    <NewPasswordFields
      value={value}
      onChange={(next) => {
        setValue(next);
        seen(next);
      }}
      touched={touched}
    />
  );
}

describe('NewPasswordFields', () => {
  it('takes the password and its repeat into one value', async () => {
    let last = noNewPassword;
    render(<Form touched={false} seen={(value) => (last = value)} />);
    await userEvent.type(screen.getByLabelText('New password'), 'abc12345');
    await userEvent.type(screen.getByLabelText('Repeat password'), 'abc12345');
    expect(last).toEqual({ password: 'abc12345', repeat: 'abc12345' });
    expect(isValidNewPassword(last)).toBe(true);
  });

  it('once submitted, tells a password against the rule and a repeat that differs', () => {
    render(<Form touched seen={() => {}} />);
    expect(screen.getByLabelText('New password')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('8 to 20 characters with letters and digits')).toBeInTheDocument();
  });

  it('refuses a password against the rule or a repeat that differs', () => {
    expect(isValidNewPassword({ password: 'short1', repeat: 'short1' })).toBe(false);
    expect(isValidNewPassword({ password: 'abc12345', repeat: 'abc12346' })).toBe(false);
  });
});

import '../../i18n/test-i18n.ts';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { CountryCodeInput } from './CountryCodeInput.tsx';

function Field() {
  const [value, setValue] = useState('');
  return <CountryCodeInput value={value} onChange={setValue} />;
}

describe('CountryCodeInput', () => {
  it('keeps only the digits of a calling code, four at most', async () => {
    render(<Field />);
    const input = screen.getByLabelText('Country code');
    await userEvent.type(input, '+4a4 12');
    expect(input).toHaveValue('4412');
  });
});

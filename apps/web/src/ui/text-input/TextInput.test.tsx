import '../testing/dom.ts';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Controlled } from '../testing/Controlled.tsx';
import { TEXT_INPUT_MAX_LENGTH, TextInput } from './TextInput.tsx';

describe('TextInput', () => {
  it('caps the value at 100000 characters by default', () => {
    expect(TEXT_INPUT_MAX_LENGTH).toBe(100_000);
    render(<TextInput label="Name" value="" onChange={() => {}} />);
    expect(screen.getByLabelText('Name')).toHaveAttribute('maxLength', '100000');
  });

  it('applies a given max length and strips spaces when asked', async () => {
    const user = userEvent.setup();
    render(<Controlled render={(p) => <TextInput label="Code" maxLength={5} stripSpaces {...p} />} />);
    await user.type(screen.getByLabelText('Code'), 'a b c d e f');
    expect(screen.getByLabelText('Code')).toHaveValue('abcde');
  });

  it('keeps spaces by default', async () => {
    const user = userEvent.setup();
    render(<Controlled render={(p) => <TextInput label="Name" {...p} />} />);
    await user.type(screen.getByLabelText('Name'), 'a b');
    expect(screen.getByLabelText('Name')).toHaveValue('a b');
  });

  it('shows the error text only when flagged and not focused, the warning text otherwise', async () => {
    const user = userEvent.setup();
    render(
      <TextInput
        label="Email"
        value="x"
        onChange={() => {}}
        error
        errorText="Bad email"
        warningText="We never share it"
      />,
    );
    const input = screen.getByLabelText('Email');
    expect(screen.getByText('Bad email')).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Bad email');

    await user.click(input);
    expect(screen.queryByText('Bad email')).not.toBeInTheDocument();
    expect(screen.getByText('We never share it')).toBeInTheDocument();

    await user.tab();
    expect(screen.getByText('Bad email')).toBeInTheDocument();
  });

  it('shows the warning text when not flagged', () => {
    render(<TextInput label="Email" value="" onChange={() => {}} errorText="Bad" warningText="Hint" />);
    expect(screen.getByText('Hint')).toBeInTheDocument();
    expect(screen.queryByText('Bad')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Email')).not.toHaveAttribute('aria-invalid');
  });
});

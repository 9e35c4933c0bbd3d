import '../testing/dom.ts';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Controlled } from '../testing/Controlled.tsx';
import { TEXTAREA_MAX_LENGTH, Textarea } from './Textarea.tsx';

describe('Textarea', () => {
  it('holds at most 500 characters by default and counts them', () => {
    expect(TEXTAREA_MAX_LENGTH).toBe(500);
    render(<Controlled render={(p) => <Textarea label="Note" {...p} />} />);
    fireEvent.change(screen.getByLabelText('Note'), { target: { value: 'x'.repeat(600) } });
    expect(screen.getByLabelText('Note')).toHaveValue('x'.repeat(500));
    expect(screen.getByText('500/500')).toBeInTheDocument();
  });

  it('strips spaces when asked', async () => {
    const user = userEvent.setup();
    render(<Controlled render={(p) => <Textarea label="Note" stripSpaces {...p} />} />);
    await user.type(screen.getByLabelText('Note'), 'a b');
    expect(screen.getByLabelText('Note')).toHaveValue('ab');
  });

  it('follows the error and warning rule', async () => {
    const user = userEvent.setup();
    render(
      <Textarea label="Note" value="" onChange={() => {}} error errorText="Required" warningText="Optional hint" />,
    );
    expect(screen.getByText('Required')).toBeInTheDocument();
    await user.click(screen.getByLabelText('Note'));
    expect(screen.getByText('Optional hint')).toBeInTheDocument();
    expect(screen.queryByText('Required')).not.toBeInTheDocument();
  });
});

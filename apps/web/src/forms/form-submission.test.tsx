import '../i18n/test-i18n.ts';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { FormError, useFormSubmission } from './form-submission.tsx';

function Form({ ready, send }: { ready: boolean; send: () => Promise<unknown> }) {
  const { touched, busy, error, submitWith } = useFormSubmission();
  return (
    <form onSubmit={submitWith(ready, send)}>
      <p>{touched ? 'submitted' : 'fresh'}</p>
      <p>{busy ? 'sending' : 'idle'}</p>
      <FormError text={error} />
      <button type="submit">Go</button>
    </form>
  );
}

describe('useFormSubmission', () => {
  it('marks the form submitted but sends nothing while it is not ready', async () => {
    const send = vi.fn(async () => {});
    render(<Form ready={false} send={send} />);
    await userEvent.click(screen.getByRole('button', { name: 'Go' }));
    expect(screen.getByText('submitted')).toBeInTheDocument();
    expect(send).not.toHaveBeenCalled();
  });

  it('sends once while a send is in flight and reads out its failure', async () => {
    let fail: (reason: Error) => void = () => {};
    const send = vi.fn(() => new Promise((_, reject) => (fail = reject)));
    render(<Form ready send={send} />);
    await userEvent.click(screen.getByRole('button', { name: 'Go' }));
    expect(await screen.findByText('sending')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Go' }));
    expect(send).toHaveBeenCalledTimes(1);
    fail(new Error('Network down'));
    expect(await screen.findByRole('alert')).not.toBeEmptyDOMElement();
    expect(screen.getByText('idle')).toBeInTheDocument();
  });
});

import '../../i18n/test-i18n.ts';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CODE_COUNTDOWN_SECONDS, CodeButton } from './CodeButton.tsx';

describe('send-code button', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('counts down 60 s after a successful send, then is clickable again', async () => {
    expect(CODE_COUNTDOWN_SECONDS).toBe(60);
    const onSend = vi.fn(async () => true);
    render(<CodeButton onSend={onSend} />);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    });
    expect(screen.getByRole('button')).toHaveTextContent('Resend in 60 s');
    expect(screen.getByRole('button')).toBeDisabled();
    for (let i = 0; i < 59; i++) act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByRole('button')).toHaveTextContent('Resend in 1 s');
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByRole('button', { name: 'Send code' })).toBeEnabled();
  });

  it('stays clickable when sending failed', async () => {
    render(<CodeButton onSend={async () => false} />);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    });
    expect(screen.getByRole('button', { name: 'Send code' })).toBeEnabled();
  });
});

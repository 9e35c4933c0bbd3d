import '../testing/dom.ts';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SEND_CODE_COUNTDOWN_SECONDS, SendCodeButton } from './SendCodeButton.tsx';

describe('SendCodeButton', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('is disabled while sending, then counts 60 s down and is clickable again', async () => {
    expect(SEND_CODE_COUNTDOWN_SECONDS).toBe(60);
    let finish: (sent: boolean) => void = () => {};
    const send = vi.fn(() => new Promise<boolean>((resolve) => (finish = resolve)));
    render(<SendCodeButton send={send} text="Send code" />);
    const button = screen.getByRole('button', { name: 'Send code' });
    fireEvent.click(button);
    expect(send).toHaveBeenCalledOnce();
    expect(button).toBeDisabled();
    await act(async () => finish(true));
    expect(button).toHaveTextContent('60s');
    expect(button).toBeDisabled();
    act(() => vi.advanceTimersByTime(1000));
    expect(button).toHaveTextContent('59s');
    for (let i = 0; i < 58; i += 1) act(() => vi.advanceTimersByTime(1000));
    expect(button).toHaveTextContent('1s');
    expect(button).toBeDisabled();
    act(() => vi.advanceTimersByTime(1000));
    expect(button).toHaveTextContent('Send code');
    expect(button).toBeEnabled();
  });

  it('stays clickable when the send fails', async () => {
    const send = vi.fn().mockRejectedValueOnce(new Error('network')).mockResolvedValueOnce(false);
    render(<SendCodeButton send={send} text="Send code" countdownText={(s) => `Resend in ${s}`} />);
    const button = screen.getByRole('button', { name: 'Send code' });
    await act(async () => fireEvent.click(button));
    expect(button).toBeEnabled();
    await act(async () => fireEvent.click(button));
    expect(button).toHaveTextContent('Send code');
    expect(button).toBeEnabled();
  });

  it('shows the given countdown text', async () => {
    render(<SendCodeButton send={async () => true} text="Send" countdownText={(s) => `Resend in ${s}`} />);
    await act(async () => fireEvent.click(screen.getByRole('button')));
    expect(screen.getByRole('button')).toHaveTextContent('Resend in 60');
  });
});

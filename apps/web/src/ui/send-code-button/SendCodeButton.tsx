/**
 * The send-code button (shell.md §4, §9): a click calls `send`; while it runs the button is disabled; when it
 * succeeds a 60 s countdown shows the remaining seconds, after which the button can be clicked again. A failed
 * send (the promise rejects or resolves false) leaves the button clickable at once.
 * Props: send() => Promise (resolving false means not sent), text (e.g. 'Send code'), countdownText(seconds) (default '{s}s'),
 * seconds (default 60), disabled.
 */
import { useEffect, useState } from 'react';
import { Button } from '../button/Button.tsx';

export const SEND_CODE_COUNTDOWN_SECONDS = 60;

export interface SendCodeButtonProps {
  send: () => Promise<unknown>;
  text: string;
  countdownText?: (seconds: number) => string;
  seconds?: number;
  disabled?: boolean;
}

export function SendCodeButton({
  send,
  text,
  countdownText = (s) => `${s}s`,
  seconds = SEND_CODE_COUNTDOWN_SECONDS,
  disabled = false,
}: SendCodeButtonProps) {
  const [sending, setSending] = useState(false);
  const [left, setLeft] = useState(0);

  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);

  const click = async () => {
    setSending(true);
    try {
      const sent = await send();
      if (sent !== false) setLeft(seconds);
    } catch {
      // The caller shows the failure (a toast); the button is simply usable again.
    } finally {
      setSending(false);
    }
  };

  const counting = left > 0;
  return (
    <Button variant="text" onClick={click} loading={sending} disabled={disabled || counting} aria-live="polite">
      {counting ? countdownText(left) : text}
    </Button>
  );
}

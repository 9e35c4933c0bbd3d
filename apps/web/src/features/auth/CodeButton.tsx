import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './code-button.module.css';

/** The spec's send-code button: after a successful send it counts down 60 s, then can be clicked again. */
export const CODE_COUNTDOWN_SECONDS = 60;

export function CodeButton({ onSend, disabled }: { onSend: () => Promise<boolean>; disabled?: boolean }) {
  const { t } = useTranslation();
  const [left, setLeft] = useState(0);
  const [sending, setSending] = useState(false);
  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft((n) => n - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);
  return (
    <button
      type="button"
      className={styles.button}
      disabled={disabled || sending || left > 0}
      onClick={async () => {
        setSending(true);
        const sent = await onSend();
        setSending(false);
        if (sent) setLeft(CODE_COUNTDOWN_SECONDS);
      }}
    >
      {left > 0 ? t('auth.resendIn', { seconds: left }) : t('auth.sendCode')}
    </button>
  );
}

import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../i18n/error-text.ts';
import blocks from '../ui/page-blocks/page-blocks.module.css';

/**
 * A form's sending: whether it has been submitted (its fields show their errors from then on), the request in
 * flight (a second submit is ignored until it ends) and the failure's text.
 */
export function useFormSubmission() {
  const { t } = useTranslation();
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  /** The form's onSubmit: marks the form submitted and, when `ready`, sends it. */
  const submitWith = (ready: boolean, send: () => Promise<unknown>) => async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!ready || busy) return;
    setBusy(true);
    setError('');
    try {
      await send();
    } catch (failure) {
      setError(errorText(t, failure));
    } finally {
      setBusy(false);
    }
  };

  /** A fresh form again (a dialog closed or moved to its next step). */
  const reset = () => {
    setTouched(false);
    setError('');
  };

  return { touched, busy, error, submitWith, reset };
}

/** The failure of the form's last send, read out as it appears. */
export function FormError({ text }: { text: string }) {
  if (!text) return null;
  return (
    <p className={blocks.error} role="alert">
      {text}
    </p>
  );
}

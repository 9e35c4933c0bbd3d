/**
 * What text fields share: the label, the message under the field and the spec's message rule (shell.md §5):
 * the error text shows only when the field is flagged and not focused; otherwise the warning text shows.
 */
import { type ReactNode, useId, useState } from 'react';
import styles from './field.module.css';

export interface FieldMessageProps {
  /** Visible label; also the accessible name of the control. */
  label?: ReactNode;
  /** Flags the value as wrong (aria-invalid); the error text shows once the field loses focus. */
  error?: boolean;
  errorText?: ReactNode;
  /** Shown while there is no error to show (a hint, or a warning while typing). */
  warningText?: ReactNode;
}

/** Applies the spec's optional space stripping, then the length cap. */
export function applyTextRules(raw: string, maxLength: number, stripSpaces: boolean): string {
  return (stripSpaces ? raw.replace(/\s/g, '') : raw).slice(0, maxLength);
}

/** `id` is the caller's id for the control, when it sets one. */
export function useField({ error = false, errorText, warningText, id: givenId }: FieldMessageProps & { id?: string }) {
  const generated = useId();
  const id = givenId ?? generated;
  const [focused, setFocused] = useState(false);
  const showError = error && !focused && errorText != null && errorText !== '';
  const message = showError ? errorText : warningText;
  const messageId = message != null && message !== '' ? `${id}-message` : undefined;
  return {
    controlId: givenId ?? `${id}-control`,
    messageId,
    message,
    showError,
    /** The control's focus handlers: the field's own (an error waits while the user types), then the caller's. */
    focusHandlers: <E,>(onFocus?: (event: E) => void, onBlur?: (event: E) => void) => ({
      onFocus: (event: E) => {
        setFocused(true);
        onFocus?.(event);
      },
      onBlur: (event: E) => {
        setFocused(false);
        onBlur?.(event);
      },
    }),
    controlAria: { 'aria-invalid': error || undefined, 'aria-describedby': messageId },
  };
}

interface FieldProps {
  label?: ReactNode;
  controlId: string;
  messageId: string | undefined;
  message: ReactNode;
  showError: boolean;
  /** Right-aligned text on the label line, e.g. a character counter. */
  aside?: ReactNode;
  className?: string;
  children: ReactNode;
}

export function Field({ label, controlId, messageId, message, showError, aside, className, children }: FieldProps) {
  return (
    <div className={[styles.field, className].filter(Boolean).join(' ')}>
      {(label || aside) && (
        <div className={styles.labelLine}>
          {label && (
            <label className={styles.label} htmlFor={controlId}>
              {label}
            </label>
          )}
          {aside && <span className={styles.aside}>{aside}</span>}
        </div>
      )}
      {children}
      {/* The message line keeps its height so a message appearing does not shift the layout. */}
      <p id={messageId} className={`${styles.message} ${showError ? styles.error : styles.warning}`} aria-live="polite">
        {message}
      </p>
    </div>
  );
}

import type { Ref, TextareaHTMLAttributes } from 'react';
import { applyTextRules, Field, type FieldMessageProps, useField } from '../field/Field.tsx';
import styles from '../field/field.module.css';

/** The spec's default cap for a textarea (shell.md §9). */
export const TEXTAREA_MAX_LENGTH = 500;

type NativeTextarea = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'value' | 'onChange' | 'maxLength'>;

/**
 * Props: value, onChange(value), maxLength (default 500; a "n/500" counter shows on the label line),
 * stripSpaces, label, error, errorText, warningText, textareaRef; plus native textarea attributes.
 */
export interface TextareaProps extends NativeTextarea, FieldMessageProps {
  value: string;
  onChange: (value: string) => void;
  maxLength?: number;
  stripSpaces?: boolean;
  textareaRef?: Ref<HTMLTextAreaElement>;
}

export function Textarea({
  value,
  onChange,
  maxLength = TEXTAREA_MAX_LENGTH,
  stripSpaces = false,
  label,
  error,
  errorText,
  warningText,
  textareaRef,
  className,
  onFocus,
  onBlur,
  disabled,
  rows = 4,
  ...rest
}: TextareaProps) {
  const field = useField({ error, errorText, warningText, id: rest.id });
  return (
    <Field {...field} label={label} className={className} aside={`${value.length}/${maxLength}`}>
      <div className={styles.box} data-invalid={error || undefined} data-disabled={disabled || undefined}>
        <textarea
          {...rest}
          {...field.controlAria}
          ref={textareaRef}
          id={field.controlId}
          rows={rows}
          disabled={disabled}
          className={`${styles.control} ${styles.textarea}`}
          value={value}
          maxLength={maxLength}
          onChange={(event) => onChange(applyTextRules(event.target.value, maxLength, stripSpaces))}
          {...field.focusHandlers(onFocus, onBlur)}
        />
      </div>
    </Field>
  );
}

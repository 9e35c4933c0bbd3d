import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import { applyTextRules, Field, type FieldMessageProps, useField } from '../field/Field.tsx';
import styles from '../field/field.module.css';

/** The spec's default cap for a text input (shell.md §9). */
export const TEXT_INPUT_MAX_LENGTH = 100_000;

type NativeInput = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'maxLength' | 'prefix'>;

/**
 * Props: value, onChange(value) with the rules applied, maxLength (default 100000), stripSpaces,
 * label, error (flag), errorText, warningText (see Field), prefix/suffix adornments (e.g. a unit or a
 * SendCodeButton), numeric (right-aligned tabular figures), inputRef; plus native input attributes.
 */
export interface TextInputProps extends NativeInput, FieldMessageProps {
  value: string;
  onChange: (value: string) => void;
  maxLength?: number;
  stripSpaces?: boolean;
  prefix?: ReactNode;
  suffix?: ReactNode;
  numeric?: boolean;
  inputRef?: Ref<HTMLInputElement>;
  /** Rewrites what was typed before length and space rules apply (used by AmountInput). */
  transform?: (raw: string) => string;
}

export function TextInput({
  value,
  onChange,
  maxLength = TEXT_INPUT_MAX_LENGTH,
  stripSpaces = false,
  label,
  error,
  errorText,
  warningText,
  prefix,
  suffix,
  numeric = false,
  inputRef,
  transform,
  className,
  onFocus,
  onBlur,
  disabled,
  type = 'text',
  ...rest
}: TextInputProps) {
  const field = useField({ error, errorText, warningText, id: rest.id });
  return (
    <Field {...field} label={label} className={className}>
      <div className={styles.box} data-invalid={error || undefined} data-disabled={disabled || undefined}>
        {prefix && <span className={styles.adornment}>{prefix}</span>}
        <input
          {...rest}
          {...field.controlAria}
          ref={inputRef}
          id={field.controlId}
          type={type}
          disabled={disabled}
          className={[styles.control, numeric && styles.number].filter(Boolean).join(' ')}
          value={value}
          maxLength={maxLength}
          onChange={(event) => {
            const raw = transform ? transform(event.target.value) : event.target.value;
            onChange(applyTextRules(raw, maxLength, stripSpaces));
          }}
          {...field.focusHandlers(onFocus, onBlur)}
        />
        {suffix && <span className={styles.adornment}>{suffix}</span>}
      </div>
    </Field>
  );
}

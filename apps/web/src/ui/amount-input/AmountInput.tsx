import { AMOUNT_MAX_LENGTH, DEFAULT_AMOUNT_PRECISION, sanitizeAmountInput } from '@opex/contract/amount-input';
import { TextInput, type TextInputProps } from '../text-input/TextInput.tsx';

/**
 * An amount or price field. Props: value (decimal string), onChange(value) with the contract's amount rule
 * applied (digits and one dot, decimals truncated to `precision`, default 10, at most 13 characters),
 * precision, unit (shown after the value); plus TextInput's label, error and message props.
 */
export interface AmountInputProps
  extends Omit<TextInputProps, 'maxLength' | 'stripSpaces' | 'transform' | 'numeric' | 'inputMode' | 'suffix'> {
  precision?: number;
  unit?: string;
}

export function AmountInput({ precision = DEFAULT_AMOUNT_PRECISION, unit, ...rest }: AmountInputProps) {
  return (
    <TextInput
      {...rest}
      inputMode={precision === 0 ? 'numeric' : 'decimal'}
      autoComplete="off"
      numeric
      maxLength={AMOUNT_MAX_LENGTH}
      transform={(raw) => sanitizeAmountInput(raw, precision)}
      suffix={unit}
    />
  );
}

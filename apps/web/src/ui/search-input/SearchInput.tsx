import { TextInput, type TextInputProps } from '../text-input/TextInput.tsx';

/** The spec's search cap (shell.md §5). */
export const SEARCH_MAX_LENGTH = 100;

/**
 * Props: value, onChange(value) (at most 100 characters, spaces stripped), label (accessible name, required
 * because a search box usually has no visible label), placeholder; plus TextInput's other props.
 */
export interface SearchInputProps
  extends Omit<TextInputProps, 'maxLength' | 'stripSpaces' | 'type' | 'prefix' | 'label'> {
  label: string;
}

export function SearchInput({ label, ...rest }: SearchInputProps) {
  return (
    <TextInput
      {...rest}
      type="search"
      aria-label={label}
      maxLength={SEARCH_MAX_LENGTH}
      stripSpaces
      prefix={
        <svg width="1em" height="1em" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
          <circle cx="7" cy="7" r="5" fill="none" stroke="currentColor" strokeWidth="1.5" />
          <path d="m11 11 3.5 3.5" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" />
        </svg>
      }
    />
  );
}

import { useTranslation } from 'react-i18next';
import { TextInput } from '../../ui/text-input/TextInput.tsx';

/** The account field of login and password reset: an e-mail or a phone number, spaces dropped. */
export function AccountInput({
  value,
  onChange,
  error,
  errorText,
  autoFocus,
}: {
  value: string;
  onChange: (value: string) => void;
  error: boolean;
  errorText: string;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <TextInput
      label={t('auth.account')}
      value={value}
      onChange={onChange}
      maxLength={100}
      stripSpaces
      autoComplete="username"
      autoFocus={autoFocus}
      error={error}
      errorText={errorText}
    />
  );
}

import { useTranslation } from 'react-i18next';
import { TextInput } from '../../ui/text-input/TextInput.tsx';

/** A phone number's calling code, digits only after a fixed '+'. */
export function CountryCodeInput({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const { t } = useTranslation();
  return (
    <TextInput
      label={t('auth.countryCode')}
      value={value}
      onChange={(typed) => onChange(typed.replace(/\D/g, ''))}
      maxLength={4}
      inputMode="numeric"
      prefix="+"
    />
  );
}

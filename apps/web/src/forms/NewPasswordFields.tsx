import { isValidPassword } from '@opex/contract/rules';
import { useTranslation } from 'react-i18next';
import { TextInput } from '../ui/text-input/TextInput.tsx';

/** A new password as typed twice. */
export interface NewPassword {
  password: string;
  repeat: string;
}

export const noNewPassword: NewPassword = { password: '', repeat: '' };

/** The password keeps the account's rule and the repeat matches it. */
export function isValidNewPassword({ password, repeat }: NewPassword): boolean {
  return isValidPassword(password) && password === repeat;
}

/**
 * Choosing a password (registration, reset, change): the password and its repeat, with the rule's and the
 * mismatch's messages once the form has been submitted.
 */
export function NewPasswordFields({
  value,
  onChange,
  touched,
  labelKey = 'auth.newPassword',
  ruleHint = false,
}: {
  value: NewPassword;
  onChange: (value: NewPassword) => void;
  touched: boolean;
  /** The first field's label ('auth.password' where there is no old one to tell it from). */
  labelKey?: string;
  /** Shows the rule under the password while there is no error to show. */
  ruleHint?: boolean;
}) {
  const { t } = useTranslation();
  const { password, repeat } = value;
  return (
    <>
      <TextInput
        label={t(labelKey)}
        type="password"
        value={password}
        onChange={(next) => onChange({ password: next, repeat })}
        maxLength={20}
        autoComplete="new-password"
        error={touched && !isValidPassword(password)}
        errorText={t('validation.password')}
        warningText={ruleHint ? t('validation.password') : undefined}
      />
      <TextInput
        label={t('auth.repeatPassword')}
        type="password"
        value={repeat}
        onChange={(next) => onChange({ password, repeat: next })}
        maxLength={20}
        autoComplete="new-password"
        error={touched && repeat !== password}
        errorText={t('validation.repeat')}
      />
    </>
  );
}

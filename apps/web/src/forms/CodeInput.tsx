import { verificationCodePattern } from '@opex/contract/rules';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../i18n/error-text.ts';
import { SendCodeButton } from '../ui/send-code-button/SendCodeButton.tsx';
import { TextInput } from '../ui/text-input/TextInput.tsx';
import { useToast } from '../ui/toast/ToastProvider.tsx';

/** A 6-digit code field (sent by e-mail or SMS, or from an authenticator app), its error shown once submitted. */
export function CodeInput({
  label,
  value,
  onChange,
  touched,
  autoFocus,
  suffix,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  touched: boolean;
  autoFocus?: boolean;
  /** The send-code button, where the code is sent. */
  suffix?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <TextInput
      label={label}
      value={value}
      onChange={onChange}
      maxLength={6}
      stripSpaces
      inputMode="numeric"
      autoComplete="one-time-code"
      autoFocus={autoFocus}
      error={touched && !verificationCodePattern.test(value)}
      errorText={t('validation.code')}
      suffix={suffix}
    />
  );
}

/** The send-code button inside a code field: counts down after a send, and tells the user how the send went. */
export function SendCodeSuffix({ disabled, send }: { disabled: boolean; send: () => Promise<unknown> }) {
  const { t } = useTranslation();
  const toast = useToast();
  return (
    <SendCodeButton
      text={t('auth.sendCode')}
      countdownText={(seconds) => t('auth.resendIn', { seconds })}
      disabled={disabled}
      send={async () => {
        try {
          await send();
          toast.success(t('auth.codeSent'));
          return true;
        } catch (failure) {
          toast.error(errorText(t, failure));
          return false;
        }
      }}
    />
  );
}

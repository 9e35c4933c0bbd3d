import type { CaptchaFields } from '@opex/contract/captcha';
import { verificationCodePattern } from '@opex/contract/rules';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../i18n/error-text.ts';
import { Captcha } from '../../lib/Captcha.tsx';
import { SendCodeButton } from '../../ui/send-code-button/SendCodeButton.tsx';
import { TextInput } from '../../ui/text-input/TextInput.tsx';
import { useToast } from '../../ui/toast/ToastProvider.tsx';

/**
 * A 6-digit code field with its send-code button (60 s countdown) and the human verification the send needs;
 * each send uses up the proof, so the widget starts over for the next one.
 */
export function VerificationCodeInput({
  label,
  value,
  onChange,
  touched,
  send,
  canSend = true,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  touched: boolean;
  send: (captcha: CaptchaFields) => Promise<unknown>;
  canSend?: boolean;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const [captcha, setCaptcha] = useState<CaptchaFields | null>(null);
  const [round, setRound] = useState(0);
  return (
    <>
      <Captcha key={round} onChange={setCaptcha} />
      <TextInput
        label={label}
        value={value}
        onChange={onChange}
        maxLength={6}
        stripSpaces
        inputMode="numeric"
        autoComplete="one-time-code"
        error={touched && !verificationCodePattern.test(value)}
        errorText={t('validation.code')}
        suffix={
          <SendCodeButton
            text={t('auth.sendCode')}
            countdownText={(seconds) => t('auth.resendIn', { seconds })}
            disabled={!canSend || !captcha}
            send={async () => {
              const fields = captcha ?? {};
              setCaptcha(null);
              setRound((n) => n + 1);
              try {
                await send(fields);
                toast.success(t('auth.codeSent'));
                return true;
              } catch (failure) {
                toast.error(errorText(t, failure));
                return false;
              }
            }}
          />
        }
      />
    </>
  );
}

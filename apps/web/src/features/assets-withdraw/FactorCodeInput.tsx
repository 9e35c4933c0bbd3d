import { emailValidCode, OperationType, smsValidCode } from '@opex/contract/calls/verification';
import type { CaptchaFields } from '@opex/contract/captcha';
import { verificationCodePattern } from '@opex/contract/rules';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { invoke } from '../../api/call.ts';
import { errorText } from '../../i18n/error-text.ts';
import { Captcha } from '../../lib/Captcha.tsx';
import { SendCodeButton } from '../../ui/send-code-button/SendCodeButton.tsx';
import { TextInput } from '../../ui/text-input/TextInput.tsx';
import { useToast } from '../../ui/toast/ToastProvider.tsx';

/**
 * The second factor's code field: Google's code as typed, or a securityVerify code sent to the user's own e-mail
 * or phone (with the human verification the send needs; each send uses up the proof).
 */
export type FactorKind = 'google' | 'email' | 'sms';

export function FactorCodeInput({
  kind,
  value,
  onChange,
  touched,
}: {
  kind: FactorKind;
  value: string;
  onChange: (value: string) => void;
  touched: boolean;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const [captcha, setCaptcha] = useState<CaptchaFields | null>(null);
  const [round, setRound] = useState(0);
  const send = async () => {
    const fields = captcha ?? {};
    setCaptcha(null);
    setRound((n) => n + 1);
    try {
      const operationType = OperationType.securityVerify;
      await (kind === 'email'
        ? invoke(emailValidCode, { operationType, ...fields })
        : invoke(smsValidCode, { operationType, ...fields }));
      toast.success(t('auth.codeSent'));
      return true;
    } catch (failure) {
      toast.error(errorText(t, failure));
      return false;
    }
  };
  return (
    <>
      {kind !== 'google' && <Captcha key={round} onChange={setCaptcha} />}
      <TextInput
        label={t(`withdraw.factor.${kind}`)}
        value={value}
        onChange={onChange}
        maxLength={6}
        stripSpaces
        inputMode="numeric"
        autoComplete="one-time-code"
        autoFocus
        error={touched && !verificationCodePattern.test(value)}
        errorText={t('validation.code')}
        suffix={
          kind === 'google' ? undefined : (
            <SendCodeButton
              text={t('auth.sendCode')}
              countdownText={(seconds) => t('auth.resendIn', { seconds })}
              disabled={!captcha}
              send={send}
            />
          )
        }
      />
    </>
  );
}

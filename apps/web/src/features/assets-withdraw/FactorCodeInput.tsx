import { emailValidCode, OperationType, smsValidCode } from '@opex/contract/calls/verification';
import { useTranslation } from 'react-i18next';
import { invoke } from '../../api/call.ts';
import { CodeInput } from '../../forms/CodeInput.tsx';
import { VerificationCodeInput } from '../../forms/VerificationCodeInput.tsx';

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
  const field = { label: t(`withdraw.factor.${kind}`), value, onChange, touched, autoFocus: true };
  if (kind === 'google') return <CodeInput {...field} />;
  const operationType = OperationType.securityVerify;
  return (
    <VerificationCodeInput
      {...field}
      send={(captcha) =>
        kind === 'email'
          ? invoke(emailValidCode, { operationType, ...captcha })
          : invoke(smsValidCode, { operationType, ...captcha })
      }
    />
  );
}

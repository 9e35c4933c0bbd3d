import type { CaptchaFields } from '@opex/contract/captcha';
import { useState } from 'react';
import { Captcha } from './Captcha.tsx';
import { CodeInput, SendCodeSuffix } from './CodeInput.tsx';

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
  autoFocus,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  touched: boolean;
  send: (captcha: CaptchaFields) => Promise<unknown>;
  canSend?: boolean;
  autoFocus?: boolean;
}) {
  const [captcha, setCaptcha] = useState<CaptchaFields | null>(null);
  const [round, setRound] = useState(0);
  return (
    <>
      <Captcha key={round} onChange={setCaptcha} />
      <CodeInput
        label={label}
        value={value}
        onChange={onChange}
        touched={touched}
        autoFocus={autoFocus}
        suffix={
          <SendCodeSuffix
            disabled={!canSend || !captcha}
            send={() => {
              const fields = captcha ?? {};
              setCaptcha(null);
              setRound((n) => n + 1);
              return send(fields);
            }}
          />
        }
      />
    </>
  );
}

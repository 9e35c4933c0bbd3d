import type { CaptchaFields } from '@opex/contract/captcha';
import { useState } from 'react';

/**
 * One human verification shared by a form's sends (a code, then the form itself): each call takes the proof and
 * starts the widget over (render it with `key={round}`), since the server accepts a proof once.
 */
export function useSingleUseCaptcha() {
  const [captcha, setCaptcha] = useState<CaptchaFields | null>(null);
  const [round, setRound] = useState(0);
  const take = (): CaptchaFields => {
    const fields = captcha ?? {};
    setCaptcha(null);
    setRound((n) => n + 1);
    return fields;
  };
  return { captcha, setCaptcha, round, take };
}

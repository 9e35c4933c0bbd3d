import { tartCaptcha } from '@opex/contract/calls/common';
import type { CaptchaFields } from '@opex/contract/captcha';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { invoke } from '../api/call.ts';
import { usePublicInfo } from '../api/common.ts';
import { currentLanguage } from '../i18n/i18n.ts';
import type { AltchaChallenge } from '../ui/human-verification/altcha-solver.ts';
import { HumanVerification } from '../ui/human-verification/HumanVerification.tsx';

const GEETEST_SCRIPT = 'https://static.geetest.com/static/tools/gt.js';
const ALIYUN_SCRIPT = 'https://g.alicdn.com/sd/nch5/index.js';

/**
 * Human verification per the verificationType switch ('0' none, '1' GeeTest, '2' Aliyun, '3' our ALTCHA proof of
 * work), on the design system's widget; challenges come from common/tartCaptcha. Reports null until verified.
 * Remount (key) for fresh fields after a protected call used them.
 */
export function Captcha({ onChange }: { onChange: (fields: CaptchaFields | null) => void }) {
  const { t } = useTranslation();
  const info = usePublicInfo();
  const type = String(info.switch.verificationType ?? '0');
  const [geetest, setGeetest] = useState<{ challenge: string; gt: string; success: number }>();

  useEffect(() => {
    onChange(type === '0' ? {} : null);
    if (type !== '1') return;
    invoke(tartCaptcha, {})
      .then(({ captcha }) => {
        if (captcha && 'gt' in captcha) setGeetest(captcha);
      })
      // Captcha start-up failures are ignored (spec §8); the form simply stays unsubmittable.
      .catch(() => undefined);
  }, [type, onChange]);

  if (type === '0') return null;
  return (
    <HumanVerification
      type={type}
      lang={currentLanguage()}
      onVerify={onChange}
      geetest={geetest ? { scriptUrl: GEETEST_SCRIPT, captcha: geetest } : undefined}
      aliyun={{ scriptUrl: ALIYUN_SCRIPT, appkey: info.nc.nc_appkey, scene: info.nc.nc_prefix }}
      altcha={{ getChallenge: fetchAltchaChallenge }}
      texts={{
        verify: t('captcha.verify'),
        verifying: t('captcha.verifying'),
        verified: t('captcha.verified'),
        retry: t('captcha.retry'),
      }}
    />
  );
}

async function fetchAltchaChallenge(): Promise<AltchaChallenge> {
  const { captcha } = await invoke(tartCaptcha, {});
  if (!captcha || !('parameters' in captcha)) throw new Error('no proof-of-work challenge');
  return captcha as unknown as AltchaChallenge;
}

import type { CaptchaFields } from '@opex/contract/captcha';
import { useEffect } from 'react';
import { usePublicInfo } from '../../api/common.ts';

/**
 * Human verification per the verificationType switch: '0' needs nothing, so the form may submit at once.
 * Other types render the design system's widget (wired when it lands).
 */
export function Captcha({ onChange }: { onChange: (fields: CaptchaFields | null) => void }) {
  const info = usePublicInfo();
  const type = String(info.switch.verificationType ?? '0');
  useEffect(() => {
    if (type === '0') onChange({});
  }, [type, onChange]);
  return null;
}

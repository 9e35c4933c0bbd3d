import { tartCaptcha } from '@opex/contract/calls/common';
import type { CaptchaFields } from '@opex/contract/captcha';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { invoke } from '../../api/call.ts';
import { usePublicInfo } from '../../api/common.ts';
import { currentLanguage } from '../../i18n/i18n.ts';
import { HumanVerification } from '../../ui/human-verification/HumanVerification.tsx';
import { solveAltchaProof } from './altcha-proof.ts';
import styles from './auth.module.css';

const GEETEST_SCRIPT = 'https://static.geetest.com/static/tools/gt.js';
const ALIYUN_SCRIPT = 'https://g.alicdn.com/sd/nch5/index.js';

/**
 * Human verification per the verificationType switch: '0' needs nothing; '1' and '2' use the design system's
 * widget with the providers' scripts; '3' (our ALTCHA proof of work) is solved here, because the server speaks the
 * altcha-lib v2 protocol through common/tartCaptcha and the widget's solver speaks v1 over a plain GET.
 * Remount (key) to get fresh fields after a protected call used them.
 */
export function Captcha({ onChange }: { onChange: (fields: CaptchaFields | null) => void }) {
  const info = usePublicInfo();
  const type = String(info.switch.verificationType ?? '0');
  if (type === '3') return <AltchaProof onChange={onChange} />;
  if (type === '1' || type === '2') return <ProviderWidget type={type} onChange={onChange} />;
  return <NoVerification onChange={onChange} />;
}

function NoVerification({ onChange }: { onChange: (fields: CaptchaFields) => void }) {
  useEffect(() => onChange({}), [onChange]);
  return null;
}

type Status = 'verifying' | 'verified' | 'error';

function AltchaProof({ onChange }: { onChange: (fields: CaptchaFields | null) => void }) {
  const { t } = useTranslation();
  const [status, setStatus] = useState<Status>('verifying');
  const [round, setRound] = useState(0);
  const report = useRef(onChange);
  report.current = onChange;

  // biome-ignore lint/correctness/useExhaustiveDependencies: `round` restarts the proof on retry
  useEffect(() => {
    const abort = new AbortController();
    setStatus('verifying');
    report.current(null);
    invoke(tartCaptcha, {})
      .then(async ({ captcha }) => {
        if (!captcha || !('parameters' in captcha)) throw new Error('no challenge');
        const proof = await solveAltchaProof(captcha, abort.signal);
        if (abort.signal.aborted) return;
        if (!proof) throw new Error('no solution');
        setStatus('verified');
        report.current({ altcha: proof });
      })
      .catch(() => {
        if (!abort.signal.aborted) setStatus('error');
      });
    return () => abort.abort();
  }, [round]);

  return (
    <div className={styles.captcha} data-status={status} role="status" data-testid="captcha">
      <span className={styles.captchaMark} aria-hidden="true" />
      {status === 'verifying' && t('captcha.verifying')}
      {status === 'verified' && t('captcha.verified')}
      {status === 'error' && (
        <button type="button" className={styles.captchaRetry} onClick={() => setRound((n) => n + 1)}>
          {t('captcha.retry')}
        </button>
      )}
    </div>
  );
}

function ProviderWidget({ type, onChange }: { type: '1' | '2'; onChange: (fields: CaptchaFields | null) => void }) {
  const { t } = useTranslation();
  const info = usePublicInfo();
  const [geetest, setGeetest] = useState<{ challenge: string; gt: string; success: number }>();
  useEffect(() => {
    onChange(null);
    if (type !== '1') return;
    invoke(tartCaptcha, {})
      .then(({ captcha }) => {
        if (captcha && 'gt' in captcha) setGeetest(captcha);
      })
      // Captcha start-up failures are ignored (spec §8); the form stays unsubmittable.
      .catch(() => undefined);
  }, [type, onChange]);
  return (
    <HumanVerification
      type={type}
      lang={currentLanguage()}
      onVerify={onChange}
      geetest={geetest ? { scriptUrl: GEETEST_SCRIPT, captcha: geetest } : undefined}
      aliyun={{ scriptUrl: ALIYUN_SCRIPT, appkey: info.nc.nc_appkey, scene: info.nc.nc_prefix }}
      texts={{
        verify: t('captcha.verify'),
        verifying: t('captcha.verifying'),
        verified: t('captcha.verified'),
        retry: t('captcha.retry'),
      }}
    />
  );
}

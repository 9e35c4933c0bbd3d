/**
 * The human-verification widget, by verification type (shell.md §4, §5): '0' nothing; '1' the first provider
 * (GeeTest, script from the provider's CDN); '2' the second (Aliyun no-captcha slider; success is reported 300 ms
 * after validation); '3' our self-hosted proof of work (ALTCHA, solved in a Web Worker). Provider errors are not
 * reported (the spec ignores them) but the widget offers a retry.
 * Props: type, lang (site language, mapped per provider), onVerify(fields) (CaptchaFields of the contract),
 * geetest {scriptUrl, captcha {challenge, gt, success}}, aliyun {scriptUrl, appkey, scene},
 * altcha {getChallenge: the caller fetches common/tartCaptcha's challenge}, texts {verify, verifying, verified, retry} (translated; English defaults).
 */
import type { CaptchaFields } from '@opex/contract/captcha';
import { useEffect, useId, useRef, useState } from 'react';
import { Spinner } from '../spinner/Spinner.tsx';
import surface from '../surface/surface.module.css';
import { type AltchaChallenge, solveAltcha } from './altcha-solver.ts';
import { aliyunLanguage, geetestLanguage } from './captcha-language.ts';
import styles from './human-verification.module.css';
import { loadScript } from './script-loader.ts';

export const ALIYUN_SUCCESS_DELAY_MS = 300;

export type VerificationType = '0' | '1' | '2' | '3';

export interface VerificationTexts {
  verify: string;
  verifying: string;
  verified: string;
  retry: string;
}

const englishTexts: VerificationTexts = {
  verify: "I'm not a robot",
  verifying: 'Verifying…',
  verified: 'Verified',
  retry: 'Verification did not load. Try again',
};

export interface HumanVerificationProps {
  type: VerificationType | string;
  lang: string;
  onVerify: (fields: CaptchaFields) => void;
  geetest?: { scriptUrl: string; captcha: { challenge: string; gt: string; success: number | boolean } };
  aliyun?: { scriptUrl: string; appkey: string; scene: string };
  altcha?: { getChallenge: () => Promise<AltchaChallenge> };
  texts?: Partial<VerificationTexts>;
}

type Status = 'loading' | 'ready' | 'verifying' | 'verified' | 'error';

// The providers' globals, as far as this widget uses them.
interface GeetestCaptcha {
  appendTo: (element: HTMLElement) => void;
  onSuccess: (callback: () => void) => void;
  onError: (callback: () => void) => void;
  getValidate: () => { geetest_challenge: string; geetest_validate: string; geetest_seccode: string } | false;
}
interface AliyunResult {
  csessionid: string;
  sig: string;
}
interface ProviderWindow {
  initGeetest?: (config: Record<string, unknown>, ready: (captcha: GeetestCaptcha) => void) => void;
  NoCaptcha?: { init: (config: Record<string, unknown>) => unknown };
}
const providers = () => window as unknown as ProviderWindow;

export function HumanVerification(props: HumanVerificationProps) {
  const texts = { ...englishTexts, ...props.texts };
  if (props.type === '1' && props.geetest) return <Geetest {...props} geetest={props.geetest} texts={texts} />;
  if (props.type === '2' && props.aliyun) return <Aliyun {...props} aliyun={props.aliyun} texts={texts} />;
  if (props.type === '3' && props.altcha) return <Altcha {...props} altcha={props.altcha} texts={texts} />;
  return null;
}

type ProviderProps<K extends 'geetest' | 'aliyun' | 'altcha'> = HumanVerificationProps &
  Required<Pick<HumanVerificationProps, K>> & { texts: VerificationTexts };

/** The retry line shown when a provider failed; errors themselves are not surfaced. */
function Retry({ texts, onRetry }: { texts: VerificationTexts; onRetry: () => void }) {
  return (
    <button type="button" className={styles.retry} onClick={onRetry}>
      {texts.retry}
    </button>
  );
}

/** Keeps the latest callback without re-running a provider's set-up when the parent re-renders. */
function useLatest<T>(value: T) {
  const ref = useRef(value);
  ref.current = value;
  return ref;
}

function Geetest({ geetest, lang, onVerify, texts }: ProviderProps<'geetest'>) {
  const host = useRef<HTMLDivElement>(null);
  const [status, setStatus] = useState<Status>('loading');
  const [attempt, setAttempt] = useState(0);
  const report = useLatest(onVerify);
  const { scriptUrl, captcha } = geetest;

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the retry trigger
  useEffect(() => {
    let live = true;
    setStatus('loading');
    loadScript(scriptUrl)
      .then(() => {
        const init = providers().initGeetest;
        if (!init) throw new Error('initGeetest missing');
        init(
          {
            gt: captcha.gt,
            challenge: captcha.challenge,
            offline: !captcha.success,
            new_captcha: true,
            product: 'float',
            width: '100%',
            lang: geetestLanguage(lang),
          },
          (instance) => {
            if (!live || !host.current) return;
            host.current.replaceChildren();
            instance.appendTo(host.current);
            instance.onSuccess(() => {
              const result = instance.getValidate();
              if (!result) return;
              setStatus('verified');
              report.current({
                geetest_challenge: result.geetest_challenge,
                geetest_validate: result.geetest_validate,
                geetest_seccode: result.geetest_seccode,
              });
            });
            instance.onError(() => live && setStatus('error'));
            setStatus('ready');
          },
        );
      })
      .catch(() => live && setStatus('error'));
    return () => {
      live = false;
    };
  }, [scriptUrl, captcha.gt, captcha.challenge, captcha.success, lang, attempt, report]);

  return (
    <div className={styles.widget} data-status={status}>
      {status === 'loading' && <Spinner size="s" label={texts.verifying} />}
      {status === 'error' && <Retry texts={texts} onRetry={() => setAttempt((n) => n + 1)} />}
      <div ref={host} className={styles.host} hidden={status === 'error'} />
    </div>
  );
}

function Aliyun({ aliyun, lang, onVerify, texts }: ProviderProps<'aliyun'>) {
  const id = `nc-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const [status, setStatus] = useState<Status>('loading');
  const [attempt, setAttempt] = useState(0);
  const report = useLatest(onVerify);
  const { scriptUrl, appkey, scene } = aliyun;

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the retry trigger
  useEffect(() => {
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    setStatus('loading');
    const token = [appkey, Date.now(), Math.random()].join(':');
    loadScript(scriptUrl)
      .then(() => {
        const noCaptcha = providers().NoCaptcha;
        if (!noCaptcha || !live) throw new Error('NoCaptcha missing');
        document.getElementById(id)?.replaceChildren();
        noCaptcha.init({
          renderTo: `#${id}`,
          appkey,
          scene,
          token,
          language: aliyunLanguage(lang),
          isEnabled: true,
          is_Opt: 0,
          timeout: 3000,
          times: 5,
          callback: (data: AliyunResult) => {
            // The provider draws its success state first; the spec reports 300 ms later.
            timer = setTimeout(() => {
              if (!live) return;
              setStatus('verified');
              report.current({ csessionid: data.csessionid, sig: data.sig, token, scene });
            }, ALIYUN_SUCCESS_DELAY_MS);
          },
          error: () => live && setStatus('error'),
        });
        setStatus('ready');
      })
      .catch(() => live && setStatus('error'));
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [scriptUrl, appkey, scene, lang, attempt, id, report]);

  return (
    <div className={styles.widget} data-status={status}>
      {status === 'loading' && <Spinner size="s" label={texts.verifying} />}
      {status === 'error' && <Retry texts={texts} onRetry={() => setAttempt((n) => n + 1)} />}
      <div id={id} className={styles.host} hidden={status === 'error'} />
    </div>
  );
}

/** Solves in a worker where the browser has them; jsdom and old browsers solve on the main thread. */
function solveOffThread(challenge: AltchaChallenge): { result: Promise<string | null>; cancel: () => void } {
  if (typeof Worker === 'undefined') return { result: solveAltcha(challenge), cancel: () => {} };
  const worker = new Worker(new URL('./altcha.worker.ts', import.meta.url), { type: 'module' });
  const result = new Promise<string | null>((resolve, reject) => {
    worker.onmessage = (event: MessageEvent<string | null>) => resolve(event.data);
    worker.onerror = () => reject(new Error('altcha worker failed'));
    worker.postMessage(challenge);
  }).finally(() => worker.terminate());
  return { result, cancel: () => worker.terminate() };
}

function Altcha({ altcha, onVerify, texts }: ProviderProps<'altcha'>) {
  const [status, setStatus] = useState<Status>('ready');
  const cancel = useRef<() => void>(() => {});
  useEffect(() => () => cancel.current(), []);

  const verify = async () => {
    if (status === 'verifying' || status === 'verified') return;
    setStatus('verifying');
    try {
      const solving = solveOffThread(await altcha.getChallenge());
      cancel.current = solving.cancel;
      const payload = await solving.result;
      if (payload === null) throw new Error('no solution');
      setStatus('verified');
      onVerify({ altcha: payload });
    } catch {
      setStatus('error');
    }
  };

  if (status === 'error') {
    return (
      <div className={styles.widget} data-status={status}>
        <Retry
          texts={texts}
          onRetry={() => {
            setStatus('ready');
          }}
        />
      </div>
    );
  }
  return (
    <div className={styles.widget} data-status={status}>
      <label className={`${surface.control} ${styles.check}`}>
        <input
          type="checkbox"
          className={styles.input}
          checked={status === 'verified'}
          disabled={status === 'verified'}
          aria-busy={status === 'verifying' || undefined}
          onChange={verify}
        />
        <span className={styles.box} aria-hidden="true">
          {status === 'verifying' && <Spinner size="s" label="" />}
          {status === 'verified' && (
            <svg viewBox="0 0 16 16" aria-hidden="true" focusable="false">
              <path d="m3 8.5 3 3 7-7" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          )}
        </span>
        {status === 'verifying' ? texts.verifying : status === 'verified' ? texts.verified : texts.verify}
      </label>
    </div>
  );
}

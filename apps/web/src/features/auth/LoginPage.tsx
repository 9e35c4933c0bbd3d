import { confirmLogin, loginIn } from '@opex/contract/calls/user';
import type { CaptchaFields } from '@opex/contract/captcha';
import { isValidEmail, verificationCodePattern } from '@opex/contract/rules';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { invoke } from '../../api/call.ts';
import { userInfoQuery } from '../../api/user.ts';
import { Captcha } from '../../forms/Captcha.tsx';
import { CodeInput } from '../../forms/CodeInput.tsx';
import { FormError, useFormSubmission } from '../../forms/form-submission.tsx';
import { Button } from '../../ui/button/Button.tsx';
import blocks from '../../ui/page-blocks/page-blocks.module.css';
import { TextInput } from '../../ui/text-input/TextInput.tsx';
import { AccountInput } from './AccountInput.tsx';
import { AuthFrame } from './AuthFrame.tsx';
import styles from './auth.module.css';

type SecondStep = { token: string; type: '1' | '2' | '3' };

/** Two-step login: account, password and captcha; then, when the server asks, the second-factor code. */
export default function LoginPage() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const navigate = useNavigate();
  const from = (useLocation().state as { from?: string } | null)?.from ?? '/';
  const [account, setAccount] = useState('');
  const [password, setPassword] = useState('');
  const [captcha, setCaptcha] = useState<CaptchaFields | null>(null);
  const [code, setCode] = useState('');
  const [step, setStep] = useState<SecondStep | null>(null);
  const { touched, busy, error, submitWith } = useFormSubmission();

  const finish = async () => {
    await client.fetchQuery({ ...userInfoQuery, staleTime: 0 });
    navigate(from, { replace: true });
  };

  const submitPassword = submitWith(account.trim() !== '' && password !== '' && captcha !== null, async () => {
    const id = account.trim();
    const reply = await invoke(loginIn, {
      ...(isValidEmail(id) ? { email: id } : { mobileNumber: id }),
      loginPword: password,
      ...captcha,
    });
    if (reply.type === '') return finish();
    setStep({ token: reply.token, type: reply.type });
  });

  const submitCode = submitWith(step !== null && verificationCodePattern.test(code), async () => {
    if (!step) return;
    await invoke(confirmLogin, { token: step.token, authCode: code, type: step.type });
    await finish();
  });

  if (step) {
    return (
      <AuthFrame title={t('auth.secondStepTitle')} onSubmit={submitCode}>
        <p className={blocks.hint}>{t(`auth.secondStepHint.${step.type}`)}</p>
        <CodeInput label={t('auth.code')} value={code} onChange={setCode} touched={touched} autoFocus />
        <FormError text={error} />
        <Button type="submit" block loading={busy}>
          {t('auth.confirm')}
        </Button>
        <Button variant="text" onClick={() => setStep(null)}>
          {t('common.back')}
        </Button>
      </AuthFrame>
    );
  }

  return (
    <AuthFrame title={t('auth.loginTitle')} onSubmit={submitPassword}>
      <AccountInput
        value={account}
        onChange={setAccount}
        autoFocus
        error={touched && !account.trim()}
        errorText={t('validation.required')}
      />
      <TextInput
        label={t('auth.password')}
        type="password"
        value={password}
        onChange={setPassword}
        maxLength={100}
        autoComplete="current-password"
        error={touched && !password}
        errorText={t('validation.required')}
      />
      <Captcha onChange={setCaptcha} />
      <FormError text={error} />
      <Button type="submit" block loading={busy} disabled={!captcha}>
        {t('auth.login')}
      </Button>
      <div className={styles.links}>
        <Link to="/resetPass">{t('auth.forgot')}</Link>
        <Link to="/register">{t('auth.noAccount')}</Link>
      </div>
    </AuthFrame>
  );
}

import { resetPassword } from '@opex/contract/calls/user';
import { verificationCodePattern } from '@opex/contract/rules';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { invoke } from '../../api/call.ts';
import { Captcha } from '../../forms/Captcha.tsx';
import { CodeInput, SendCodeSuffix } from '../../forms/CodeInput.tsx';
import { FormError, useFormSubmission } from '../../forms/form-submission.tsx';
import { isValidNewPassword, NewPasswordFields, noNewPassword } from '../../forms/NewPasswordFields.tsx';
import { useSingleUseCaptcha } from '../../forms/useSingleUseCaptcha.ts';
import { Button } from '../../ui/button/Button.tsx';
import { useToast } from '../../ui/toast/ToastProvider.tsx';
import { AccountInput } from './AccountInput.tsx';
import { AuthFrame } from './AuthFrame.tsx';
import { accountFields, isValidAccount } from './account-input.ts';
import styles from './auth.module.css';
import { CountryCodeInput } from './CountryCodeInput.tsx';
import { sendCode } from './useCodeSender.ts';

/**
 * Password reset: the account, a code sent to it, and the new password twice. Every session of the user ends.
 * Sending the code and the reset each use up one human verification, as registration does.
 */
export default function ResetPasswordPage() {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const [account, setAccount] = useState('');
  const [countryCode, setCountryCode] = useState('');
  const [code, setCode] = useState('');
  const [newPassword, setNewPassword] = useState(noNewPassword);
  const { captcha, setCaptcha, round: captchaRound, take: takeCaptcha } = useSingleUseCaptcha();
  const { touched, busy, error, submitWith } = useFormSubmission();
  const isPhone = account.trim() !== '' && !account.includes('@');
  const target = accountFields(account, countryCode);
  const valid = isValidAccount(account) && verificationCodePattern.test(code) && isValidNewPassword(newPassword);

  const submit = submitWith(valid && captcha !== null, async () => {
    await invoke(resetPassword, { ...target, authCode: code, loginPword: newPassword.password, ...takeCaptcha() });
    toast.success(t('auth.passwordReset'));
    navigate('/login', { replace: true });
  });

  return (
    <AuthFrame title={t('auth.resetTitle')} onSubmit={submit}>
      <AccountInput
        value={account}
        onChange={setAccount}
        error={touched && !isValidAccount(account)}
        errorText={t('validation.account')}
      />
      {isPhone && <CountryCodeInput value={countryCode} onChange={setCountryCode} />}
      <CodeInput
        label={t('auth.code')}
        value={code}
        onChange={setCode}
        touched={touched}
        suffix={
          <SendCodeSuffix
            disabled={!isValidAccount(account) || !captcha}
            send={() => sendCode('2', target, takeCaptcha())}
          />
        }
      />
      <NewPasswordFields value={newPassword} onChange={setNewPassword} touched={touched} />
      <Captcha key={captchaRound} onChange={setCaptcha} />
      <FormError text={error} />
      <Button type="submit" block loading={busy} disabled={!captcha}>
        {t('auth.resetSubmit')}
      </Button>
      <div className={styles.links}>
        <Link to="/login">{t('auth.backToLogin')}</Link>
      </div>
    </AuthFrame>
  );
}

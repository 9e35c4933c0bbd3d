import { register } from '@opex/contract/calls/user';
import { isValidEmail, phonePattern, verificationCodePattern } from '@opex/contract/rules';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { invoke } from '../../api/call.ts';
import { switchOn, usePublicInfo } from '../../api/common.ts';
import { Captcha } from '../../forms/Captcha.tsx';
import { CodeInput, SendCodeSuffix } from '../../forms/CodeInput.tsx';
import { FormError, useFormSubmission } from '../../forms/form-submission.tsx';
import { isValidNewPassword, NewPasswordFields, noNewPassword } from '../../forms/NewPasswordFields.tsx';
import { useSingleUseCaptcha } from '../../forms/useSingleUseCaptcha.ts';
import { Button } from '../../ui/button/Button.tsx';
import { TextInput } from '../../ui/text-input/TextInput.tsx';
import { useToast } from '../../ui/toast/ToastProvider.tsx';
import { AuthFrame } from './AuthFrame.tsx';
import { type RegistrationKind, registrationKinds } from './account-input.ts';
import styles from './auth.module.css';
import { CountryCodeInput } from './CountryCodeInput.tsx';
import { sendCode } from './useCodeSender.ts';

/** Registration by e-mail or phone (per switch), with a code, a password twice and, when required, an invitation. */
export default function RegisterPage() {
  const { t } = useTranslation();
  const info = usePublicInfo();
  const toast = useToast();
  const navigate = useNavigate();
  const kinds = registrationKinds(info.switch.user_reg_type);
  const invitationRequired = switchOn(info.switch, 'is_invitationCode_required');
  const mustAgree = switchOn(info.switch, 'regist_must_check_open');
  const [kind, setKind] = useState<RegistrationKind>(kinds[0] ?? 'email');
  const [email, setEmail] = useState('');
  const [countryCode, setCountryCode] = useState(info.msg.default_country_code?.replace(/\D/g, '') ?? '');
  const [mobile, setMobile] = useState('');
  const [code, setCode] = useState('');
  const [newPassword, setNewPassword] = useState(noNewPassword);
  const [invite, setInvite] = useState('');
  const [agreed, setAgreed] = useState(!mustAgree);
  const { captcha, setCaptcha, round: captchaRound, take: takeCaptcha } = useSingleUseCaptcha();
  const { touched, busy, error, submitWith } = useFormSubmission();

  const accountValid =
    kind === 'email' ? isValidEmail(email) : phonePattern.test(mobile) && /^\d{1,4}$/.test(countryCode);
  const target = kind === 'email' ? { email: email.trim() } : { mobileNumber: mobile, countryCode };
  const valid =
    accountValid &&
    verificationCodePattern.test(code) &&
    isValidNewPassword(newPassword) &&
    (!invitationRequired || invite.trim() !== '') &&
    agreed;

  const submit = submitWith(valid && captcha !== null, async () => {
    await invoke(register, {
      ...target,
      loginPword: newPassword.password,
      authCode: code,
      ...(invite.trim() ? { invitedCode: invite.trim() } : {}),
      ...takeCaptcha(),
    });
    toast.success(t('auth.registered'));
    navigate('/login', { replace: true });
  });

  return (
    <AuthFrame title={t('auth.registerTitle')} onSubmit={submit}>
      {kinds.length > 1 && (
        <div className={styles.tabs} role="tablist">
          {kinds.map((k) => (
            <button
              key={k}
              type="button"
              role="tab"
              aria-selected={kind === k}
              className={styles.tab}
              onClick={() => setKind(k)}
            >
              {t(`auth.by.${k}`)}
            </button>
          ))}
        </div>
      )}
      {kind === 'email' ? (
        <TextInput
          label={t('auth.email')}
          type="email"
          value={email}
          onChange={setEmail}
          maxLength={100}
          stripSpaces
          autoComplete="email"
          error={touched && !isValidEmail(email)}
          errorText={t('validation.email')}
        />
      ) : (
        <div className={styles.row}>
          <CountryCodeInput value={countryCode} onChange={setCountryCode} />
          <TextInput
            label={t('auth.phone')}
            value={mobile}
            onChange={(v) => setMobile(v.replace(/\D/g, ''))}
            maxLength={20}
            inputMode="numeric"
            autoComplete="tel-national"
            error={touched && !phonePattern.test(mobile)}
            errorText={t('validation.phone')}
          />
        </div>
      )}
      <CodeInput
        label={t('auth.code')}
        value={code}
        onChange={setCode}
        touched={touched}
        suffix={
          <SendCodeSuffix disabled={!accountValid || !captcha} send={() => sendCode('1', target, takeCaptcha())} />
        }
      />
      <NewPasswordFields value={newPassword} onChange={setNewPassword} touched={touched} labelKey="auth.password" />
      <TextInput
        label={invitationRequired ? t('auth.invite') : t('auth.inviteOptional')}
        value={invite}
        onChange={setInvite}
        maxLength={20}
        stripSpaces
        error={touched && invitationRequired && !invite.trim()}
        errorText={t('validation.required')}
      />
      {mustAgree && (
        <label className={styles.check}>
          <input type="checkbox" checked={agreed} onChange={(e) => setAgreed(e.target.checked)} />
          <span>
            {t('auth.agree')} <Link to="/footerPage/termsOfService">{t('footer.links.termsOfService')}</Link>
          </span>
        </label>
      )}
      <Captcha key={captchaRound} onChange={setCaptcha} />
      <FormError text={error} />
      <Button type="submit" block loading={busy} disabled={!captcha}>
        {t('auth.register')}
      </Button>
      <div className={styles.links}>
        <Link to="/login">{t('auth.haveAccount')}</Link>
      </div>
    </AuthFrame>
  );
}

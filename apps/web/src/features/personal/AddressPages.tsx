import { emailBindSave, emailUpdate, mobileBindSave, mobileUpdate } from '@opex/contract/calls/security';
import { isValidEmail, phonePattern, verificationCodePattern } from '@opex/contract/rules';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { invoke } from '../../api/call.ts';
import { usePublicInfo } from '../../api/common.ts';
import type { UserInfo } from '../../api/user.ts';
import { VerificationCodeInput } from '../../forms/VerificationCodeInput.tsx';
import { Button } from '../../ui/button/Button.tsx';
import blocks from '../../ui/page-blocks/page-blocks.module.css';
import { TextInput } from '../../ui/text-input/TextInput.tsx';
import { useToast } from '../../ui/toast/ToastProvider.tsx';
import { PersonalLayout } from './PersonalLayout.tsx';
import { PhoneCodeSelect } from './PhoneCodeSelect.tsx';
import styles from './personal.module.css';
import { defaultPhoneCountry } from './phone-codes.ts';
import { SecondFactorDialog } from './SecondFactorDialog.tsx';
import type { SecondFactorFields } from './second-factor.ts';
import { useRefreshUser } from './useRefreshUser.ts';
import { type NewAddress, sendNewAddressCode } from './verification-codes.ts';

/**
 * bindEmail, changeEmail, bindPhone, changePhone: the new address proves itself with a code sent to it; the account
 * with its second factor (SecondFactorDialog). Binding needs the slot empty, changing needs it filled.
 */
type Kind = 'email' | 'phone';
type Mode = 'bind' | 'change';

export function BindEmailPage() {
  return <AddressPage kind="email" mode="bind" />;
}
export function ChangeEmailPage() {
  return <AddressPage kind="email" mode="change" />;
}
export function BindPhonePage() {
  return <AddressPage kind="phone" mode="bind" />;
}
export function ChangePhonePage() {
  return <AddressPage kind="phone" mode="change" />;
}

function AddressPage({ kind, mode }: { kind: Kind; mode: Mode }) {
  const { t } = useTranslation();
  return (
    <PersonalLayout title={t(`personal.${kind}.${mode}Title`)} back="/personal/userManagement">
      {(user) => {
        const bound = kind === 'email' ? user.email !== '' : user.mobileNumber !== '';
        if (bound !== (mode === 'change')) {
          const other = `/personal/${mode === 'bind' ? 'change' : 'bind'}${kind === 'email' ? 'Email' : 'Phone'}`;
          return (
            <section className={blocks.panel}>
              <p>{t(`personal.${kind}.${mode === 'bind' ? 'alreadyBound' : 'notBoundYet'}`)}</p>
              <Link to={other} className={styles.linkButton}>
                {t(`personal.${kind}.${mode === 'bind' ? 'changeTitle' : 'bindTitle'}`)}
              </Link>
            </section>
          );
        }
        return <AddressForm user={user} kind={kind} mode={mode} />;
      }}
    </PersonalLayout>
  );
}

function AddressForm({ user, kind, mode }: { user: UserInfo; kind: Kind; mode: Mode }) {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const refresh = useRefreshUser();
  const info = usePublicInfo();
  const [email, setEmail] = useState('');
  const [phone, setPhone] = useState(() => defaultPhoneCountry(info.msg.default_country_code, info.limitCountryList));
  const [mobile, setMobile] = useState('');
  const [code, setCode] = useState('');
  const [touched, setTouched] = useState(false);
  const [confirming, setConfirming] = useState(false);

  const addressValid = kind === 'email' ? isValidEmail(email.trim()) : phone !== undefined && phonePattern.test(mobile);
  const address: NewAddress =
    kind === 'email' ? { email: email.trim() } : { countryCode: phone?.callingCode ?? '', mobileNumber: mobile };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (addressValid && verificationCodePattern.test(code)) setConfirming(true);
  };

  const save = async (factor: SecondFactorFields) => {
    const fields = { newAuthCode: code, ...factor };
    if ('email' in address) await invoke(mode === 'bind' ? emailBindSave : emailUpdate, { ...address, ...fields });
    else await invoke(mode === 'bind' ? mobileBindSave : mobileUpdate, { ...address, ...fields });
    await refresh();
    toast.success(t('personal.saved'));
    navigate('/personal/userManagement');
  };

  return (
    <section className={blocks.panel}>
      {mode === 'change' && (
        <p className={blocks.hint}>
          {t(`personal.${kind}.current`, {
            address: kind === 'email' ? user.email : `+${user.countryCode} ${user.mobileNumber}`,
          })}
        </p>
      )}
      <form className={styles.form} onSubmit={submit} noValidate>
        {kind === 'email' ? (
          <TextInput
            label={t('personal.email.new')}
            value={email}
            onChange={setEmail}
            maxLength={100}
            stripSpaces
            type="email"
            autoComplete="email"
            error={touched && !addressValid}
            errorText={t('validation.email')}
          />
        ) : (
          <>
            <PhoneCodeSelect country={phone?.country} onChange={setPhone} label={t('auth.countryCode')} />
            <TextInput
              label={t('personal.phone.new')}
              value={mobile}
              onChange={(v) => setMobile(v.replace(/\D/g, ''))}
              maxLength={20}
              inputMode="numeric"
              autoComplete="tel-national"
              prefix={phone ? `+${phone.callingCode}` : undefined}
              error={touched && !addressValid}
              errorText={t('validation.phone')}
            />
          </>
        )}
        <VerificationCodeInput
          label={t(`personal.${kind}.newCode`)}
          value={code}
          onChange={setCode}
          touched={touched}
          canSend={addressValid}
          send={(captcha) => sendNewAddressCode(address, captcha)}
        />
        <Button type="submit" block>
          {t('personal.next')}
        </Button>
      </form>
      <SecondFactorDialog open={confirming} onOpenChange={setConfirming} user={user} onSubmit={save} />
    </section>
  );
}

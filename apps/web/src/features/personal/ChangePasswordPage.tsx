import { passwordUpdate } from '@opex/contract/calls/user';
import { OperationType } from '@opex/contract/calls/verification';
import { verificationCodePattern } from '@opex/contract/rules';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { invoke } from '../../api/call.ts';
import { type UserInfo, userInfoQuery } from '../../api/user.ts';
import { FormError, useFormSubmission } from '../../forms/form-submission.tsx';
import { isValidNewPassword, NewPasswordFields, noNewPassword } from '../../forms/NewPasswordFields.tsx';
import { VerificationCodeInput } from '../../forms/VerificationCodeInput.tsx';
import { Button } from '../../ui/button/Button.tsx';
import blocks from '../../ui/page-blocks/page-blocks.module.css';
import { TextInput } from '../../ui/text-input/TextInput.tsx';
import { useToast } from '../../ui/toast/ToastProvider.tsx';
import { PersonalLayout } from './PersonalLayout.tsx';
import styles from './personal.module.css';
import { sendOwnAddressCode } from './verification-codes.ts';

/**
 * /personal/changePassword: the current password, the new one twice, and a code sent to the account's e-mail (or
 * phone when it has none). Every session ends, so the user logs in again with the new password.
 */
export default function ChangePasswordPage() {
  const { t } = useTranslation();
  return (
    <PersonalLayout title={t('personal.password.change')} back="/personal/userManagement">
      {(user) => <ChangePasswordForm user={user} />}
    </PersonalLayout>
  );
}

function ChangePasswordForm({ user }: { user: UserInfo }) {
  const { t } = useTranslation();
  const toast = useToast();
  const client = useQueryClient();
  const navigate = useNavigate();
  const [current, setCurrent] = useState('');
  const [newPassword, setNewPassword] = useState(noNewPassword);
  const [code, setCode] = useState('');
  const { touched, busy, error, submitWith } = useFormSubmission();
  const channel = user.email ? 'email' : 'sms';
  const valid = current !== '' && isValidNewPassword(newPassword) && verificationCodePattern.test(code);

  const submit = submitWith(valid, async () => {
    await invoke(passwordUpdate, { loginPword: current, newLoginPword: newPassword.password, authCode: code });
    toast.success(t('auth.passwordReset'));
    client.setQueryData(userInfoQuery.queryKey, null);
    navigate('/login', { replace: true });
  });

  return (
    <section className={blocks.panel}>
      <form className={styles.form} onSubmit={submit} noValidate>
        <TextInput
          label={t('personal.password.current')}
          type="password"
          value={current}
          onChange={setCurrent}
          maxLength={100}
          autoComplete="current-password"
          error={touched && current === ''}
          errorText={t('validation.required')}
        />
        <NewPasswordFields value={newPassword} onChange={setNewPassword} touched={touched} ruleHint />
        <p className={blocks.hint}>
          {t(`personal.factor.sentTo.${channel}`, { address: user.email || user.mobileNumber })}
        </p>
        <VerificationCodeInput
          label={t('auth.code')}
          value={code}
          onChange={setCode}
          touched={touched}
          send={(captcha) => sendOwnAddressCode(channel, captcha, OperationType.passwordChange)}
        />
        <p className={blocks.hint}>{t('personal.password.endsSessions')}</p>
        <FormError text={error} />
        <Button type="submit" block loading={busy}>
          {t('personal.password.change')}
        </Button>
      </form>
    </section>
  );
}

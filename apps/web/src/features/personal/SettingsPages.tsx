import { loginVerifyUpdate } from '@opex/contract/calls/security';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { invoke } from '../../api/call.ts';
import { switchOn, usePublicInfo } from '../../api/common.ts';
import type { UserInfo } from '../../api/user.ts';
import { Button } from '../../ui/button/Button.tsx';
import blocks from '../../ui/page-blocks/page-blocks.module.css';
import { useToast } from '../../ui/toast/ToastProvider.tsx';
import { LOGIN_VERIFY_CHOICES, type LoginVerifyChoice, loginVerifyAvailable } from './login-verify.ts';
import { NicknameDialog } from './NicknameDialog.tsx';
import { PersonalLayout } from './PersonalLayout.tsx';
import styles from './personal.module.css';
import { SecondFactorDialog } from './SecondFactorDialog.tsx';
import { useRefreshUser } from './useRefreshUser.ts';

/**
 * setUp: the account's preferences (nickname, login verification, fiat) with links to change them.
 * modifySettings: the login verification choice, saved with the second factor.
 */
export function SetUpPage() {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  return (
    <PersonalLayout title={t('personal.menu.setUp')}>
      {(user) => (
        <div className={styles.rows}>
          <div className={styles.row}>
            <div className={styles.rowText}>
              <span className={styles.rowTitle}>{t('personal.nickname.label')}</span>
              <span className={styles.rowNote}>{user.nickName || '--'}</span>
            </div>
            <Button variant="ghost" onClick={() => setEditing(true)}>
              {t('personal.edit')}
            </Button>
          </div>
          <div className={styles.row}>
            <div className={styles.rowText}>
              <span className={styles.rowTitle}>{t('personal.loginVerify.title')}</span>
              <span className={styles.rowNote}>{t(`personal.loginVerify.option.${user.loginVerify}`)}</span>
            </div>
            <Link to="/personal/modifySettings" className={styles.linkButton}>
              {t('personal.change')}
            </Link>
          </div>
          <div className={styles.row}>
            <div className={styles.rowText}>
              <span className={styles.rowTitle}>{t('personal.menu.leaglTenderSet')}</span>
              <span className={styles.rowNote}>
                {user.legalTender.toUpperCase() || t('personal.fiat.followLanguage')}
              </span>
            </div>
            <Link to="/personal/leaglTenderSet" className={styles.linkButton}>
              {t('personal.change')}
            </Link>
          </div>
          {editing && <NicknameDialog open onOpenChange={setEditing} current={user.nickName} />}
        </div>
      )}
    </PersonalLayout>
  );
}

export function ModifySettingsPage() {
  const { t } = useTranslation();
  return (
    <PersonalLayout title={t('personal.loginVerify.title')} back="/personal/setUp">
      {(user) => <LoginVerifyForm user={user} />}
    </PersonalLayout>
  );
}

function LoginVerifyForm({ user }: { user: UserInfo }) {
  const { t } = useTranslation();
  const info = usePublicInfo();
  const toast = useToast();
  const navigate = useNavigate();
  const refresh = useRefreshUser();
  const [choice, setChoice] = useState(user.loginVerify as LoginVerifyChoice);
  const [confirming, setConfirming] = useState(false);
  const enforced = switchOn(info.switch, 'is_enforce_google_auth') && user.googleStatus === 1;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (choice !== user.loginVerify) setConfirming(true);
  };

  return (
    <section className={blocks.panel}>
      <p className={blocks.hint}>{t('personal.loginVerify.note')}</p>
      {enforced && <p className={blocks.banner}>{t('personal.loginVerify.enforced')}</p>}
      <form className={styles.form} onSubmit={submit}>
        <fieldset className={styles.choices}>
          <legend className={styles.factLabel}>{t('personal.loginVerify.title')}</legend>
          {LOGIN_VERIFY_CHOICES.map((option) => {
            const available = loginVerifyAvailable(option, user);
            // "None" is not a choice once Google is bound: it is not "not bound", it is not offered.
            if (option === '0' && !available) return null;
            return (
              <label key={option} className={styles.choice} data-disabled={available ? undefined : ''}>
                <input
                  type="radio"
                  name="loginVerify"
                  value={option}
                  checked={choice === option}
                  disabled={!available}
                  onChange={() => setChoice(option)}
                />
                {t(`personal.loginVerify.option.${option}`)}
                {!available && <span className={styles.state}>{t('personal.notBound')}</span>}
              </label>
            );
          })}
        </fieldset>
        <Button type="submit" block disabled={choice === user.loginVerify}>
          {t('personal.save')}
        </Button>
      </form>
      <SecondFactorDialog
        open={confirming}
        onOpenChange={setConfirming}
        user={user}
        onSubmit={async (factor) => {
          await invoke(loginVerifyUpdate, { loginVerify: choice, ...factor });
          await refresh();
          toast.success(t('personal.saved'));
          navigate('/personal/setUp');
        }}
      />
    </section>
  );
}

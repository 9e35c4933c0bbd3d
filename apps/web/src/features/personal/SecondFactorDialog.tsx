import { verificationCodePattern } from '@opex/contract/rules';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserInfo } from '../../api/user.ts';
import { CodeInput } from '../../forms/CodeInput.tsx';
import { FormError, useFormSubmission } from '../../forms/form-submission.tsx';
import { VerificationCodeInput } from '../../forms/VerificationCodeInput.tsx';
import { Button } from '../../ui/button/Button.tsx';
import { Dialog } from '../../ui/dialog/Dialog.tsx';
import blocks from '../../ui/page-blocks/page-blocks.module.css';
import { Tabs } from '../../ui/tabs/Tabs.tsx';
import styles from './personal.module.css';
import { type FactorKind, type SecondFactorFields, secondFactorFields, secondFactorKinds } from './second-factor.ts';
import { sendOwnAddressCode } from './verification-codes.ts';

/**
 * The second factor of every sensitive change: the Google code when Google is bound, else a code sent to the
 * user's bound e-mail or phone (a choice when both are bound). `onSubmit` gets the factor's request fields and does
 * the change; its refusal shows in the dialog, which stays open for another try. `extra` holds a field of the change
 * itself that should be filled last (a fresh Google code of the secret being bound); `extraReady` gates submit.
 */
export function SecondFactorDialog({
  open,
  onOpenChange,
  user,
  kinds = secondFactorKinds(user),
  onSubmit,
  extra,
  extraReady = true,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  user: UserInfo;
  kinds?: FactorKind[];
  onSubmit: (fields: SecondFactorFields) => Promise<unknown>;
  extra?: ReactNode;
  extraReady?: boolean;
}) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<FactorKind | undefined>();
  const [code, setCode] = useState('');
  const { touched, busy, error, submitWith, reset } = useFormSubmission();
  const kind = chosen && kinds.includes(chosen) ? chosen : kinds[0];

  const close = (next: boolean) => {
    if (!next) {
      setCode('');
      reset();
    }
    onOpenChange(next);
  };

  const submit = submitWith(kind !== undefined && verificationCodePattern.test(code) && extraReady, async () => {
    if (!kind) return;
    await onSubmit(secondFactorFields(kind, code));
    close(false);
  });

  return (
    <Dialog open={open} onOpenChange={close} title={t('personal.factor.title')} closeLabel={t('common.close')}>
      <form className={styles.form} onSubmit={submit} noValidate>
        {!kind && <p className={blocks.error}>{t('personal.factor.none')}</p>}
        {kinds.length > 1 && kind && (
          <Tabs
            items={kinds.map((k) => ({ key: k, name: t(`personal.factor.${k}`) }))}
            value={kind}
            onValueChange={(k) => {
              setChosen(k as FactorKind);
              setCode('');
            }}
            label={t('personal.factor.title')}
            variant="segmented"
          />
        )}
        {kind === 'google' && (
          <CodeInput
            label={t('personal.factor.googleCode')}
            value={code}
            onChange={setCode}
            touched={touched}
            autoFocus
          />
        )}
        {(kind === 'email' || kind === 'sms') && (
          <>
            <p className={blocks.hint}>
              {t(`personal.factor.sentTo.${kind}`, { address: kind === 'email' ? user.email : user.mobileNumber })}
            </p>
            <VerificationCodeInput
              key={kind}
              label={t(`personal.factor.${kind}Code`)}
              value={code}
              onChange={setCode}
              touched={touched}
              send={(captcha) => sendOwnAddressCode(kind, captcha)}
            />
          </>
        )}
        {extra}
        <FormError text={error} />
        <Button type="submit" block loading={busy} disabled={!kind}>
          {t('common.confirm')}
        </Button>
      </form>
    </Dialog>
  );
}

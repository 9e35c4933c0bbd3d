import type { CallReply } from '@opex/contract/call';
import type { doWithdraw } from '@opex/contract/calls/withdraw';
import { verificationCodePattern } from '@opex/contract/rules';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CodeInput } from '../../forms/CodeInput.tsx';
import { FormError, useFormSubmission } from '../../forms/form-submission.tsx';
import { Button } from '../../ui/button/Button.tsx';
import { Dialog } from '../../ui/dialog/Dialog.tsx';
import blocks from '../../ui/page-blocks/page-blocks.module.css';
import { FactorCodeInput, type FactorKind } from './FactorCodeInput.tsx';
import styles from './withdraw.module.css';

/**
 * The two steps of sending a withdrawal: the second factor (which makes the request and locks the funds), then the
 * code e-mailed to the user (which confirms it). A refusal shows in the dialog, which stays open for another try;
 * closing at the confirmation step leaves the withdrawal waiting in the records, where it can be confirmed later.
 */
export type WithdrawRecord = CallReply<typeof doWithdraw>;
export type DialogStep = { step: 'factor' } | { step: 'confirm'; record: WithdrawRecord };

export function WithdrawDialog({
  step,
  onClose,
  factor,
  summary,
  onRequest,
  onConfirm,
}: {
  step: DialogStep | null;
  onClose: () => void;
  factor: FactorKind;
  summary?: ReactNode;
  onRequest: (fields: Record<string, string>) => Promise<WithdrawRecord>;
  onConfirm: (id: number, code: string) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const { touched, busy, error, submitWith, reset: resetSubmission } = useFormSubmission();
  const [requested, setRequested] = useState<WithdrawRecord | null>(null);
  const current: DialogStep | null = requested ? { step: 'confirm', record: requested } : step;

  const reset = () => {
    setCode('');
    resetSubmission();
  };
  const close = () => {
    reset();
    setRequested(null);
    onClose();
  };

  const submit = submitWith(current !== null && verificationCodePattern.test(code), async () => {
    if (current?.step === 'confirm') {
      await onConfirm(current.record.id, code);
      close();
      return;
    }
    const fieldOf = { google: 'googleCode', email: 'emailAuthCode', sms: 'smsAuthCode' } as const;
    const record = await onRequest({ [fieldOf[factor]]: code });
    reset();
    setRequested(record);
  });

  const confirming = current?.step === 'confirm';
  return (
    <Dialog
      open={current !== null}
      onOpenChange={(open) => !open && close()}
      title={t(confirming ? 'withdraw.confirm.title' : 'withdraw.factor.title')}
      closeLabel={t('common.close')}
    >
      <form className={styles.dialogForm} onSubmit={submit} noValidate>
        {confirming ? (
          <>
            <p className={blocks.hint}>
              {t('withdraw.confirm.body', {
                amount: current.record.amount,
                coin: current.record.coinSymbol,
                address: current.record.address,
              })}
            </p>
            <CodeInput label={t('withdraw.confirm.code')} value={code} onChange={setCode} touched={touched} autoFocus />
          </>
        ) : (
          <>
            {summary}
            <FactorCodeInput kind={factor} value={code} onChange={setCode} touched={touched} />
          </>
        )}
        <FormError text={error} />
        <Button type="submit" block loading={busy}>
          {t(confirming ? 'withdraw.confirm.submit' : 'common.confirm')}
        </Button>
      </form>
    </Dialog>
  );
}

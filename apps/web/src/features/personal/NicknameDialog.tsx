import { nicknameUpdate } from '@opex/contract/calls/security';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { invoke } from '../../api/call.ts';
import { FormError, useFormSubmission } from '../../forms/form-submission.tsx';
import { Button } from '../../ui/button/Button.tsx';
import { Dialog } from '../../ui/dialog/Dialog.tsx';
import { TextInput } from '../../ui/text-input/TextInput.tsx';
import { useToast } from '../../ui/toast/ToastProvider.tsx';
import styles from './personal.module.css';
import { useRefreshUser } from './useRefreshUser.ts';

export const NICKNAME_MAX = 32;

/** user/nickname_update: 1 to 32 characters after trimming. */
export function NicknameDialog({
  open,
  onOpenChange,
  current,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  current: string;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const refresh = useRefreshUser();
  const [name, setName] = useState(current);
  const { busy, error, submitWith } = useFormSubmission();
  const valid = name.trim().length > 0;

  const submit = submitWith(valid, async () => {
    await invoke(nicknameUpdate, { nickName: name.trim() });
    await refresh();
    toast.success(t('personal.saved'));
    onOpenChange(false);
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t('personal.nickname.title')} closeLabel={t('common.close')}>
      <form className={styles.form} onSubmit={submit} noValidate>
        <TextInput
          label={t('personal.nickname.label')}
          value={name}
          onChange={setName}
          maxLength={NICKNAME_MAX}
          autoFocus
          error={!valid}
          errorText={t('validation.required')}
        />
        <FormError text={error} />
        <Button type="submit" block loading={busy} disabled={!valid}>
          {t('personal.save')}
        </Button>
      </form>
    </Dialog>
  );
}

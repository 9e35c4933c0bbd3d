import { createCoId, getUserConfig } from '@opex/contract/calls/co-user';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { invalidateCall, useCallMutation } from '../../api/query.ts';
import own from '../../futures/futures.module.css';
import { errorText } from '../../i18n/error-text.ts';
import { Button } from '../../ui/button/Button.tsx';
import { useToast } from '../../ui/toast/ToastProvider.tsx';

/** A user without a futures account is asked to open one (user/create_co_id); the config is then read again. */
export function OpenAccountPrompt() {
  const { t } = useTranslation();
  const toast = useToast();
  const client = useQueryClient();
  const open = useCallMutation(createCoId);
  const submit = async () => {
    try {
      await open.mutateAsync({});
      toast.success(t('futures.openAccount.done'));
    } catch (failure) {
      toast.error(errorText(t, failure));
    }
    await invalidateCall(client, getUserConfig);
  };
  return (
    <section className={own.prompt} aria-label={t('futures.openAccount.title')} data-testid="open-co-account">
      <strong>{t('futures.openAccount.title')}</strong>
      <p>{t('futures.openAccount.text')}</p>
      <Button onClick={() => void submit()} loading={open.isPending}>
        {t('futures.openAccount.confirm')}
      </Button>
    </section>
  );
}

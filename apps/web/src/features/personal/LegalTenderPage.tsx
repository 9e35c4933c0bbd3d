import { legalTenderUpdate } from '@opex/contract/calls/security';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { invoke } from '../../api/call.ts';
import { usePublicInfo } from '../../api/common.ts';
import type { UserInfo } from '../../api/user.ts';
import { errorText } from '../../i18n/error-text.ts';
import { Button } from '../../ui/button/Button.tsx';
import blocks from '../../ui/page-blocks/page-blocks.module.css';
import { useToast } from '../../ui/toast/ToastProvider.tsx';
import { fiatChoices } from './fiat-choices.ts';
import { PersonalLayout } from './PersonalLayout.tsx';
import styles from './personal.module.css';
import { SelectField } from './SelectField.tsx';
import { useRefreshUser } from './useRefreshUser.ts';

/** /personal/leaglTenderSet: the fiat prices are shown in (user/legal_tender_update), or the language's own. */
export default function LegalTenderPage() {
  const { t } = useTranslation();
  return (
    <PersonalLayout title={t('personal.menu.leaglTenderSet')}>
      {(user) => <LegalTenderForm user={user} />}
    </PersonalLayout>
  );
}

function LegalTenderForm({ user }: { user: UserInfo }) {
  const { t } = useTranslation();
  const info = usePublicInfo();
  const toast = useToast();
  const refresh = useRefreshUser();
  const [fiat, setFiat] = useState(user.legalTender);
  const [busy, setBusy] = useState(false);
  const options = fiatChoices(info.lan.lanList).map((code) => ({
    code: code || 'language',
    value: code ? code.toUpperCase() : t('personal.fiat.followLanguage'),
  }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      await invoke(legalTenderUpdate, { legalTender: fiat });
      await refresh();
      toast.success(t('personal.saved'));
    } catch (failure) {
      toast.error(errorText(t, failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className={blocks.panel}>
      <p className={blocks.hint}>{t('personal.fiat.note')}</p>
      <form className={styles.form} onSubmit={submit}>
        <SelectField
          label={t('personal.menu.leaglTenderSet')}
          value={fiat || 'language'}
          options={options}
          onChange={(option) => setFiat(option.code === 'language' ? '' : option.code)}
        />
        <Button type="submit" block loading={busy} disabled={fiat === user.legalTender}>
          {t('personal.save')}
        </Button>
      </form>
    </section>
  );
}

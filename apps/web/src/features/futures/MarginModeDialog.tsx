import { marginModelEdit } from '@opex/contract/calls/co-user';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type CoUserConfig, refreshFutures } from '../../api/futures.ts';
import { useCallMutation } from '../../api/query.ts';
import type { Contract } from '../../futures/contracts.ts';
import own from '../../futures/futures.module.css';
import { ActionDialog } from '../../ui/dialog/ActionDialog.tsx';

const MODELS = [
  { code: 1, key: 'cross' },
  { code: 2, key: 'isolated' },
] as const;

/** Cross (1) or isolated (2) margin for the contract (user/margin_model_edit); only while nothing is held in it. */
export function MarginModeDialog({
  contract,
  config,
  onClose,
}: {
  contract: Contract;
  config: CoUserConfig;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [model, setModel] = useState<1 | 2>(config.marginModel === 2 ? 2 : 1);
  const edit = useCallMutation(marginModelEdit);
  const submit = async () => {
    await edit.mutateAsync({ marginModel: model, contractId: contract.id });
    await refreshFutures(client);
    return t('futures.marginModel.done', { model: t(`futures.marginModel.${model === 2 ? 'isolated' : 'cross'}`) });
  };
  return (
    <ActionDialog
      title={t('futures.marginModel.title', { contract: contract.contractName })}
      confirmLabel={t('futures.marginModel.confirm')}
      pending={edit.isPending}
      disabled={!config.marginModelCanSwitch || model === config.marginModel}
      onConfirm={submit}
      onClose={onClose}
    >
      <fieldset className={own.dialogForm}>
        <legend className={own.hint}>{t('futures.marginModel.choose')}</legend>
        {MODELS.map((m) => (
          <label key={m.code} className={own.field}>
            <span>
              <input
                type="radio"
                name="margin-model"
                checked={model === m.code}
                onChange={() => setModel(m.code)}
                disabled={!config.marginModelCanSwitch}
              />{' '}
              <strong>{t(`futures.marginModel.${m.key}`)}</strong>
            </span>
            <span className={own.hint}>{t(`futures.marginModel.${m.key}Hint`)}</span>
          </label>
        ))}
        {!config.marginModelCanSwitch && <p className={own.warning}>{t('futures.marginModel.locked')}</p>}
      </fieldset>
    </ActionDialog>
  );
}

import { useTranslation } from 'react-i18next';
import blocks from '../../ui/page-blocks/page-blocks.module.css';
import { Switch } from '../../ui/switch/Switch.tsx';
import { TextInput } from '../../ui/text-input/TextInput.tsx';
import { Textarea } from '../../ui/textarea/Textarea.tsx';
import { API_LABEL_MAX, checkIpWhitelist, isValidApiLabel } from './ip-whitelist.ts';

/** The editable part of an API key, shared by creation (apiManagement) and change (checkApi). */
export interface ApiKeyDraft {
  label: string;
  trade: boolean;
  ip: string;
}

export function apiKeyDraftValid(draft: ApiKeyDraft): boolean {
  return isValidApiLabel(draft.label) && checkIpWhitelist(draft.ip).ok;
}

export function ApiKeyFields({
  draft,
  onChange,
  touched,
}: {
  draft: ApiKeyDraft;
  onChange: (draft: ApiKeyDraft) => void;
  touched: boolean;
}) {
  const { t } = useTranslation();
  const whitelist = checkIpWhitelist(draft.ip);
  return (
    <>
      <TextInput
        label={t('personal.api.label')}
        value={draft.label}
        onChange={(label) => onChange({ ...draft, label })}
        maxLength={API_LABEL_MAX}
        error={touched && !isValidApiLabel(draft.label)}
        errorText={t('validation.required')}
      />
      <Switch
        checked={draft.trade}
        onCheckedChange={(trade) => onChange({ ...draft, trade })}
        label={t('personal.api.tradePermission')}
      />
      <Textarea
        label={t('personal.api.ip')}
        value={draft.ip}
        onChange={(ip) => onChange({ ...draft, ip })}
        maxLength={400}
        rows={3}
        error={(touched || draft.ip !== '') && !whitelist.ok}
        errorText={
          whitelist.tooMany
            ? t('personal.api.ipTooMany')
            : t('personal.api.ipInvalid', { ips: whitelist.invalid.join(', ') })
        }
      />
      <p className={blocks.hint}>{t('personal.api.ipNote')}</p>
    </>
  );
}

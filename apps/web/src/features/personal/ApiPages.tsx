import {
  type ApiKeyItem,
  createOpenApi,
  deleteOpenApi,
  MAX_API_KEYS,
  myApiList,
  openApiOne,
  updateOpenApi,
} from '@opex/contract/calls/open-api';
import { formatDateTime } from '@opex/contract/display';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { invoke } from '../../api/call.ts';
import { invalidateCall, useCallQuery } from '../../api/query.ts';
import type { UserInfo } from '../../api/user.ts';
import { errorText } from '../../i18n/error-text.ts';
import { Button } from '../../ui/button/Button.tsx';
import { DataTable } from '../../ui/data-table/DataTable.tsx';
import { Dialog } from '../../ui/dialog/Dialog.tsx';
import blocks from '../../ui/page-blocks/page-blocks.module.css';
import { Spinner } from '../../ui/spinner/Spinner.tsx';
import { useToast } from '../../ui/toast/ToastProvider.tsx';
import { type ApiKeyDraft, ApiKeyFields, apiKeyDraftValid } from './ApiKeyFields.tsx';
import { CopyButton } from './CopyButton.tsx';
import { checkIpWhitelist } from './ip-whitelist.ts';
import { PersonalLayout } from './PersonalLayout.tsx';
import styles from './personal.module.css';
import { SecondFactorDialog } from './SecondFactorDialog.tsx';

/**
 * apiManagement: the user's API keys and a form for a new one; the secret is shown once, right after creation.
 * checkApi?id=: one key's details and its change. Creating, changing and deleting take the second factor.
 */
const emptyDraft: ApiKeyDraft = { label: '', trade: false, ip: '' };

function draftRequest(draft: ApiKeyDraft) {
  return {
    label: draft.label.trim(),
    permissions: draft.trade ? ['read', 'trade'] : ['read'],
    ip: checkIpWhitelist(draft.ip).value,
  };
}

export function ApiManagementPage() {
  const { t } = useTranslation();
  return <PersonalLayout title={t('personal.menu.apiManagement')}>{(user) => <ApiKeys user={user} />}</PersonalLayout>;
}

function ApiKeys({ user }: { user: UserInfo }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const navigate = useNavigate();
  const list = useCallQuery(myApiList, {});
  const [draft, setDraft] = useState(emptyDraft);
  const [touched, setTouched] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [created, setCreated] = useState<(ApiKeyItem & { secretKey: string }) | null>(null);
  const [deleting, setDeleting] = useState<ApiKeyItem | null>(null);
  const full = (list.data?.count ?? 0) >= MAX_API_KEYS;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (apiKeyDraftValid(draft) && !full) setConfirming(true);
  };

  return (
    <>
      <section className={blocks.panel}>
        <h2 className={blocks.sectionTitle}>{t('personal.api.create')}</h2>
        <p className={blocks.hint}>{t('personal.api.note')}</p>
        <form className={styles.form} onSubmit={submit} noValidate>
          <ApiKeyFields draft={draft} onChange={setDraft} touched={touched} />
          {full && <p className={blocks.error}>{t('personal.api.full', { max: MAX_API_KEYS })}</p>}
          <Button type="submit" block disabled={full}>
            {t('personal.api.create')}
          </Button>
        </form>
      </section>
      <div className={styles.tableScroll}>
        <DataTable
          label={t('personal.api.keys')}
          loading={list.isPending}
          lines={5}
          noDataText={t('common.noData')}
          columns={[
            { key: 'label', title: t('personal.api.label'), width: '16%' },
            { key: 'apiKey', title: t('personal.api.key') },
            { key: 'permissions', title: t('personal.api.permissions'), width: '14%' },
            { key: 'ip', title: t('personal.api.ip'), width: '18%' },
            { key: 'actions', title: '', align: 'right', width: '18%' },
          ]}
          rows={(list.data?.list ?? []).map((item) => ({
            id: String(item.id),
            cells: {
              label: { type: 'text', text: item.label },
              apiKey: { type: 'text', text: <span className={styles.mono}>{item.apiKey}</span> },
              permissions: { type: 'text', text: permissionText(t, item.permissions) },
              ip: { type: 'text', text: item.ip || t('personal.api.anyIp') },
              actions: [
                {
                  type: 'button',
                  text: t('personal.edit'),
                  onClick: () => navigate(`/personal/checkApi?id=${item.id}`),
                },
                { type: 'button', text: t('personal.delete'), tone: 'sell', onClick: () => setDeleting(item) },
              ],
            },
          }))}
        />
      </div>
      <SecondFactorDialog
        open={confirming}
        onOpenChange={setConfirming}
        user={user}
        onSubmit={async (factor) => {
          const key = await invoke(createOpenApi, { ...draftRequest(draft), ...factor });
          await invalidateCall(client, myApiList);
          setDraft(emptyDraft);
          setTouched(false);
          setCreated(key);
        }}
      />
      <SecondFactorDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        user={user}
        onSubmit={async (factor) => {
          await invoke(deleteOpenApi, { id: deleting?.id ?? 0, ...factor });
          await invalidateCall(client, myApiList);
        }}
      />
      {created && <SecretOnce apiKey={created} onClose={() => setCreated(null)} />}
    </>
  );
}

function permissionText(t: (key: string) => string, permissions: readonly string[]): string {
  return permissions.map((p) => t(`personal.api.permission.${p}`)).join(', ');
}

/** The secret exists in the browser only here: it is never sent again. */
function SecretOnce({ apiKey, onClose }: { apiKey: ApiKeyItem & { secretKey: string }; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('personal.api.createdTitle')}
      closeLabel={t('common.close')}
      dismissible={false}
      footer={<Button onClick={onClose}>{t('personal.api.saved')}</Button>}
    >
      <div className={styles.form}>
        <p className={blocks.banner}>{t('personal.api.secretOnce')}</p>
        <span className={styles.factLabel}>{t('personal.api.key')}</span>
        <span className={styles.factValue}>
          <code className={styles.mono} data-testid="api-key">
            {apiKey.apiKey}
          </code>
          <CopyButton value={apiKey.apiKey} label={t('personal.api.key')} />
        </span>
        <span className={styles.factLabel}>{t('personal.api.secret')}</span>
        <span className={styles.factValue}>
          <code className={styles.mono} data-testid="api-secret">
            {apiKey.secretKey}
          </code>
          <CopyButton value={apiKey.secretKey} label={t('personal.api.secret')} />
        </span>
      </div>
    </Dialog>
  );
}

export function CheckApiPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  return (
    <PersonalLayout title={t('personal.api.detail')} back="/personal/apiManagement">
      {(user) =>
        Number.isInteger(id) && id > 0 ? (
          <ApiKeyDetail id={id} user={user} />
        ) : (
          <p className={blocks.error}>{t('error.10005')}</p>
        )
      }
    </PersonalLayout>
  );
}

function ApiKeyDetail({ id, user }: { id: number; user: UserInfo }) {
  const { t } = useTranslation();
  const query = useCallQuery(openApiOne, { id });
  if (query.isError) return <p className={blocks.error}>{errorText(t, query.error)}</p>;
  if (!query.data) return <Spinner label={t('common.loading')} />;
  return <ApiKeyEdit key={query.data.mtime} item={query.data} user={user} />;
}

function ApiKeyEdit({ item, user }: { item: ApiKeyItem; user: UserInfo }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const toast = useToast();
  const navigate = useNavigate();
  const [draft, setDraft] = useState<ApiKeyDraft>({
    label: item.label,
    trade: item.permissions.includes('trade'),
    ip: item.ip.split(',').filter(Boolean).join(', '),
  });
  const [touched, setTouched] = useState(false);
  const [confirming, setConfirming] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (apiKeyDraftValid(draft)) setConfirming(true);
  };

  return (
    <section className={blocks.panel}>
      <div className={styles.summary}>
        <div className={styles.fact}>
          <span className={styles.factLabel}>{t('personal.api.key')}</span>
          <span className={styles.factValue}>
            <code className={styles.mono}>{item.apiKey}</code>
            <CopyButton value={item.apiKey} label={t('personal.api.key')} />
          </span>
        </div>
        <div className={styles.fact}>
          <span className={styles.factLabel}>{t('personal.api.created')}</span>
          <span className={styles.factValue}>{formatDateTime(item.ctime)}</span>
        </div>
        <div className={styles.fact}>
          <span className={styles.factLabel}>{t('personal.api.lastUsed')}</span>
          <span className={styles.factValue}>{item.lastUsedAt ? formatDateTime(item.lastUsedAt) : '--'}</span>
        </div>
      </div>
      <form className={styles.form} onSubmit={submit} noValidate>
        <ApiKeyFields draft={draft} onChange={setDraft} touched={touched} />
        <div className={styles.actions}>
          <Button type="submit">{t('personal.save')}</Button>
          <Link to="/personal/apiManagement" className={styles.linkButton}>
            {t('common.cancel')}
          </Link>
        </div>
      </form>
      <SecondFactorDialog
        open={confirming}
        onOpenChange={setConfirming}
        user={user}
        onSubmit={async (factor) => {
          await invoke(updateOpenApi, { id: item.id, ...draftRequest(draft), ...factor });
          await Promise.all([invalidateCall(client, myApiList), invalidateCall(client, openApiOne)]);
          toast.success(t('personal.saved'));
          navigate('/personal/apiManagement');
        }}
      />
    </section>
  );
}

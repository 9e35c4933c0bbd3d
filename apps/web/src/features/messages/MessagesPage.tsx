import {
  getNoReadMessageCount,
  MessageStatus,
  MessageType,
  messageDel,
  messageUpdateStatus,
  userMessage,
} from '@opex/contract/calls/message';
import { formatDateTime } from '@opex/contract/display';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { invoke } from '../../api/call.ts';
import { invalidateCall, useCallQuery } from '../../api/query.ts';
import { errorText } from '../../i18n/error-text.ts';
import { Pager } from '../../records/Pager.tsx';
import { Button } from '../../ui/button/Button.tsx';
import { Spinner } from '../../ui/spinner/Spinner.tsx';
import { Tabs } from '../../ui/tabs/Tabs.tsx';
import { useToast } from '../../ui/toast/ToastProvider.tsx';
import { VisuallyHidden } from '../../ui/visually-hidden/VisuallyHidden.tsx';
import styles from './messages.module.css';

const PAGE_SIZE = 10;
const filters = ['all', 'security', 'trade', 'finance', 'system'] as const satisfies readonly (
  | 'all'
  | keyof typeof MessageType
)[];
type Filter = (typeof filters)[number];

/** /mesage: the user's messages by type, paged; opening one marks it read; each can be deleted. */
export default function MessagesPage() {
  const { t } = useTranslation();
  const toast = useToast();
  const client = useQueryClient();
  const [filter, setFilter] = useState<Filter>('all');
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<number | null>(null);
  const messageType = filter === 'all' ? undefined : MessageType[filter];
  const list = useCallQuery(userMessage, { page, pageSize: PAGE_SIZE, ...(messageType ? { messageType } : {}) });

  const refresh = () =>
    Promise.all([invalidateCall(client, userMessage), invalidateCall(client, getNoReadMessageCount)]);
  const act = async (action: () => Promise<unknown>) => {
    try {
      await action();
      await refresh();
    } catch (failure) {
      toast.error(errorText(t, failure));
    }
  };

  const toggle = (id: number, unread: boolean) => {
    setOpen((current) => (current === id ? null : id));
    if (unread) void act(() => invoke(messageUpdateStatus, { id }));
  };

  return (
    <div className={styles.page}>
      <header className={styles.head}>
        <h1>{t('title.mesage')}</h1>
        <Button variant="ghost" onClick={() => void act(() => invoke(messageUpdateStatus, {}))}>
          {t('messages.readAll')}
        </Button>
      </header>
      <Tabs
        label={t('messages.types')}
        value={filter}
        onValueChange={(next) => {
          setFilter(next as Filter);
          setPage(1);
        }}
        items={filters.map((key) => ({ key, name: t(`messages.type.${key}`) }))}
      />
      {list.isPending && <Spinner label={t('common.loading')} />}
      <ul className={styles.list} data-testid="message-list">
        {list.data?.userMessageList.map((message) => {
          const unread = message.status === MessageStatus.unread;
          const expanded = open === message.id;
          return (
            <li key={message.id} className={styles.item} data-unread={unread || undefined}>
              <button
                type="button"
                className={styles.summary}
                aria-expanded={expanded}
                onClick={() => toggle(message.id, unread)}
              >
                {unread && (
                  <span className={styles.dot}>
                    <VisuallyHidden>{t('messages.unread')}</VisuallyHidden>
                  </span>
                )}
                <span className={styles.subject}>{message.messageTitle}</span>
                <time>{formatDateTime(message.ctime)}</time>
              </button>
              {expanded && (
                <div className={styles.body}>
                  <p>{message.messageContent}</p>
                  <Button variant="text" onClick={() => void act(() => invoke(messageDel, { id: message.id }))}>
                    {t('messages.delete')}
                  </Button>
                </div>
              )}
            </li>
          );
        })}
      </ul>
      {list.data && list.data.count === 0 && <p className={styles.empty}>{t('messages.empty')}</p>}
      {list.data && list.data.count > PAGE_SIZE && (
        <Pager page={page} total={list.data.count} pageSize={PAGE_SIZE} onPageChange={setPage} />
      )}
    </div>
  );
}

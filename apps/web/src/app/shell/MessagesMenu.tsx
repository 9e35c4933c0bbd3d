import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useUnreadMessages } from '../../api/message.ts';
import { DropdownMenu } from '../../ui/dropdown-menu/DropdownMenu.tsx';
import styles from './header.module.css';
import { TriggerContent } from './TriggerContent.tsx';

/** Messages dropdown: the unread marker and the latest unread messages, with a More link to /mesage. */
export function MessagesMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data } = useUnreadMessages(true);
  const count = data?.noReadMsgCount ?? 0;
  const messages = (data?.userMessageList ?? []).slice(0, 5);
  return (
    <DropdownMenu
      triggerLabel={count > 0 ? t('messages.unreadCount', { count }) : t('nav.messages')}
      trigger={
        <span className={styles.badgeHost} data-testid="messages-menu">
          <TriggerContent glyph="messages">{t('nav.messages')}</TriggerContent>
          {count > 0 && (
            <span className={styles.badge} data-testid="unread-badge">
              {count > 99 ? '99+' : count}
            </span>
          )}
        </span>
      }
      header={messages.length === 0 ? <p className={styles.empty}>{t('messages.noUnread')}</p> : undefined}
      items={[
        ...messages.map((message) => ({
          key: String(message.id),
          label: (
            <span className={styles.message}>
              <strong>{message.messageTitle}</strong>
              <span>{message.messageContent}</span>
            </span>
          ),
          onSelect: () => navigate('/mesage'),
        })),
        { key: 'more', label: t('common.more'), onSelect: () => navigate('/mesage') },
      ]}
    />
  );
}

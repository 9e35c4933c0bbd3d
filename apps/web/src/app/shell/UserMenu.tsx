import { loginOut } from '@opex/contract/calls/user';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { invoke } from '../../api/call.ts';
import { userInfoQuery, useSession } from '../../api/user.ts';
import { errorText } from '../../i18n/error-text.ts';
import { DropdownMenu } from '../../ui/dropdown-menu/DropdownMenu.tsx';
import { useToast } from '../../ui/toast/ToastProvider.tsx';
import styles from './header.module.css';
import type { HeaderLink } from './header-links.ts';
import { linkItems } from './menu-items.ts';
import { TriggerContent } from './TriggerContent.tsx';

/** The user dropdown: account name, localised account status and identity verification, account links, and logout. */
export function UserMenu({ links }: { links: HeaderLink[] }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const navigate = useNavigate();
  const logout = useLogout();
  if (!user) return null;
  return (
    <DropdownMenu
      trigger={
        <TriggerContent glyph="account">
          <span className={styles.account}>{user.userAccount}</span>
        </TriggerContent>
      }
      triggerLabel={t('nav.account')}
      header={
        <div className={styles.userHeader}>
          <span className={styles.account}>{user.userAccount}</span>
          <span className={styles.status} data-status={user.accountStatus}>
            {t(`accountStatus.${user.accountStatus}`, { defaultValue: t('accountStatus.0') })}
          </span>
          <span className={styles.kyc} data-verified={user.authLevel === 2 || undefined}>
            {t('personal.kyc.title')}: {t(`personal.kyc.status.${user.authLevel}`, { defaultValue: '--' })}
          </span>
        </div>
      }
      items={[
        ...linkItems(links, (k) => t(`nav.${k}`), navigate),
        {
          key: 'logout',
          label: t('nav.logout'),
          disabled: logout.pending,
          onSelect: () => void logout.run(),
          danger: true,
        },
      ]}
    />
  );
}

/**
 * Logout ignores repeated clicks until the reply. On success the server's message is shown and the logged-out
 * handling runs (session cleared; a mustLogin route then sends the user to /login); a failure shows its message.
 */
export function useLogout() {
  const { t } = useTranslation();
  const toast = useToast();
  const client = useQueryClient();
  const inFlight = useRef(false);
  const [pending, setPending] = useState(false);
  const run = async () => {
    if (inFlight.current) return;
    inFlight.current = true;
    setPending(true);
    try {
      await invoke(loginOut, {});
      toast.success(t('auth.loggedOut'));
      client.setQueryData(userInfoQuery.queryKey, null);
      client.removeQueries({ predicate: (q) => String(q.queryKey[0]).startsWith('message/') });
    } catch (failure) {
      toast.error(errorText(t, failure));
    } finally {
      inFlight.current = false;
      setPending(false);
    }
  };
  return { run, pending };
}

import { KycStatus, updateFeeCoinOpen } from '@opex/contract/calls/security';
import { formatDateTime } from '@opex/contract/display';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { invoke } from '../../api/call.ts';
import { switchOn, usePublicInfo } from '../../api/common.ts';
import type { UserInfo } from '../../api/user.ts';
import { errorText } from '../../i18n/error-text.ts';
import { Button } from '../../ui/button/Button.tsx';
import blocks from '../../ui/page-blocks/page-blocks.module.css';
import { Switch } from '../../ui/switch/Switch.tsx';
import { useToast } from '../../ui/toast/ToastProvider.tsx';
import { NicknameDialog } from './NicknameDialog.tsx';
import { PersonalLayout } from './PersonalLayout.tsx';
import styles from './personal.module.css';
import { securityLevel } from './security-level.ts';
import { useRefreshUser } from './useRefreshUser.ts';

/** /personal/userManagement: the account at a glance, every binding with its action; ?verification=1 points at KYC. */
export default function UserManagementPage() {
  const { t } = useTranslation();
  return (
    <PersonalLayout title={t('personal.menu.userManagement')}>{(user) => <Overview user={user} />}</PersonalLayout>
  );
}

function Overview({ user }: { user: UserInfo }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const info = usePublicInfo();
  const [editing, setEditing] = useState(false);
  const identity = useRef<HTMLDivElement>(null);
  const pointAtIdentity = params.get('verification') === '1';
  useEffect(() => {
    if (pointAtIdentity) identity.current?.scrollIntoView({ block: 'center' });
  }, [pointAtIdentity]);
  const level = securityLevel(user, switchOn(info.switch, 'openLoginVerificationMode'));
  const held = user.withdrawHoldUntil > Date.now();
  const phoneChecked = user.isOpenMobileCheck === 1;

  return (
    <>
      <section className={`${blocks.panel} ${styles.summary}`} aria-label={t('personal.summary')}>
        <Fact label={t('personal.account')}>{user.userAccount}</Fact>
        <Fact label={t('personal.nickname.label')}>
          {user.nickName || '--'}
          <Button variant="text" onClick={() => setEditing(true)}>
            {t('personal.edit')}
          </Button>
        </Fact>
        <Fact label={t('personal.uid')}>{user.id}</Fact>
        <Fact label={t('personal.level.title')}>
          <span className={styles.level} data-level={level} aria-hidden="true">
            <span />
            <span />
            <span />
          </span>
          {t(`personal.level.${level}`)}
        </Fact>
      </section>
      {held && (
        <p className={blocks.banner} role="status">
          {t('personal.withdrawHeld', { time: formatDateTime(user.withdrawHoldUntil) })}
        </p>
      )}
      <div className={styles.rows}>
        <Row title={t('personal.password.title')} note={t('personal.password.note')}>
          <Action to="/personal/changePassword">{t('personal.change')}</Action>
        </Row>
        <Row
          title={t('personal.email.title')}
          note={user.email || t('personal.email.note')}
          state={user.email ? t('personal.bound') : t('personal.notBound')}
          on={Boolean(user.email)}
        >
          <Action to={user.email ? '/personal/changeEmail' : '/personal/bindEmail'}>
            {user.email ? t('personal.change') : t('personal.bind')}
          </Action>
        </Row>
        <Row
          title={t('personal.phone.title')}
          note={user.mobileNumber ? `+${user.countryCode} ${user.mobileNumber}` : t('personal.phone.note')}
          state={user.mobileNumber ? t('personal.bound') : t('personal.notBound')}
          on={Boolean(user.mobileNumber)}
        >
          <Action to={user.mobileNumber ? '/personal/changePhone' : '/personal/bindPhone'}>
            {user.mobileNumber ? t('personal.change') : t('personal.bind')}
          </Action>
        </Row>
        {user.mobileNumber && (
          <Row
            title={t('personal.phoneCheck.title')}
            note={t('personal.phoneCheck.note')}
            state={phoneChecked ? t('personal.on') : t('personal.off')}
            on={phoneChecked}
          >
            <Action to="/personal/closePhone">{phoneChecked ? t('personal.turnOff') : t('personal.turnOn')}</Action>
          </Row>
        )}
        <Row
          title={t('personal.google.title')}
          note={t('personal.google.note')}
          state={user.googleStatus === 1 ? t('personal.bound') : t('personal.notBound')}
          on={user.googleStatus === 1}
        >
          <Action to={user.googleStatus === 1 ? '/personal/closeGoogle' : '/personal/bindGoogle'}>
            {user.googleStatus === 1 ? t('personal.unbind') : t('personal.bind')}
          </Action>
        </Row>
        <Row
          title={t('personal.loginVerify.title')}
          note={t('personal.loginVerify.note')}
          state={t(`personal.loginVerify.option.${user.loginVerify}`, { defaultValue: '--' })}
          on={user.loginVerify !== '0'}
        >
          <Action to="/personal/modifySettings">{t('personal.change')}</Action>
        </Row>
        <div ref={identity} className={pointAtIdentity ? styles.highlight : undefined}>
          <Row
            title={t('personal.kyc.title')}
            note={user.realName || t('personal.kyc.note')}
            state={t(`personal.kyc.status.${user.authLevel}`, { defaultValue: '--' })}
            on={user.authLevel === KycStatus.approved}
          >
            {user.authLevel !== KycStatus.approved && user.authLevel !== KycStatus.pending && (
              <Action to="/personal/idAuth">{t('personal.kyc.start')}</Action>
            )}
          </Row>
        </div>
        <FeeCoinRow user={user} />
      </div>
      {editing && <NicknameDialog open onOpenChange={setEditing} current={user.nickName} />}
    </>
  );
}

/** user/update_fee_coin_open: the switch saves at once. */
function FeeCoinRow({ user }: { user: UserInfo }) {
  const { t } = useTranslation();
  const toast = useToast();
  const refresh = useRefreshUser();
  const [busy, setBusy] = useState(false);
  const change = async (open: boolean) => {
    setBusy(true);
    try {
      await invoke(updateFeeCoinOpen, { feeCoinOpen: open ? 1 : 0 });
      await refresh();
    } catch (failure) {
      toast.error(errorText(t, failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Row title={t('personal.feeCoin.title')} note={t('personal.feeCoin.note')}>
      <Switch
        checked={user.feeCoinOpen === 1}
        onCheckedChange={change}
        label={t('personal.feeCoin.title')}
        hiddenLabel
        disabled={busy}
      />
    </Row>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={styles.fact}>
      <span className={styles.factLabel}>{label}</span>
      <span className={styles.factValue}>{children}</span>
    </div>
  );
}

function Row({
  title,
  note,
  state,
  on,
  children,
}: {
  title: string;
  note: string;
  state?: string;
  on?: boolean;
  children?: ReactNode;
}) {
  return (
    <section className={styles.row} aria-label={title}>
      <div className={styles.rowText}>
        <span className={styles.rowTitle}>{title}</span>
        <span className={styles.rowNote}>{note}</span>
      </div>
      <div className={styles.rowAction}>
        {state && (
          <span className={styles.state} data-on={on || undefined}>
            {state}
          </span>
        )}
        {children}
      </div>
    </section>
  );
}

function Action({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className={styles.linkButton}>
      {children}
    </Link>
  );
}

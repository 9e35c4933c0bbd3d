import { closeMobileVerify, openMobileVerify } from '@opex/contract/calls/security';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { invoke } from '../../api/call.ts';
import { Button } from '../../ui/button/Button.tsx';
import blocks from '../../ui/page-blocks/page-blocks.module.css';
import { useToast } from '../../ui/toast/ToastProvider.tsx';
import { PersonalLayout } from './PersonalLayout.tsx';
import styles from './personal.module.css';
import { SecondFactorDialog } from './SecondFactorDialog.tsx';
import { useRefreshUser } from './useRefreshUser.ts';

/**
 * /personal/closePhone: phone verification off (user/close_mobile_verify) or, when it is off, on again
 * (user/open_mobile_verify), each with the second factor. Turning it off needs an e-mail or Google to remain.
 */
export default function PhoneCheckPage() {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const refresh = useRefreshUser();
  const [confirming, setConfirming] = useState(false);
  return (
    <PersonalLayout title={t('personal.phoneCheck.title')} back="/personal/userManagement">
      {(user) => {
        if (!user.mobileNumber) {
          return (
            <section className={blocks.panel}>
              <p>{t('personal.phone.notBoundYet')}</p>
              <Link to="/personal/bindPhone" className={styles.linkButton}>
                {t('personal.phone.bindTitle')}
              </Link>
            </section>
          );
        }
        const open = user.isOpenMobileCheck === 1;
        const lastFactor = open && !user.email && user.googleStatus !== 1;
        return (
          <section className={blocks.panel}>
            <p>
              {t('personal.phoneCheck.state')} <strong>{open ? t('personal.on') : t('personal.off')}</strong>
            </p>
            <p className={blocks.hint}>{t(open ? 'personal.phoneCheck.closeNote' : 'personal.phoneCheck.openNote')}</p>
            {lastFactor && <p className={blocks.error}>{t('error.50014')}</p>}
            <span>
              <Button variant={open ? 'sell' : 'primary'} disabled={lastFactor} onClick={() => setConfirming(true)}>
                {open ? t('personal.turnOff') : t('personal.turnOn')}
              </Button>
            </span>
            <SecondFactorDialog
              open={confirming}
              onOpenChange={setConfirming}
              user={user}
              onSubmit={async (factor) => {
                await invoke(open ? closeMobileVerify : openMobileVerify, factor);
                await refresh();
                toast.success(t('personal.saved'));
                navigate('/personal/userManagement');
              }}
            />
          </section>
        );
      }}
    </PersonalLayout>
  );
}

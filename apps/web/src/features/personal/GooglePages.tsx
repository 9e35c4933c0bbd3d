import { closeGoogleVerify, googleVerify, toopenGoogleAuthenticator } from '@opex/contract/calls/security';
import { verificationCodePattern } from '@opex/contract/rules';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { invoke } from '../../api/call.ts';
import { switchOn, usePublicInfo } from '../../api/common.ts';
import { callKey } from '../../api/query.ts';
import type { UserInfo } from '../../api/user.ts';
import { CodeInput } from '../../forms/CodeInput.tsx';
import { errorText } from '../../i18n/error-text.ts';
import { Button } from '../../ui/button/Button.tsx';
import blocks from '../../ui/page-blocks/page-blocks.module.css';
import { QrCode } from '../../ui/qr-overlay/QrOverlay.tsx';
import { Spinner } from '../../ui/spinner/Spinner.tsx';
import { useToast } from '../../ui/toast/ToastProvider.tsx';
import { CopyButton } from './CopyButton.tsx';
import { PersonalLayout } from './PersonalLayout.tsx';
import styles from './personal.module.css';
import { SecondFactorDialog } from './SecondFactorDialog.tsx';
import { ownAddressKinds } from './second-factor.ts';
import { useRefreshUser } from './useRefreshUser.ts';

/**
 * bindGoogle: a new secret as QR code and as text; the user proves the app reads it with a code of it, and the
 * account with a code sent to its e-mail or phone. closeGoogle: a code of the bound authenticator unbinds it,
 * unless the operator enforces Google (is_enforce_google_auth).
 */
export function BindGooglePage() {
  const { t } = useTranslation();
  return (
    <PersonalLayout title={t('personal.google.bindTitle')} back="/personal/userManagement">
      {(user) =>
        user.googleStatus === 1 ? (
          <section className={blocks.panel}>
            <p>{t('personal.google.alreadyBound')}</p>
          </section>
        ) : (
          <GoogleSetup user={user} />
        )
      }
    </PersonalLayout>
  );
}

/** Where binding returns to: the gated page that sent the user here (enforced Google), else the overview. */
function returnPath(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') ? from : '/personal/userManagement';
}

function GoogleSetup({ user }: { user: UserInfo }) {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const location = useLocation();
  const info = usePublicInfo();
  const enforced = switchOn(info.switch, 'is_enforce_google_auth');
  const refresh = useRefreshUser();
  const [confirming, setConfirming] = useState(false);
  const [googleCode, setGoogleCode] = useState('');
  // A new secret per visit: nothing is bound until google_verify accepts a code of it.
  const setup = useQuery({
    queryKey: callKey(toopenGoogleAuthenticator),
    queryFn: () => invoke(toopenGoogleAuthenticator, {}),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
  });
  if (setup.isError) return <p className={blocks.error}>{errorText(t, setup.error)}</p>;
  if (!setup.data) return <Spinner label={t('common.loading')} />;
  const { googleKey, googleImg } = setup.data;
  const codeValid = verificationCodePattern.test(googleCode);

  return (
    <section className={`${blocks.panel} ${styles.steps}`}>
      {enforced && (
        <p className={blocks.banner} role="status">
          {t('personal.google.requiredNote')}
        </p>
      )}
      <div className={styles.step}>
        <h2>{t('personal.google.step1')}</h2>
        <p className={blocks.hint}>{t('personal.google.step1Note')}</p>
      </div>
      <div className={styles.step}>
        <h2>{t('personal.google.step2')}</h2>
        <div className={styles.secret}>
          <span className={styles.qr}>
            <QrCode value={googleImg} label={t('personal.google.qr')} />
          </span>
          <div className={styles.key}>
            <span className={styles.factLabel}>{t('personal.google.key')}</span>
            <code className={styles.keyText} data-testid="google-key">
              {googleKey}
            </code>
            <span>
              <CopyButton value={googleKey} />
            </span>
            <p className={blocks.hint}>{t('personal.google.keyNote')}</p>
          </div>
        </div>
      </div>
      <div className={styles.step}>
        <h2>{t('personal.google.step3')}</h2>
        <p className={blocks.hint}>{t('personal.google.step3Note')}</p>
        <span>
          <Button onClick={() => setConfirming(true)}>{t('personal.google.verify')}</Button>
        </span>
      </div>
      <SecondFactorDialog
        open={confirming}
        onOpenChange={setConfirming}
        user={user}
        kinds={ownAddressKinds(user)}
        extraReady={codeValid}
        extra={
          <CodeInput
            label={t('personal.factor.googleCode')}
            value={googleCode}
            onChange={setGoogleCode}
            touched={googleCode !== ''}
          />
        }
        onSubmit={async (factor) => {
          await invoke(googleVerify, { googleCode, ...factor });
          await refresh();
          toast.success(t('personal.google.bound'));
          navigate(returnPath(location.state), { replace: true });
        }}
      />
    </section>
  );
}

export function CloseGooglePage() {
  const { t } = useTranslation();
  const info = usePublicInfo();
  const toast = useToast();
  const navigate = useNavigate();
  const refresh = useRefreshUser();
  const [confirming, setConfirming] = useState(false);
  const enforced = switchOn(info.switch, 'is_enforce_google_auth');
  return (
    <PersonalLayout title={t('personal.google.closeTitle')} back="/personal/userManagement">
      {(user) => (
        <section className={blocks.panel}>
          {user.googleStatus !== 1 ? (
            <>
              <p>{t('personal.google.notBound')}</p>
              <Link to="/personal/bindGoogle" className={styles.linkButton}>
                {t('personal.google.bindTitle')}
              </Link>
            </>
          ) : enforced ? (
            <p>{t('error.50006')}</p>
          ) : (
            <>
              <p className={blocks.hint}>{t('personal.google.closeNote')}</p>
              <span>
                <Button variant="sell" onClick={() => setConfirming(true)}>
                  {t('personal.unbind')}
                </Button>
              </span>
              <SecondFactorDialog
                open={confirming}
                onOpenChange={setConfirming}
                user={user}
                kinds={['google']}
                onSubmit={async ({ googleCode }) => {
                  await invoke(closeGoogleVerify, { googleCode: googleCode ?? '' });
                  await refresh();
                  toast.success(t('personal.saved'));
                  navigate('/personal/userManagement');
                }}
              />
            </>
          )}
        </section>
      )}
    </PersonalLayout>
  );
}

import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useMatches, useNavigation } from 'react-router';
import { usePublicInfo } from '../../api/common.ts';
import { useUnreadMessages } from '../../api/message.ts';
import { useSession } from '../../api/user.ts';
import { useUserStreams } from '../../realtime/user-streams.ts';
import { layoutTypeOf } from '../../state/site-config.ts';
import { useEnforcedGoogleGuard } from '../guards/useEnforcedGoogleGuard.ts';
import { useLoginGuard } from '../guards/useLoginGuard.ts';
import { useRegionCheck } from '../guards/useRegionCheck.ts';
import { useIdleReload } from '../idle/useIdleReload.ts';
import type { RouteHandle } from '../route-handle.ts';
import { useTrackingBeacon } from '../tracking/useTrackingBeacon.ts';
import { Footer } from './Footer.tsx';
import { Header } from './Header.tsx';
import styles from './shell.module.css';
import { shellParts } from './shell-parts.ts';
import { usePageTitle } from './usePageTitle.ts';

// The pop-up (and its dialog) is only ever on the home page: it loads with it.
const HomePopup = lazy(() => import('../popup/HomePopup.tsx'));

const noHandle: RouteHandle = { name: 'home', meta: {} };

/** The shell around every route: guards, title, idle reload, unread poll, header and footer per meta and layout. */
export function RootLayout() {
  const { t } = useTranslation();
  const matches = useMatches();
  const handle = (matches.at(-1)?.handle as RouteHandle | undefined) ?? noHandle;
  const info = usePublicInfo();
  const layout = layoutTypeOf(info);
  const parts = shellParts(handle.meta, layout);
  const { isLogin } = useSession();
  const navigation = useNavigation();

  useRegionCheck();
  useLoginGuard(handle.meta, layout);
  useEnforcedGoogleGuard();
  usePageTitle(handle.name, info.seo?.title);
  useIdleReload();
  useUnreadMessages(isLogin);
  useUserStreams();
  useTrackingBeacon();

  return (
    <div
      className={styles.shell}
      data-layout={layout}
      data-header={parts.header}
      data-theme-variant={parts.theme}
      data-footer-margin={parts.footerMargin}
    >
      <a className={styles.skip} href="#main">
        {t('shell.skipToContent')}
      </a>
      {parts.header !== 'none' && <Header kind={parts.header} activeName={handle.name} />}
      <div className={styles.body}>
        {navigation.state === 'loading' && (
          <div className={styles.progress} role="progressbar" aria-label={t('common.loading')} />
        )}
        <main id="main" className={styles.main} tabIndex={-1}>
          <Outlet />
        </main>
        {parts.footer && <Footer />}
      </div>
      {handle.name === 'home' && (
        <Suspense fallback={null}>
          <HomePopup />
        </Suspense>
      )}
    </div>
  );
}

import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppDownloadInfo } from '../../api/app-download.ts';
import { DropdownMenu } from '../../ui/dropdown-menu/DropdownMenu.tsx';
import qrStyles from '../../ui/qr-overlay/qr-overlay.module.css';
import styles from './header.module.css';
import { TriggerContent } from './TriggerContent.tsx';

// The QR encoder (about 9 KB gzip) loads when the menu first opens, not with every page's header.
const QrCode = lazy(() => import('../../ui/qr-overlay/QrOverlay.tsx').then((m) => ({ default: m.QrCode })));

/** App-download dropdown: a QR code of the app page and the iOS and Android buttons that exist. */
export function AppDownloadMenu({ info }: { info: AppDownloadInfo }) {
  const { t } = useTranslation();
  const page = info.app_page_url;
  const stores = [
    { key: 'ios', href: info.ios_download_url },
    { key: 'android', href: info.android_download_url },
    { key: 'googlePlay', href: info.google_play_url },
  ].filter((s): s is { key: string; href: string } => !!s.href);
  if (!page && stores.length === 0) return null;
  return (
    <DropdownMenu
      trigger={<TriggerContent glyph="download">{t('nav.appDownload')}</TriggerContent>}
      triggerLabel={t('nav.appDownload')}
      header={
        page ? (
          <div className={styles.download}>
            <Suspense fallback={<span className={qrStyles.code} aria-hidden="true" />}>
              <QrCode value={page} label={t('appDownload.scan')} />
            </Suspense>
            <p className={styles.hint}>{t('appDownload.scan')}</p>
          </div>
        ) : undefined
      }
      items={stores.map((store) => ({ key: store.key, label: t(`appDownload.${store.key}`), href: store.href }))}
    />
  );
}

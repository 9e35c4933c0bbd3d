import { useTranslation } from 'react-i18next';
import { useAppDownload } from '../../api/app-download.ts';
import { usePublicInfo } from '../../api/common.ts';
import { QrCode } from '../../ui/qr-overlay/QrOverlay.tsx';
import { Spinner } from '../../ui/spinner/Spinner.tsx';
import styles from './app-download.module.css';

/** /appDownload and /install: the app page's QR code and the store buttons the operator configured. */
export default function AppDownloadPage() {
  const { t } = useTranslation();
  const info = usePublicInfo();
  const download = useAppDownload();
  const brand = info.msg.company_name || t('brand.fallbackTitle');
  if (download.isPending) return <Spinner label={t('common.loading')} />;
  const data = download.data;
  const stores = [
    { key: 'ios', href: data?.ios_download_url },
    { key: 'android', href: data?.android_download_url },
    { key: 'googlePlay', href: data?.google_play_url },
  ].filter((s): s is { key: string; href: string } => !!s.href);
  return (
    <section className={styles.page} aria-labelledby="app-title">
      <div className={styles.text}>
        <h1 id="app-title">{t('appDownload.title', { brand })}</h1>
        <p>{t('appDownload.body')}</p>
        {stores.length === 0 && !data?.app_page_url && <p className={styles.none}>{t('appDownload.none')}</p>}
        <div className={styles.stores}>
          {stores.map((store) => (
            <a key={store.key} className={styles.store} href={store.href} target="_blank" rel="noreferrer">
              {t(`appDownload.${store.key}`)}
            </a>
          ))}
        </div>
      </div>
      {data?.app_page_url && (
        <figure className={styles.qr}>
          <QrCode value={data.app_page_url} label={t('appDownload.scan')} />
          <figcaption>{t('appDownload.scan')}</figcaption>
        </figure>
      )}
    </section>
  );
}

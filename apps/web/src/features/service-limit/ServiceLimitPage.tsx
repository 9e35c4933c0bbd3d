import { useTranslation } from 'react-i18next';
import { readLimitCountryNames } from '../../state/region-limit.ts';
import styles from './service-limit.module.css';

/** Shown to visitors from a restricted region; the country names come from the region check (session storage). */
export default function ServiceLimitPage() {
  const { t } = useTranslation();
  const countries = readLimitCountryNames();
  return (
    <section className={styles.page} aria-labelledby="service-limit-title" data-testid="service-limit">
      <h1 id="service-limit-title">{t('serviceLimit.title')}</h1>
      <p>{t('serviceLimit.body')}</p>
      {countries && (
        <p className={styles.countries}>
          {t('serviceLimit.countries')} <strong>{countries}</strong>
        </p>
      )}
    </section>
  );
}

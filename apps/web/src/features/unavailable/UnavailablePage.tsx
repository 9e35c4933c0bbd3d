import { useTranslation } from 'react-i18next';
import { Link, useMatches } from 'react-router';
import styles from './unavailable.module.css';

/** A route whose feature belongs to a later release: it exists with its guard and says so plainly. */
export default function UnavailablePage() {
  const { t } = useTranslation();
  const name = (useMatches().at(-1)?.handle as { name?: string } | undefined)?.name ?? '';
  return (
    <section className={styles.page} aria-labelledby="unavailable-title">
      <h1 id="unavailable-title">{t(`title.${name}`, { defaultValue: '' }) || t('unavailable.title')}</h1>
      <p data-testid="unavailable">{t('unavailable.body')}</p>
      <Link to="/" className={styles.back}>
        {t('unavailable.home')}
      </Link>
    </section>
  );
}

import { useTranslation } from 'react-i18next';
import styles from './shell.module.css';

/** Shown when public info cannot be loaded: without it no switch, skin or route mode is known. */
export function StartFailure() {
  const { t } = useTranslation();
  return (
    <main className={styles.startFailure}>
      <h1>{t('shell.startFailedTitle')}</h1>
      <p>{t('shell.startFailedBody')}</p>
      <button type="button" onClick={() => location.reload()}>
        {t('common.retry')}
      </button>
    </main>
  );
}

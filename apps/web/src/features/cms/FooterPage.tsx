import { useLocation } from 'react-router';
import { CmsArticle } from './CmsArticle.tsx';
import styles from './cms.module.css';
import { OpenApiLinks } from './OpenApiLinks.tsx';

/**
 * /footerPage/<key>: the operator page named by the last path segment. The API page leads with where the Open API
 * and its document are; the operator's text, when published, follows.
 */
export default function FooterPage() {
  const key = useLocation().pathname.split('/').pop() ?? '';
  if (key === 'apiPage') {
    return (
      <div className={`${styles.page} ${styles.stack}`}>
        <OpenApiLinks />
        <CmsArticle key={key} pageKey={key} optional />
      </div>
    );
  }
  return (
    <div className={styles.page}>
      <CmsArticle key={key} pageKey={key} />
    </div>
  );
}

import { useLocation } from 'react-router';
import { CmsArticle } from './CmsArticle.tsx';
import styles from './cms.module.css';

/** /footerPage/<key>: the operator page named by the last path segment. */
export default function FooterPage() {
  const key = useLocation().pathname.split('/').pop() ?? '';
  return (
    <div className={styles.page}>
      <CmsArticle key={key} pageKey={key} />
    </div>
  );
}

import { useParams } from 'react-router';
import { CmsArticle } from './CmsArticle.tsx';
import styles from './cms.module.css';

/** /cms/:id: an operator page by its key (e.g. /cms/download); without one, the download page. */
export default function CmsPage() {
  const key = useParams().id ?? 'download';
  return (
    <div className={styles.page}>
      <CmsArticle key={key} pageKey={key} />
    </div>
  );
}

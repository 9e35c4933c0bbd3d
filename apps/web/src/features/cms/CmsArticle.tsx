import { cmsInfo } from '@opex/contract/calls/cms';
import { formatDateTime } from '@opex/contract/display';
import { useTranslation } from 'react-i18next';
import { CallFailure } from '../../api/call.ts';
import { useCallQuery } from '../../api/query.ts';
import { OperatorHtml } from '../../operator-html/OperatorHtml.tsx';
import { Spinner } from '../../ui/spinner/Spinner.tsx';
import styles from './cms.module.css';

/**
 * One operator page from the CMS (cms/info) in the reader's language; an unknown key says so plainly, unless the
 * page is `optional` (shown beside other content), when it shows nothing.
 */
export function CmsArticle({ pageKey, optional = false }: { pageKey: string; optional?: boolean }) {
  const { t } = useTranslation();
  const page = useCallQuery(cmsInfo, { key: pageKey });
  if (page.isPending) return <Spinner label={t('common.loading')} />;
  if (page.isError || !page.data) {
    const missing = page.error instanceof CallFailure;
    if (missing && optional) return null;
    return (
      <article className={styles.article}>
        <h1>{t('cms.missingTitle')}</h1>
        <p className={styles.meta}>{missing ? t('cms.missingBody') : t('error.network')}</p>
      </article>
    );
  }
  return (
    <article className={styles.article} aria-labelledby="cms-title">
      <h1 id="cms-title">{page.data.title}</h1>
      <p className={styles.meta}>{t('cms.updated', { time: formatDateTime(page.data.mtime) })}</p>
      <OperatorHtml className={styles.content} html={page.data.content} />
    </article>
  );
}

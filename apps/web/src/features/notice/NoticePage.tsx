import { noticeInfo, noticeInfoList } from '@opex/contract/calls/notice';
import { formatDateTime } from '@opex/contract/display';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useCallQuery } from '../../api/query.ts';
import { OperatorHtml } from '../../operator-html/OperatorHtml.tsx';
import { Pager } from '../../records/Pager.tsx';
import { PageBanner } from '../../ui/page-banner/PageBanner.tsx';
import { Spinner } from '../../ui/spinner/Spinner.tsx';
import styles from './notice.module.css';

const PAGE_SIZE = 10;

/** /noticeInfo: the notice list, paged; /noticeInfo/:ntId: one notice. */
export default function NoticePage() {
  const { ntId } = useParams();
  return <div className={styles.page}>{ntId ? <NoticeDetail id={ntId} /> : <NoticeList />}</div>;
}

function NoticeList() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const list = useCallQuery(noticeInfoList, { page, pageSize: PAGE_SIZE });
  return (
    <section aria-label={t('title.noticeInfo')}>
      <PageBanner title={t('title.noticeInfo')} />
      {list.isPending && <Spinner label={t('common.loading')} />}
      <ul className={styles.list}>
        {list.data?.noticeInfoList.map((notice) => (
          <li key={notice.id}>
            <Link to={`/noticeInfo/${notice.id}`}>{notice.title}</Link>
            <time>{formatDateTime(notice.ctime)}</time>
          </li>
        ))}
      </ul>
      {list.data && list.data.count === 0 && <p className={styles.empty}>{t('common.noData')}</p>}
      {list.data && list.data.count > PAGE_SIZE && (
        <Pager page={page} total={list.data.count} pageSize={PAGE_SIZE} onPageChange={setPage} />
      )}
    </section>
  );
}

function NoticeDetail({ id }: { id: string }) {
  const { t } = useTranslation();
  const notice = useCallQuery(noticeInfo, { id });
  return (
    <article className={styles.article}>
      <Link to="/noticeInfo" className={styles.back}>
        {t('notice.back')}
      </Link>
      {notice.isPending && <Spinner label={t('common.loading')} />}
      {notice.isError && <p className={styles.empty}>{t('notice.missing')}</p>}
      {notice.data && (
        <>
          <h1 className={styles.title}>{notice.data.noticeInfo.title}</h1>
          <time className={styles.meta}>{formatDateTime(notice.data.noticeInfo.ctime)}</time>
          <OperatorHtml className={styles.content} html={notice.data.noticeInfo.content} />
        </>
      )}
    </article>
  );
}

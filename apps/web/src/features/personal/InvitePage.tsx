import { inviteInfoList } from '@opex/contract/calls/security';
import { formatDateTime } from '@opex/contract/display';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCallQuery } from '../../api/query.ts';
import { Pager } from '../../records/Pager.tsx';
import { DataTable } from '../../ui/data-table/DataTable.tsx';
import blocks from '../../ui/page-blocks/page-blocks.module.css';
import { QrCode } from '../../ui/qr-overlay/QrOverlay.tsx';
import { Spinner } from '../../ui/spinner/Spinner.tsx';
import { CopyButton } from './CopyButton.tsx';
import { PersonalLayout } from './PersonalLayout.tsx';
import styles from './personal.module.css';

const PAGE_SIZE = 10;

/** /personal/inviteCodeManagement: the invite code, its register link and QR code, and the accounts it brought. */
export default function InvitePage() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const query = useCallQuery(inviteInfoList, { page, pageSize: PAGE_SIZE });
  const data = query.data;
  const link = data ? new URL(data.invitePath, window.location.origin).href : '';
  return (
    <PersonalLayout title={t('personal.menu.inviteCodeManagement')}>
      {() =>
        !data ? (
          <Spinner label={t('common.loading')} />
        ) : (
          <>
            <section className={`${blocks.panel} ${styles.secret}`}>
              <span className={styles.qr}>
                <QrCode value={link} label={t('personal.invite.qr')} />
              </span>
              <div className={styles.key}>
                <span className={styles.factLabel}>{t('personal.invite.code')}</span>
                <span className={styles.factValue}>
                  <code className={styles.keyText}>{data.inviteCode}</code>
                  <CopyButton value={data.inviteCode} label={t('personal.invite.copyCode')} />
                </span>
                <span className={styles.factLabel}>{t('personal.invite.link')}</span>
                <span className={styles.factValue}>
                  <code className={styles.mono}>{link}</code>
                  <CopyButton value={link} label={t('personal.invite.copyLink')} />
                </span>
                <p className={blocks.hint}>{t('personal.invite.note')}</p>
              </div>
            </section>
            <h2 className={blocks.sectionTitle}>{t('personal.invite.invited', { count: data.count })}</h2>
            <DataTable
              columns={[
                { key: 'account', title: t('personal.account') },
                { key: 'time', title: t('personal.invite.joined'), align: 'right' },
              ]}
              rows={data.list.map((item, index) => ({
                id: `${page}-${index}`,
                cells: {
                  account: { type: 'text', text: item.account },
                  time: { type: 'text', text: formatDateTime(item.ctime) },
                },
              }))}
              lines={PAGE_SIZE}
              noDataText={t('common.noData')}
            />
            <Pager page={page} total={data.count} pageSize={PAGE_SIZE} onPageChange={setPage} />
          </>
        )
      }
    </PersonalLayout>
  );
}

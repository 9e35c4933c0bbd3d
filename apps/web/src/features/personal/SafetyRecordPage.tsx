import { loginHistory, settingHistory } from '@opex/contract/calls/security';
import { formatDateTime } from '@opex/contract/display';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCallQuery } from '../../api/query.ts';
import { Pager } from '../../records/Pager.tsx';
import { DataTable } from '../../ui/data-table/DataTable.tsx';
import type { TableCell, TableColumn, TableRow } from '../../ui/data-table/table-types.ts';
import { Tabs } from '../../ui/tabs/Tabs.tsx';
import { deviceName } from './device-name.ts';
import { PersonalLayout } from './PersonalLayout.tsx';
import styles from './personal.module.css';

const PAGE_SIZE = 10;
type Tab = 'login' | 'setting';

/** /personal/safetyRecord: security/login_history and security/setting_history, newest first, paged. */
export default function SafetyRecordPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<Tab>('login');
  return (
    <PersonalLayout title={t('personal.menu.safetyRecord')}>
      {() => (
        <>
          <Tabs
            items={[
              { key: 'login', name: t('personal.record.login') },
              { key: 'setting', name: t('personal.record.setting') },
            ]}
            value={tab}
            onValueChange={(key) => setTab(key as Tab)}
            label={t('personal.menu.safetyRecord')}
          />
          {tab === 'login' ? <LoginHistory /> : <SettingHistory />}
        </>
      )}
    </PersonalLayout>
  );
}

function LoginHistory() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const query = useCallQuery(loginHistory, { page, pageSize: PAGE_SIZE });
  return (
    <HistoryTable
      query={query}
      page={page}
      onPage={setPage}
      middle={{ key: 'result', title: t('personal.record.result'), width: '16%' }}
      cell={(item) => ({
        type: 'label',
        text: item.success ? t('personal.record.success') : t('personal.record.failure'),
        tone: item.success ? 'buy' : 'sell',
      })}
    />
  );
}

function SettingHistory() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const query = useCallQuery(settingHistory, { page, pageSize: PAGE_SIZE });
  return (
    <HistoryTable
      query={query}
      page={page}
      onPage={setPage}
      middle={{ key: 'action', title: t('personal.record.action'), width: '24%' }}
      cell={(item) => ({
        type: 'text',
        text: t(`personal.record.actions.${item.action}`, { defaultValue: item.action }),
      })}
    />
  );
}

interface HistoryItem {
  id: number;
  ip: string;
  userAgent: string;
  ctime: number;
}

/** A page of a security history: time, what happened (the `middle` column), address and device. */
function HistoryTable<T extends HistoryItem>({
  query,
  page,
  onPage,
  middle,
  cell,
}: {
  query: { isPending: boolean; data?: { count: number; list: T[] } };
  page: number;
  onPage: (page: number) => void;
  middle: TableColumn;
  cell: (item: T) => TableCell;
}) {
  const { t } = useTranslation();
  const columns: TableColumn[] = [
    { key: 'time', title: t('personal.record.time'), width: '22%' },
    middle,
    { key: 'ip', title: t('personal.record.ip'), width: '20%' },
    { key: 'device', title: t('personal.record.device') },
  ];
  const rows: TableRow[] = (query.data?.list ?? []).map((item) => ({
    id: String(item.id),
    cells: {
      time: { type: 'text', text: formatDateTime(item.ctime) },
      [middle.key]: cell(item),
      ip: { type: 'text', text: item.ip },
      device: { type: 'text', text: deviceName(item.userAgent) },
    },
  }));
  return (
    <>
      <div className={styles.tableScroll}>
        <DataTable
          columns={columns}
          rows={rows}
          loading={query.isPending}
          lines={PAGE_SIZE}
          noDataText={t('common.noData')}
          loadingText={t('common.loading')}
        />
      </div>
      <Pager page={page} total={query.data?.count ?? 0} pageSize={PAGE_SIZE} onPageChange={onPage} />
    </>
  );
}

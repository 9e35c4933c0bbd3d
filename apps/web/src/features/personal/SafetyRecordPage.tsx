import { loginHistory, settingHistory } from '@opex/contract/calls/security';
import { formatDateTime } from '@opex/contract/display';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCallQuery } from '../../api/query.ts';
import { DataTable } from '../../ui/data-table/DataTable.tsx';
import type { TableColumn, TableRow } from '../../ui/data-table/table-types.ts';
import { Pagination } from '../../ui/pagination/Pagination.tsx';
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

function useColumns(middle: TableColumn): TableColumn[] {
  const { t } = useTranslation();
  return [
    { key: 'time', title: t('personal.record.time'), width: '22%' },
    middle,
    { key: 'ip', title: t('personal.record.ip'), width: '20%' },
    { key: 'device', title: t('personal.record.device') },
  ];
}

function LoginHistory() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const query = useCallQuery(loginHistory, { page, pageSize: PAGE_SIZE });
  const columns = useColumns({ key: 'result', title: t('personal.record.result'), width: '16%' });
  const rows: TableRow[] = (query.data?.list ?? []).map((item) => ({
    id: String(item.id),
    cells: {
      time: { type: 'text', text: formatDateTime(item.ctime) },
      result: {
        type: 'label',
        text: item.success ? t('personal.record.success') : t('personal.record.failure'),
        tone: item.success ? 'buy' : 'sell',
      },
      ip: { type: 'text', text: item.ip },
      device: { type: 'text', text: deviceName(item.userAgent) },
    },
  }));
  return (
    <HistoryTable
      columns={columns}
      rows={rows}
      loading={query.isPending}
      page={page}
      total={query.data?.count ?? 0}
      onPage={setPage}
    />
  );
}

function SettingHistory() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const query = useCallQuery(settingHistory, { page, pageSize: PAGE_SIZE });
  const columns = useColumns({ key: 'action', title: t('personal.record.action'), width: '24%' });
  const rows: TableRow[] = (query.data?.list ?? []).map((item) => ({
    id: String(item.id),
    cells: {
      time: { type: 'text', text: formatDateTime(item.ctime) },
      action: { type: 'text', text: t(`personal.record.actions.${item.action}`, { defaultValue: item.action }) },
      ip: { type: 'text', text: item.ip },
      device: { type: 'text', text: deviceName(item.userAgent) },
    },
  }));
  return (
    <HistoryTable
      columns={columns}
      rows={rows}
      loading={query.isPending}
      page={page}
      total={query.data?.count ?? 0}
      onPage={setPage}
    />
  );
}

function HistoryTable(props: {
  columns: TableColumn[];
  rows: TableRow[];
  loading: boolean;
  page: number;
  total: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <div className={styles.tableScroll}>
        <DataTable
          columns={props.columns}
          rows={props.rows}
          loading={props.loading}
          lines={PAGE_SIZE}
          noDataText={t('common.noData')}
          loadingText={t('common.loading')}
        />
      </div>
      <Pagination
        page={props.page}
        total={props.total}
        pageSize={PAGE_SIZE}
        onPageChange={props.onPage}
        ofText={t('pagination.of')}
        previousLabel={t('pagination.previous')}
        nextLabel={t('pagination.next')}
        label={t('pagination.label')}
      />
    </>
  );
}

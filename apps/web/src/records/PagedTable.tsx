import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableProps } from '../ui/data-table/DataTable.tsx';
import { Pager } from './Pager.tsx';

/**
 * One page of a trader's records (orders, deposits, withdrawals, ledger) as a table, narrow screens stacking its
 * rows, and the pager below it once there is more than one page.
 */
export function PagedTable({
  page,
  count,
  pageSize,
  onPageChange,
  ...table
}: Omit<DataTableProps, 'lines' | 'loadingText' | 'stackOnNarrow'> & {
  page: number;
  /** All the records, over every page. */
  count: number;
  pageSize: number;
  onPageChange: (page: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <DataTable {...table} loadingText={t('common.loading')} lines={pageSize} stackOnNarrow />
      {count > pageSize && <Pager page={page} total={count} pageSize={pageSize} onPageChange={onPageChange} />}
    </>
  );
}

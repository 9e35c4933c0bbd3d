import { cancellableWithdrawStates, type WithdrawStateValue } from '@opex/contract/calls/withdraw';
import { formatDateTime, groupThousands } from '@opex/contract/display';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { refreshAfterWithdrawal, useCancelWithdrawal, useWithdrawRecords } from '../../api/withdraw.ts';
import { errorText } from '../../i18n/error-text.ts';
import { PagedTable } from '../../records/PagedTable.tsx';
import { TxLink } from '../../records/TxLink.tsx';
import type { TableCell, TableColumn } from '../../ui/data-table/table-types.ts';
import blocks from '../../ui/page-blocks/page-blocks.module.css';
import { useToast } from '../../ui/toast/ToastProvider.tsx';
import type { WithdrawRecord } from './WithdrawDialog.tsx';
import styles from './withdraw.module.css';

/** The trader's withdrawals of a coin with their state; cancel while it is allowed, confirm while it waits for it. */
const PAGE_SIZE = 10;

const stateTone: Record<WithdrawStateValue, 'buy' | 'sell' | 'warning' | 'muted' | 'brand'> = {
  unconfirmed: 'warning',
  review: 'warning',
  approved: 'brand',
  sent: 'brand',
  completed: 'buy',
  rejected: 'sell',
  cancelled: 'muted',
};

export function WithdrawRecords({ coin, onConfirm }: { coin: string; onConfirm: (record: WithdrawRecord) => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const client = useQueryClient();
  const [page, setPage] = useState(1);
  const records = useWithdrawRecords({ coinSymbol: coin || undefined, page, pageSize: PAGE_SIZE });
  const cancel = useCancelWithdrawal();

  const columns: TableColumn[] = [
    { key: 'time', title: t('withdraw.records.time'), width: '14%' },
    { key: 'amount', title: t('withdraw.records.amount'), align: 'right', width: '12%' },
    { key: 'fee', title: t('withdraw.records.fee'), align: 'right', width: '8%' },
    { key: 'address', title: t('withdraw.records.address') },
    { key: 'state', title: t('withdraw.records.state'), width: '19%' },
    { key: 'action', title: t('withdraw.records.action'), align: 'right', width: '12%' },
  ];

  const actionsOf = (record: WithdrawRecord): TableCell[] => {
    const actions: TableCell[] = [];
    if (record.state === 'unconfirmed')
      actions.push({ type: 'button', text: t('withdraw.records.confirm'), onClick: () => onConfirm(record) });
    if (cancellableWithdrawStates.includes(record.state))
      actions.push({
        type: 'button',
        tone: 'sell',
        text: t('withdraw.records.cancel'),
        disabled: cancel.isPending,
        onClick: () =>
          cancel.mutate(
            { id: record.id },
            {
              onSuccess: () => toast.success(t('withdraw.records.cancelled')),
              onError: (failure) => toast.error(errorText(t, failure)),
              onSettled: () => refreshAfterWithdrawal(client),
            },
          ),
      });
    return actions;
  };

  const rows = (records.data?.list ?? []).map((record) => ({
    id: String(record.id),
    cells: {
      time: { type: 'text' as const, text: formatDateTime(record.ctime) },
      amount: {
        type: 'text' as const,
        text: `${groupThousands(record.amount)} ${record.coinSymbol}`,
      },
      fee: { type: 'text' as const, text: groupThousands(record.fee) },
      address: {
        type: 'text' as const,
        text: (
          <span className={styles.recordAddress}>
            <span className={styles.addressLine}>
              <span className={blocks.tag}>{record.chain}</span>
              <span className={styles.mono} title={record.address}>
                {record.address}
              </span>
            </span>
            {(record.txid || record.reason) && (
              <span className={styles.txid} title={record.txid || record.reason}>
                {record.txid ? (
                  <TxLink chain={record.chain} txid={record.txid}>
                    {t('withdraw.records.txid', { txid: record.txid })}
                  </TxLink>
                ) : (
                  record.reason
                )}
              </span>
            )}
          </span>
        ),
      },
      state: { type: 'label' as const, text: t(`withdraw.state.${record.state}`), tone: stateTone[record.state] },
      action: actionsOf(record),
    },
  }));

  return (
    <section className={blocks.section} aria-label={t('withdraw.records.title')}>
      <h2 className={blocks.sectionTitle}>{t('withdraw.records.title')}</h2>
      <PagedTable
        columns={columns}
        rows={rows}
        noDataText={t('common.noData')}
        loading={records.isLoading}
        page={page}
        count={records.data?.count ?? 0}
        pageSize={PAGE_SIZE}
        onPageChange={setPage}
      />
    </section>
  );
}

import type { depositStates } from '@opex/contract/calls/deposit';
import { formatDateTime, groupThousands } from '@opex/contract/display';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDepositRecords } from '../../api/deposit.ts';
import { PagedTable } from '../../records/PagedTable.tsx';
import { TxLink } from '../../records/TxLink.tsx';
import type { TableColumn } from '../../ui/data-table/table-types.ts';
import blocks from '../../ui/page-blocks/page-blocks.module.css';
import styles from './deposit.module.css';

/** The trader's deposits of a coin: amount, chain and transaction, confirmations counted, state. */
const PAGE_SIZE = 10;

const stateTone: Record<(typeof depositStates)[number], 'buy' | 'sell' | 'warning' | 'muted' | 'brand'> = {
  pending: 'warning',
  confirming: 'brand',
  crediting: 'brand',
  credited: 'buy',
  below_minimum: 'sell',
  orphaned: 'muted',
};

/** Long transaction ids keep their ends, which is how people compare them with an explorer. */
function shortTxid(txid: string): string {
  return txid.length > 24 ? `${txid.slice(0, 10)}…${txid.slice(-8)}` : txid;
}

export function DepositRecords({ coin }: { coin: string }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const records = useDepositRecords({ symbol: coin || undefined, page, pageSize: PAGE_SIZE });

  const columns: TableColumn[] = [
    { key: 'time', title: t('deposit.records.time'), width: '15%' },
    { key: 'amount', title: t('deposit.records.amount'), align: 'right', width: '16%' },
    { key: 'tx', title: t('deposit.records.tx') },
    { key: 'confirmations', title: t('deposit.records.confirmations'), align: 'right', width: '13%' },
    { key: 'state', title: t('deposit.records.state'), width: '14%' },
  ];

  const rows = (records.data?.financeList ?? []).map((record) => ({
    id: String(record.id),
    cells: {
      time: { type: 'text' as const, text: formatDateTime(record.createdAt) },
      amount: { type: 'text' as const, text: `${groupThousands(record.amount)} ${record.symbol}` },
      tx: {
        type: 'text' as const,
        text: (
          <span className={styles.recordTx}>
            <span className={blocks.tag}>{record.chain}</span>
            <span className={styles.mono} title={record.txid}>
              <TxLink chain={record.chain} txid={record.txid}>
                {shortTxid(record.txid)}
              </TxLink>
            </span>
          </span>
        ),
      },
      confirmations: {
        type: 'text' as const,
        // A deposit below the minimum is never followed, so its count would only mislead.
        text:
          record.status === 'below_minimum' ? (
            '—'
          ) : (
            <span className={styles.count}>
              {Math.min(record.confirmations, record.requiredConfirmations)}/{record.requiredConfirmations}
            </span>
          ),
      },
      state: { type: 'label' as const, text: t(`deposit.state.${record.status}`), tone: stateTone[record.status] },
    },
  }));

  return (
    <section className={`${blocks.section} ${styles.records}`} aria-label={t('deposit.records.title')}>
      <h2 className={blocks.sectionTitle}>{t('deposit.records.title')}</h2>
      <PagedTable
        columns={columns}
        rows={rows}
        noDataText={t('deposit.records.none')}
        loading={records.isLoading}
        page={page}
        count={records.data?.count ?? 0}
        pageSize={PAGE_SIZE}
        onPageChange={setPage}
      />
    </section>
  );
}

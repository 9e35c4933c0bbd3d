import type { AccountTypeName } from '@opex/contract/calls/finance-transfer';
import { formatDateTime } from '@opex/contract/display';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLedgerHistory } from '../../api/assets.ts';
import { displayNumber } from '../../markets/market-format.ts';
import { DataTable } from '../../ui/data-table/DataTable.tsx';
import type { TableColumn } from '../../ui/data-table/table-types.ts';
import { historyPageOf } from './account-routes.ts';
import styles from './assets.module.css';

/** How many of the latest transfers an account page shows; the account's history page has them all. */
export const RECENT_TRANSFERS = 5;

/**
 * An account page's latest transfers in and out of that account (ledger rows of cause 'transfer'), newest first,
 * with a link to the account's full history.
 */
export function AccountTransfers({ account }: { account: AccountTypeName }) {
  const { t } = useTranslation();
  const history = useLedgerHistory({
    accountType: account,
    transactionScene: 'transfer',
    page: 1,
    pageSize: RECENT_TRANSFERS,
  });
  const columns: TableColumn[] = [
    { key: 'time', title: t('assetAccounts.flowing.time'), width: '30%' },
    { key: 'coin', title: t('assetAccounts.flowing.coin') },
    { key: 'direction', title: t('assetAccounts.recent.direction') },
    { key: 'amount', title: t('assetAccounts.flowing.amount'), align: 'right', width: '30%' },
  ];
  const rows = (history.data?.financeList ?? []).map((row) => {
    const out = row.amount.startsWith('-');
    return {
      id: String(row.id),
      cells: {
        time: { type: 'text' as const, text: formatDateTime(row.createdAtTime) },
        coin: { type: 'text' as const, text: row.coinSymbol },
        direction: { type: 'text' as const, text: t(out ? 'assetAccounts.recent.out' : 'assetAccounts.recent.in') },
        amount: {
          type: 'label' as const,
          tone: out ? ('sell' as const) : ('buy' as const),
          text: `${out ? '' : '+'}${displayNumber(row.amount)}`,
        },
      },
    };
  });
  return (
    <section className={styles.recent} aria-label={t('assetAccounts.recent.title')}>
      <div className={styles.recentHead}>
        <h2 className={styles.recentTitle}>{t('assetAccounts.recent.title')}</h2>
        <Link to={`/assets/${historyPageOf(account)}`} className={styles.recentLink}>
          {t('assetAccounts.recent.all')}
        </Link>
      </div>
      <DataTable
        label={t('assetAccounts.recent.title')}
        columns={columns}
        rows={rows}
        loading={history.isPending}
        noDataText={t('assetAccounts.recent.none')}
        loadingText={t('common.loading')}
        stackOnNarrow
        lines={RECENT_TRANSFERS}
      />
    </section>
  );
}

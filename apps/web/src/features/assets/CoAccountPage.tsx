import { coAccountBalance } from '@opex/contract/calls/co-account';
import { formatAmount } from '@opex/contract/display';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCoPublicInfo } from '../../api/futures.ts';
import { useCallQuery } from '../../api/query.ts';
import { CoTransferDialog } from '../../futures/CoTransferDialog.tsx';
import { percentText, signedAmount, toneOf } from '../../futures/contracts.ts';
import { assetsMenu } from '../../section-menus/assets-menu.ts';
import { SectionMenuLayout } from '../../section-menus/SectionMenuLayout.tsx';
import { Button } from '../../ui/button/Button.tsx';
import { DataTable } from '../../ui/data-table/DataTable.tsx';
import type { TableColumn, TableRow } from '../../ui/data-table/table-types.ts';
import { sectionClasses } from '../../ui/section-layout/SectionLayout.tsx';
import styles from './assets.module.css';

/**
 * /assets/coAccount: the futures account of each margin coin (account/account_balance): equity, available, cross and
 * isolated margins, held by orders, unrealised and realised PnL, margin ratio; Transfer to and from the exchange
 * account (contract/co_transfer) and the account's ledger.
 */
export default function CoAccountPage() {
  const { t } = useTranslation();
  const catalogue = useCoPublicInfo().data;
  const accounts = useCallQuery(coAccountBalance, {});
  const [transfer, setTransfer] = useState<{ coin?: string } | null>(null);
  const contracts = catalogue?.contractList ?? [];
  const digitsOf = (coin: string) =>
    contracts.find((c) => c.marginCoin === coin)?.coinResultVo.marginCoinPrecision ?? 4;

  const columns: TableColumn[] = [
    { key: 'coin', title: t('assetAccounts.column.coin'), width: '10%' },
    { key: 'total', title: t('futures.account.total'), align: 'right' },
    { key: 'available', title: t('futures.account.available'), align: 'right' },
    { key: 'crossMargin', title: t('futures.account.crossMargin'), align: 'right' },
    { key: 'isolatedMargin', title: t('futures.account.isolatedMargin'), align: 'right' },
    { key: 'locked', title: t('futures.account.locked'), align: 'right' },
    { key: 'unrealized', title: t('futures.account.unrealized'), align: 'right' },
    { key: 'realized', title: t('futures.account.realized'), align: 'right' },
    { key: 'marginRate', title: t('futures.account.marginRate'), align: 'right' },
    { key: 'actions', title: t('assetAccounts.column.actions'), align: 'right' },
  ];
  const rows: TableRow[] = (accounts.data?.accounts ?? []).map((a) => {
    const digits = digitsOf(a.symbol);
    const pnl = (value: string) => {
      const tone = toneOf(value);
      return tone === 'flat'
        ? { type: 'text' as const, text: signedAmount(value, digits) }
        : {
            type: 'label' as const,
            tone: tone === 'rise' ? ('buy' as const) : ('sell' as const),
            text: signedAmount(value, digits),
          };
    };
    return {
      id: a.symbol,
      cells: {
        coin: { type: 'text', text: <span className={styles.coin}>{a.symbol}</span> },
        total: { type: 'text', text: formatAmount(a.totalAmount, digits) },
        available: { type: 'text', text: formatAmount(a.canUseAmount, digits) },
        crossMargin: { type: 'text', text: formatAmount(a.totalMargin, digits) },
        isolatedMargin: { type: 'text', text: formatAmount(a.isolateMargin, digits) },
        locked: { type: 'text', text: formatAmount(a.lockAmount, digits) },
        unrealized: pnl(a.unRealizedAmount),
        realized: pnl(a.realizedAmount),
        marginRate: { type: 'text', text: percentText(a.totalMarginRate, 2) },
        actions: [
          { type: 'button', text: t('futures.transfer.title'), onClick: () => setTransfer({ coin: a.symbol }) },
          { type: 'link', text: t('futures.account.trade'), href: '/proSwap' },
        ],
      },
    };
  });

  return (
    <SectionMenuLayout
      menu={assetsMenu}
      title={t('assetAccounts.menu.coAccount')}
      actions={
        <>
          <Button variant="ghost" onClick={() => setTransfer({})} disabled={!catalogue}>
            {t('futures.transfer.title')}
          </Button>
          <Link to="/assets/coFlowingWater" className={sectionClasses.actionLink}>
            {t('assetAccounts.history')}
          </Link>
        </>
      }
    >
      <DataTable
        label={t('assetAccounts.menu.coAccount')}
        columns={columns}
        rows={rows}
        loading={accounts.isPending}
        loadingText={t('common.loading')}
        noDataText={t('futures.account.none')}
        stackOnNarrow
        lines={10}
      />
      {transfer && catalogue && (
        <CoTransferDialog
          contracts={catalogue.contractList}
          coins={catalogue.marginCoinList}
          coin={transfer.coin}
          onClose={() => setTransfer(null)}
        />
      )}
    </SectionMenuLayout>
  );
}

import type { AccountTypeName } from '@opex/contract/calls/finance-transfer';
import { type LedgerScene, ledgerScenes, recordOtherTransferExport } from '@opex/contract/calls/record-ledger';
import { coinDigits, formatAmount, formatDateTime } from '@opex/contract/display';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useLedgerHistory } from '../../api/assets.ts';
import { switchOn, usePublicInfo } from '../../api/common.ts';
import { exportUrl } from '../../api/export-url.ts';
import { datePickerText } from '../../i18n/control-text.ts';
import { dayRange } from '../../records/date-range.ts';
import { PagedTable } from '../../records/PagedTable.tsx';
import { assetsMenu } from '../../section-menus/assets-menu.ts';
import { SectionMenuLayout } from '../../section-menus/SectionMenuLayout.tsx';
import { Button } from '../../ui/button/Button.tsx';
import type { TableColumn } from '../../ui/data-table/table-types.ts';
import { DatePicker } from '../../ui/date-picker/DatePicker.tsx';
import { sectionClasses } from '../../ui/section-layout/SectionLayout.tsx';
import { Select } from '../../ui/select/Select.tsx';
import { historyAccountOfPath } from './account-routes.ts';
import { offeredAccounts } from './transfer-form.ts';

const PAGE_SIZE = 20;
const ALL = 'all';

interface Filters {
  account: AccountTypeName | typeof ALL;
  coin: string;
  scene: LedgerScene | typeof ALL;
  from: string;
  to: string;
}

/**
 * /assets/flowingWater (and each account's history page): every change of the user's balances with its cause,
 * filtered by account, coin, type and days, paged, and exported as a CSV file under the same filters.
 */
export default function FlowingWaterPage() {
  const { t, i18n } = useTranslation();
  const info = usePublicInfo();
  const initial: Filters = {
    account: historyAccountOfPath(useLocation().pathname),
    coin: ALL,
    scene: ALL,
    from: '',
    to: '',
  };
  const [filters, setFilters] = useState<Filters>(initial);
  const [page, setPage] = useState(1);
  const change = (next: Partial<Filters>) => {
    setFilters((current) => ({ ...current, ...next }));
    setPage(1);
  };

  const query = {
    ...(filters.account === ALL ? {} : { accountType: filters.account }),
    ...(filters.coin === ALL ? {} : { coinSymbol: filters.coin }),
    ...(filters.scene === ALL ? {} : { transactionScene: filters.scene }),
    ...dayRange(filters.from, filters.to),
  };
  const history = useLedgerHistory({ ...query, page, pageSize: PAGE_SIZE });

  const offered = offeredAccounts((name) => switchOn(info.switch, name));
  const accountName = (type: string) => t(`assetAccounts.account.${type}`);
  const columns: TableColumn[] = [
    { key: 'time', title: t('assetAccounts.flowing.time'), width: '20%' },
    { key: 'account', title: t('assetAccounts.flowing.account') },
    { key: 'coin', title: t('assetAccounts.flowing.coin') },
    { key: 'type', title: t('assetAccounts.flowing.type') },
    { key: 'amount', title: t('assetAccounts.flowing.amount'), align: 'right', width: '20%' },
    { key: 'status', title: t('assetAccounts.flowing.status'), align: 'right' },
  ];
  const rows = (history.data?.financeList ?? []).map((row) => {
    const negative = row.amount.startsWith('-');
    return {
      id: String(row.id),
      cells: {
        time: { type: 'text' as const, text: formatDateTime(row.createdAtTime) },
        account: { type: 'text' as const, text: accountName(row.accountType) },
        coin: { type: 'text' as const, text: row.coinSymbol },
        type: { type: 'text' as const, text: t(`assetAccounts.scene.${row.transactionScene}`) },
        amount: {
          type: 'label' as const,
          tone: negative ? ('sell' as const) : ('buy' as const),
          // At the coin's precision, with the coin: +100,000.00 USDT.
          text: `${negative ? '' : '+'}${formatAmount(row.amount, coinDigits(info.market.coinList, row.coinSymbol, 8), row.coinSymbol)}`,
        },
        status: { type: 'text' as const, text: t('assetAccounts.flowing.completed') },
      },
    };
  });

  const coins = Object.keys(info.market.coinList);
  const dateText = datePickerText(t, i18n.language);

  return (
    <SectionMenuLayout
      menu={assetsMenu}
      title={t('assetAccounts.menu.flowingWater')}
      actions={
        <a className={sectionClasses.actionLink} href={exportUrl(recordOtherTransferExport, query)} download>
          {t('assetAccounts.flowing.export')}
        </a>
      }
    >
      <div className={sectionClasses.filters}>
        <Select
          label={t('assetAccounts.flowing.account')}
          value={filters.account}
          options={[
            { code: ALL, value: t('assetAccounts.flowing.allAccounts') },
            ...offered.map((type) => ({ code: type, value: accountName(type) })),
          ]}
          onChange={(o) => change({ account: o.code as Filters['account'] })}
        />
        <Select
          label={t('assetAccounts.flowing.coin')}
          value={filters.coin}
          searchable
          searchLabel={t('assetAccounts.search')}
          noDataText={t('common.noData')}
          options={[
            { code: ALL, value: t('assetAccounts.flowing.allCoins') },
            ...coins.map((coin) => ({ code: coin, value: coin })),
          ]}
          onChange={(o) => change({ coin: o.code })}
        />
        <Select
          label={t('assetAccounts.flowing.type')}
          value={filters.scene}
          options={[
            { code: ALL, value: t('assetAccounts.flowing.allTypes') },
            ...ledgerScenes.map((scene) => ({ code: scene, value: t(`assetAccounts.scene.${scene}`) })),
          ]}
          onChange={(o) => change({ scene: o.code as Filters['scene'] })}
        />
        <DatePicker
          {...dateText}
          label={t('assetAccounts.flowing.from')}
          placeholder={t('assetAccounts.flowing.from')}
          value={filters.from}
          onChange={(from) => change({ from })}
        />
        <DatePicker
          {...dateText}
          label={t('assetAccounts.flowing.to')}
          placeholder={t('assetAccounts.flowing.to')}
          value={filters.to}
          onChange={(to) => change({ to })}
        />
        <Button variant="text" onClick={() => change(initial)}>
          {t('assetAccounts.flowing.reset')}
        </Button>
      </div>
      <PagedTable
        label={t('assetAccounts.menu.flowingWater')}
        columns={columns}
        rows={rows}
        loading={history.isPending}
        noDataText={t('assetAccounts.flowing.empty')}
        page={page}
        count={history.data?.count ?? 0}
        pageSize={PAGE_SIZE}
        onPageChange={setPage}
      />
    </SectionMenuLayout>
  );
}

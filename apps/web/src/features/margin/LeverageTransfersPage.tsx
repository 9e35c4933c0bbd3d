import { leverFinanceTransferList } from '@opex/contract/calls/lever';
import { coinDigits, formatDateTime } from '@opex/contract/display';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePublicInfo } from '../../api/common.ts';
import { callQueryOptions } from '../../api/query.ts';
import { exactAmount } from '../../margin/margin-account.ts';
import { PagedTable } from '../../records/PagedTable.tsx';
import { assetsMenu } from '../../section-menus/assets-menu.ts';
import { SectionMenuLayout } from '../../section-menus/SectionMenuLayout.tsx';
import { sectionClasses } from '../../ui/section-layout/SectionLayout.tsx';
import { Select } from '../../ui/select/Select.tsx';
import { MarginPairPicker } from './MarginPairPicker.tsx';

const PAGE_SIZE = 20;
type Direction = 'all' | '1' | '2';

/**
 * /assets/lerverageFlowingWater (the spec's spelling): the transfers between the exchange account and the pairs'
 * margin accounts (lever/finance/transfer/list), filtered by direction (1 in, 2 out) and pair, paged.
 */
export default function LeverageTransfersPage() {
  const { t } = useTranslation();
  const [direction, setDirection] = useState<Direction>('all');
  const [symbol, setSymbol] = useState('');
  const [page, setPage] = useState(1);
  const coinList = usePublicInfo().market.coinList;
  const input = {
    page,
    pageSize: PAGE_SIZE,
    ...(symbol ? { symbol } : {}),
    ...(direction === 'all' ? {} : { transactionType: direction }),
  };
  const transfers = useQuery({
    ...callQueryOptions(leverFinanceTransferList, input),
    placeholderData: keepPreviousData,
  });
  const rows = (transfers.data?.financeList ?? []).map((row) => ({
    id: String(row.id),
    cells: {
      time: { type: 'text' as const, text: formatDateTime(row.createTime) },
      pair: { type: 'text' as const, text: row.showName || row.symbol },
      direction: {
        type: 'label' as const,
        tone: row.transferType === 1 ? ('buy' as const) : ('sell' as const),
        text: t(row.transferType === 1 ? 'margin.transfers.in' : 'margin.transfers.out'),
      },
      amount: {
        type: 'text' as const,
        text: exactAmount(row.amount, coinDigits(coinList, row.coinSymbol, 8), row.coinSymbol),
      },
    },
  }));
  const refilter =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPage(1);
    };

  return (
    <SectionMenuLayout menu={assetsMenu} title={t('assetAccounts.menu.lerverageFlowingWater')}>
      <div className={sectionClasses.filters}>
        <Select
          label={t('margin.transfers.direction')}
          value={direction}
          options={[
            { code: 'all', value: t('margin.transfers.all') },
            { code: '1', value: t('margin.transfers.in') },
            { code: '2', value: t('margin.transfers.out') },
          ]}
          onChange={(o) => refilter(setDirection)(o.code as Direction)}
        />
        <MarginPairPicker value={symbol} onChange={refilter(setSymbol)} />
      </div>
      <PagedTable
        label={t('assetAccounts.menu.lerverageFlowingWater')}
        columns={[
          { key: 'time', title: t('margin.loans.time'), width: '20%' },
          { key: 'pair', title: t('margin.pair') },
          { key: 'direction', title: t('margin.transfers.direction') },
          { key: 'amount', title: t('margin.amount'), align: 'right' },
        ]}
        rows={rows}
        loading={transfers.isPending}
        noDataText={t('margin.transfers.none')}
        page={page}
        count={transfers.data?.count ?? 0}
        pageSize={PAGE_SIZE}
        onPageChange={setPage}
      />
    </SectionMenuLayout>
  );
}

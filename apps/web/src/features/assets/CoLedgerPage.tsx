import { CoLedgerType, coTransactionList } from '@opex/contract/calls/co-account';
import { formatDateTime } from '@opex/contract/display';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCoPublicInfo } from '../../api/futures.ts';
import { useCallQuery } from '../../api/query.ts';
import { signedAmount, toneOf } from '../../futures/contracts.ts';
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

const PAGE_SIZE = 20;
const ALL = 'all';

/**
 * /assets/coFlowingWater: the futures account's ledger (record/get_transaction_list), newest first, by kind (the
 * original's numbers: 1 in, 2 out, 5 funding, 6/7 opening/closing fee, 8 loss share, 9 rebate, 10/11 bonus), margin
 * coin and days (the server's last 14 days when none are picked), paged.
 */
export default function CoLedgerPage() {
  const { t, i18n } = useTranslation();
  const catalogue = useCoPublicInfo().data;
  const [coin, setCoin] = useState(ALL);
  const [type, setType] = useState(ALL);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [page, setPage] = useState(1);
  const refilter =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPage(1);
    };
  const { startTime, endTime } = dayRange(from, to);
  const ledger = useCallQuery(coTransactionList, {
    page,
    limit: PAGE_SIZE,
    ...(coin === ALL ? {} : { symbol: coin }),
    ...(type === ALL ? {} : { type: Number(type) }),
    ...(startTime === undefined ? {} : { beginTime: startTime }),
    ...(endTime === undefined ? {} : { endTime }),
  });
  // Rows carry no coin: a row's contract names its margin coin; a transfer's is the filtered one, or the only margin
  // coin there is. The coin scales the amount.
  const coins = catalogue?.marginCoinList ?? [];
  const shownCoin = coin !== ALL ? coin : coins.length === 1 ? coins[0] : undefined;
  const contracts = catalogue?.contractList ?? [];
  const digitsOf = (marginCoin: string | undefined) =>
    contracts.find((c) => c.marginCoin === marginCoin)?.coinResultVo.marginCoinPrecision ?? 8;
  const coinOf = (contractName: string) =>
    contracts.find((c) => c.contractName === contractName)?.marginCoin ?? shownCoin;

  const columns: TableColumn[] = [
    { key: 'time', title: t('assetAccounts.flowing.time'), width: '20%' },
    { key: 'type', title: t('assetAccounts.flowing.type') },
    { key: 'contract', title: t('futures.column.contract') },
    { key: 'amount', title: t('assetAccounts.flowing.amount'), align: 'right' },
  ];
  const rows = (ledger.data?.transList ?? []).map((row, index) => {
    const tone = toneOf(row.amount);
    const rowCoin = coinOf(row.contractName);
    return {
      id: `${row.ctime}-${index}`,
      cells: {
        time: { type: 'text' as const, text: formatDateTime(row.ctime) },
        type: { type: 'text' as const, text: t(`futures.ledger.${row.typeCode}`, { defaultValue: row.type }) },
        contract: { type: 'text' as const, text: row.contractName || '--' },
        amount: {
          type: 'label' as const,
          tone: tone === 'fall' ? ('sell' as const) : ('buy' as const),
          text: signedAmount(row.amount, digitsOf(rowCoin), rowCoin),
        },
      },
    };
  });
  const dateText = datePickerText(t, i18n.language);

  return (
    <SectionMenuLayout menu={assetsMenu} title={t('futures.ledger.title')}>
      <div className={sectionClasses.filters}>
        <Select
          label={t('assetAccounts.flowing.coin')}
          value={coin}
          options={[
            { code: ALL, value: t('assetAccounts.flowing.allCoins') },
            ...(catalogue?.marginCoinList ?? []).map((c) => ({ code: c, value: c })),
          ]}
          onChange={(o) => refilter(setCoin)(o.code)}
        />
        <Select
          label={t('assetAccounts.flowing.type')}
          value={type}
          options={[
            { code: ALL, value: t('assetAccounts.flowing.allTypes') },
            ...Object.values(CoLedgerType).map((code) => ({ code: String(code), value: t(`futures.ledger.${code}`) })),
          ]}
          onChange={(o) => refilter(setType)(o.code)}
        />
        <DatePicker
          {...dateText}
          label={t('assetAccounts.flowing.from')}
          placeholder={t('assetAccounts.flowing.from')}
          value={from}
          onChange={refilter(setFrom)}
        />
        <DatePicker
          {...dateText}
          label={t('assetAccounts.flowing.to')}
          placeholder={t('assetAccounts.flowing.to')}
          value={to}
          onChange={refilter(setTo)}
        />
        <Button
          variant="text"
          onClick={() => {
            setCoin(ALL);
            setType(ALL);
            setFrom('');
            setTo('');
            setPage(1);
          }}
        >
          {t('assetAccounts.flowing.reset')}
        </Button>
      </div>
      <PagedTable
        label={t('futures.ledger.title')}
        columns={columns}
        rows={rows}
        loading={ledger.isPending}
        noDataText={t('assetAccounts.flowing.empty')}
        page={page}
        count={ledger.data?.count ?? 0}
        pageSize={PAGE_SIZE}
        onPageChange={setPage}
      />
    </SectionMenuLayout>
  );
}

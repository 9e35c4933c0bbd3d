import { coTransactionList } from '@opex/contract/calls/co-account';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCoPublicInfo } from '../../api/futures.ts';
import { useCallQuery } from '../../api/query.ts';
import { LEDGER_KINDS, ledgerColumns, ledgerRow } from '../../futures/ledger-rows.ts';
import { datePickerText } from '../../i18n/control-text.ts';
import { dayRange } from '../../records/date-range.ts';
import { PagedTable } from '../../records/PagedTable.tsx';
import { assetsMenu } from '../../section-menus/assets-menu.ts';
import { SectionMenuLayout } from '../../section-menus/SectionMenuLayout.tsx';
import { Button } from '../../ui/button/Button.tsx';
import { DatePicker } from '../../ui/date-picker/DatePicker.tsx';
import { sectionClasses } from '../../ui/section-layout/SectionLayout.tsx';
import { Select } from '../../ui/select/Select.tsx';

const PAGE_SIZE = 20;
const ALL = 'all';

/**
 * /assets/coFlowingWater: the futures account's ledger (record/get_transaction_list), newest first, by kind (the
 * original's numbers: 1 in, 2 out, 5 funding, 6/7 opening/closing fee; ours: 3 realized PnL, 12 liquidation,
 * 13 delivery), margin coin and days (the server's last 14 days when none are picked), paged.
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
  const contracts = catalogue?.contractList ?? [];
  // A margin coin's display precision: its contracts'; a coin no listed contract margins any more keeps 8.
  const digitsOf = (marginCoin: string) =>
    contracts.find((c) => c.marginCoin === marginCoin)?.coinResultVo.marginCoinPrecision ?? 8;
  const rows = (ledger.data?.transList ?? []).map((entry, index) =>
    ledgerRow(t, entry, `${entry.ctime}-${index}`, digitsOf),
  );
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
            ...LEDGER_KINDS.map((code) => ({ code: String(code), value: t(`futures.ledger.${code}`) })),
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
        columns={ledgerColumns(t)}
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

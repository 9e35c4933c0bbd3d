import { getRiskAccount, riskBalanceList } from '@opex/contract/calls/co-common';
import { EMPTY_DISPLAY, formatAmount } from '@opex/contract/display';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCallQuery } from '../../api/query.ts';
import own from '../../futures/futures.module.css';
import { insuranceColumns, insuranceRow } from '../../futures/insurance-fund.ts';
import { PagedTable } from '../../records/PagedTable.tsx';
import { Select } from '../../ui/select/Select.tsx';
import { BalanceChart } from './BalanceChart.tsx';

const PAGE_SIZE = 20;

/**
 * /futuresData's insurance fund of one margin coin (the chosen contract's at first): its balance
 * (common/get_risk_account), its balance over time and its movements, taken over or paid out, paged
 * (common/risk_balance_list).
 */
export function InsuranceFund({
  coins,
  initialCoin,
  digitsOf,
}: {
  /** The margin coins (public_info's marginCoinList). */
  coins: readonly string[];
  initialCoin: string;
  /** A margin coin's display precision. */
  digitsOf: (coin: string) => number;
}) {
  const { t } = useTranslation();
  const [coin, setCoin] = useState(initialCoin);
  const [page, setPage] = useState(1);
  const digits = digitsOf(coin);
  const balance = useCallQuery(getRiskAccount, { coinSymbol: coin }, { enabled: coin !== '' });
  const list = useCallQuery(riskBalanceList, { symbol: coin, page, limit: PAGE_SIZE }, { enabled: coin !== '' });

  return (
    <div className={own.fund} data-testid="insurance-fund">
      <p className={own.fundNote}>{t('futures.data.insuranceNote')}</p>
      <div className={own.fundHead}>
        <div className={own.contractPick}>
          <Select
            label={t('futures.data.marginCoin')}
            value={coin}
            options={coins.map((c) => ({ code: c, value: c }))}
            onChange={(o) => {
              setCoin(o.code);
              setPage(1);
            }}
          />
        </div>
        <dl className={own.fundBalance}>
          <dt>{t('futures.data.insuranceBalance')}</dt>
          <dd data-testid="insurance-balance">
            {balance.data ? formatAmount(balance.data.amount, digits, coin) : EMPTY_DISPLAY}
          </dd>
        </dl>
      </div>
      <section aria-labelledby="insurance-chart">
        <h2 id="insurance-chart">{t('futures.data.insuranceChart', { coin })}</h2>
        <BalanceChart
          line={list.data?.brokenLineList ?? []}
          digits={digits}
          label={t('futures.data.insuranceChart', { coin })}
        />
      </section>
      <section aria-labelledby="insurance-history">
        <h2 id="insurance-history">{t('futures.data.insuranceHistory')}</h2>
        <PagedTable
          label={t('futures.data.insuranceHistory')}
          columns={insuranceColumns(t, coin)}
          rows={(list.data?.historyList ?? []).map((m) => insuranceRow(t, m, digits))}
          loading={list.isPending && list.fetchStatus !== 'idle'}
          noDataText={t('futures.data.noInsurance')}
          page={page}
          count={list.data?.hisCount ?? 0}
          pageSize={PAGE_SIZE}
          onPageChange={setPage}
        />
      </section>
    </div>
  );
}

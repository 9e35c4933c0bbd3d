import { fundingRateList, indexPriceWeightList } from '@opex/contract/calls/co-common';
import { formatAmount, formatDateTime } from '@opex/contract/display';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCoPublicInfo, useLadderInfo } from '../../api/futures.ts';
import { useCallQuery } from '../../api/query.ts';
import { chooseContract, percentText } from '../../futures/contracts.ts';
import own from '../../futures/futures.module.css';
import { PagedTable } from '../../records/PagedTable.tsx';
import { readSelection } from '../../state/selection.ts';
import { DataTable } from '../../ui/data-table/DataTable.tsx';
import { Select } from '../../ui/select/Select.tsx';
import { Tabs } from '../../ui/tabs/Tabs.tsx';
import { InsuranceFund } from './InsuranceFund.tsx';

const FUNDING_PAGE = 20;
type Section = 'brackets' | 'index' | 'funding' | 'insurance';

/**
 * /futuresData: a contract's leverage brackets (get_ladder_info), its index composition (index_price_weight_list),
 * its funding history (funding_rate_list), the insurance fund of its margin coin or another (InsuranceFund), and how
 * margin, liquidation and funding are worked out.
 */
export default function FuturesDataPage() {
  const { t } = useTranslation();
  const catalogue = useCoPublicInfo().data;
  const contracts = catalogue?.contractList ?? [];
  const [name, setName] = useState<string | undefined>(() => readSelection(localStorage).contractName);
  const [section, setSection] = useState<Section>('brackets');
  const [page, setPage] = useState(1);
  const contract = chooseContract(contracts, name, undefined);
  const id = contract?.id;
  const ladder = useLadderInfo(id);
  const index = useCallQuery(
    indexPriceWeightList,
    { contractId: id ?? 0, page: 1, limit: 50 },
    { enabled: id !== undefined && section === 'index' },
  );
  const funding = useCallQuery(
    fundingRateList,
    { contractId: id ?? 0, page, limit: FUNDING_PAGE },
    { enabled: id !== undefined && section === 'funding' },
  );
  const coin = contract?.marginCoin ?? '';
  const digits = contract?.coinResultVo.marginCoinPrecision ?? 4;
  const idle = (q: { isPending: boolean; fetchStatus: string }) => q.isPending && q.fetchStatus !== 'idle';

  const tables: Record<Section, ReactNode> = {
    brackets: (
      <DataTable
        label={t('futures.data.brackets')}
        columns={[
          { key: 'tier', title: t('futures.data.tier') },
          { key: 'range', title: t('futures.data.positionValue', { coin }), align: 'right' },
          { key: 'lever', title: t('futures.data.maxLever'), align: 'right' },
          { key: 'rate', title: t('futures.data.maintenanceRate'), align: 'right' },
          { key: 'amount', title: t('futures.data.maintenanceAmount', { coin }), align: 'right' },
        ]}
        rows={(ladder.data?.ladderList.ladderList ?? []).map((tier, i) => ({
          id: String(i),
          cells: {
            tier: { type: 'text', text: String(i + 1) },
            range: {
              type: 'text',
              text: `${formatAmount(tier.minPositionValue, 0)} – ${formatAmount(tier.maxPositionValue, 0)}`,
            },
            lever: { type: 'text', text: `${tier.maxLever}x` },
            rate: { type: 'text', text: percentText(tier.minMarginRate, 2) },
            amount: { type: 'text', text: formatAmount(tier.maintenanceAmount, digits) },
          },
        }))}
        loading={idle(ladder)}
        loadingText={t('common.loading')}
        noDataText={t('futures.data.noBrackets')}
        stackOnNarrow
        lines={10}
      />
    ),
    index: (
      <DataTable
        label={t('futures.data.index')}
        columns={[
          { key: 'name', title: t('futures.data.source') },
          { key: 'weight', title: t('futures.data.weight'), align: 'right' },
        ]}
        rows={(index.data?.records ?? []).map((r) => ({
          id: String(r.id),
          cells: {
            name: { type: 'text', text: r.name },
            weight: { type: 'text', text: percentText(r.weightRate, 2) },
          },
        }))}
        loading={idle(index)}
        loadingText={t('common.loading')}
        noDataText={t('futures.data.noIndex')}
        stackOnNarrow
        lines={5}
      />
    ),
    funding: (
      <PagedTable
        label={t('futures.data.funding')}
        columns={[
          { key: 'time', title: t('futures.column.time') },
          { key: 'contract', title: t('futures.column.contract') },
          { key: 'rate', title: t('futures.data.fundingRate'), align: 'right' },
        ]}
        rows={(funding.data?.historyList ?? []).map((r) => ({
          id: String(r.id),
          cells: {
            time: { type: 'text', text: formatDateTime(r.ctime) },
            contract: { type: 'text', text: r.contractName },
            rate: { type: 'text', text: percentText(r.amount, 4) },
          },
        }))}
        loading={idle(funding)}
        noDataText={t('futures.data.noFunding')}
        page={page}
        count={funding.data?.count ?? 0}
        pageSize={FUNDING_PAGE}
        onPageChange={setPage}
      />
    ),
    insurance: (
      <InsuranceFund
        key={coin}
        coins={catalogue?.marginCoinList ?? []}
        initialCoin={coin}
        digitsOf={(c) => contracts.find((k) => k.marginCoin === c)?.coinResultVo.marginCoinPrecision ?? 4}
      />
    ),
  };

  return (
    <div className={own.dataPage}>
      <h1>{t('futures.data.title')}</h1>
      <div className={own.contractPick}>
        <Select
          label={t('futures.header.contract')}
          value={contract?.contractName}
          options={contracts.map((c) => ({ code: c.contractName, value: c.contractName }))}
          onChange={(o) => {
            setName(o.code);
            setPage(1);
          }}
        />
      </div>
      <Tabs
        label={t('futures.data.title')}
        value={section}
        onValueChange={(v) => setSection(v as Section)}
        items={[
          { key: 'brackets', name: t('futures.data.brackets') },
          { key: 'index', name: t('futures.data.index') },
          { key: 'funding', name: t('futures.data.funding') },
          { key: 'insurance', name: t('futures.data.insurance') },
        ]}
      />
      <section aria-label={t(`futures.data.${section}`)}>{tables[section]}</section>
      <section aria-labelledby="futures-formulas">
        <h2 id="futures-formulas">{t('futures.data.formulas')}</h2>
        <ul className={own.formulas}>
          {(
            [
              'margin',
              'maintenance',
              'liquidation',
              'liquidationPrice',
              'bankruptcy',
              'partial',
              'pnl',
              'mark',
              'funding',
              'fundingRate',
              'adl',
              'delivery',
            ] as const
          ).map((key) => (
            <li key={key}>
              <strong>{t(`futures.data.formula.${key}.name`)}</strong>: {t(`futures.data.formula.${key}.text`)}
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

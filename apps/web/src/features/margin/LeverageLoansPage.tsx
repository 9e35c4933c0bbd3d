import { LoanStatus, leverBorrowHistory, leverBorrowNew, leverReturnInfo } from '@opex/contract/calls/lever';
import { coinDigits, formatDateTime } from '@opex/contract/display';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { invoke } from '../../api/call.ts';
import { usePublicInfo } from '../../api/common.ts';
import { callQueryOptions } from '../../api/query.ts';
import styles from '../../margin/margin.module.css';
import { dailyRateText, exactAmount, financeSymbol } from '../../margin/margin-account.ts';
import { useMarginActions } from '../../margin/margin-actions.tsx';
import { PagedTable } from '../../records/PagedTable.tsx';
import { assetsMenu } from '../../section-menus/assets-menu.ts';
import { SectionMenuLayout } from '../../section-menus/SectionMenuLayout.tsx';
import type { TableCell, TableRow } from '../../ui/data-table/table-types.ts';
import { sectionClasses } from '../../ui/section-layout/SectionLayout.tsx';
import { Tabs } from '../../ui/tabs/Tabs.tsx';
import { cappedCount, loanStatusKey, repaymentKey } from './loan-view.ts';
import { MarginPairPicker } from './MarginPairPicker.tsx';

const PAGE_SIZE = 10;
type Tab = 'open' | 'history';

/**
 * /assets/leverageToLoan?symbol=: the margin loans, open (lever/borrow/new, each with Repay) and closed
 * (lever/borrow/history), of one pair or all, paged (at most 30 pages); a loan opens to its repayments
 * (lever/return/info: repaid by you, auto-repay, liquidation, insurance fund).
 */
export default function LeverageLoansPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const symbol = financeSymbol(params.get('symbol') ?? '');
  const [tab, setTab] = useState<Tab>('open');
  const [page, setPage] = useState(1);
  const actions = useMarginActions();
  const coinList = usePublicInfo().market.coinList;
  const amount = (value: string, coin: string) => exactAmount(value, coinDigits(coinList, coin, 8));
  const input = { page, pageSize: PAGE_SIZE, ...(symbol ? { symbol } : {}) };
  const loans = useQuery({
    ...callQueryOptions(tab === 'open' ? leverBorrowNew : leverBorrowHistory, input),
    placeholderData: keepPreviousData,
  });

  const text = (value: string): TableCell => ({ type: 'text', text: value });
  const rows: TableRow[] = (loans.data?.financeList ?? []).map((loan) => ({
    id: String(loan.id),
    cells: {
      time: text(formatDateTime(loan.ctime)),
      pair: text(loan.showName || loan.symbol),
      coin: text(loan.coin),
      borrowed: text(amount(loan.borrowMoney, loan.coin)),
      owePrincipal: text(amount(loan.oweAmount, loan.coin)),
      oweInterest: text(amount(loan.oweInterest, loan.coin)),
      interestPaid: text(amount(loan.interest, loan.coin)),
      rate: text(dailyRateText(loan.interestRate)),
      status: { type: 'label', tone: 'muted', text: t(`margin.loanStatus.${loanStatusKey(loan.status)}`) },
      action: [
        ...(loan.status === LoanStatus.open
          ? [
              {
                type: 'button' as const,
                text: t('margin.action.repay'),
                onClick: () => actions.open({ kind: 'repay', symbol: financeSymbol(loan.symbol), loanId: loan.id }),
              },
            ]
          : []),
        { type: 'subTable', text: t('margin.loans.repayments') },
      ],
    },
  }));

  const loadRepayments = async (rowId: string) => {
    const reply = await invoke(leverReturnInfo, { id: Number(rowId), pageSize: 10_000 });
    if (reply.financeList.length === 0) return <p>{t('margin.loans.noRepayments')}</p>;
    return (
      <ul className={styles.repayments} data-testid={`repayments-${rowId}`}>
        {reply.financeList.map((r) => (
          <li key={`${r.repaymentTime}-${r.returnMoney}-${r.type}`}>
            <span>{formatDateTime(r.repaymentTime)}</span>
            <span>{t(`margin.repayment.${repaymentKey(r.type)}`)}</span>
            <span>{`${amount(r.returnMoney, r.coin)} ${r.coin}`}</span>
            <span>
              {t('margin.loans.principalPart')} {amount(r.principalMoney, r.coin)} · {t('margin.loans.interestPart')}{' '}
              {amount(r.interestMoney, r.coin)}
            </span>
          </li>
        ))}
      </ul>
    );
  };

  return (
    <SectionMenuLayout menu={assetsMenu} title={t('assetAccounts.menu.leverageToLoan')}>
      <Tabs
        label={t('assetAccounts.menu.leverageToLoan')}
        value={tab}
        onValueChange={(key) => {
          setTab(key as Tab);
          setPage(1);
        }}
        items={[
          { key: 'open', name: t('margin.loans.open') },
          { key: 'history', name: t('margin.loans.history') },
        ]}
      />
      <div className={sectionClasses.filters}>
        <MarginPairPicker
          value={symbol}
          onChange={(next) => {
            setParams(next ? { symbol: next } : {}, { replace: true });
            setPage(1);
          }}
        />
      </div>
      <PagedTable
        label={t(tab === 'open' ? 'margin.loans.open' : 'margin.loans.history')}
        columns={[
          { key: 'time', title: t('margin.loans.time'), width: '15%' },
          { key: 'pair', title: t('margin.pair') },
          { key: 'coin', title: t('margin.coin') },
          { key: 'borrowed', title: t('margin.loans.borrowed'), align: 'right' },
          { key: 'owePrincipal', title: t('margin.loans.owePrincipal'), align: 'right' },
          { key: 'oweInterest', title: t('margin.loans.oweInterest'), align: 'right' },
          ...(tab === 'history'
            ? [{ key: 'interestPaid', title: t('margin.loans.interestPaid'), align: 'right' as const }]
            : []),
          { key: 'rate', title: t('margin.borrow.dailyRate'), align: 'right' },
          { key: 'status', title: t('margin.loans.status'), align: 'right' },
          { key: 'action', title: t('orderCenter.column.action'), align: 'right', width: '11em' },
        ]}
        rows={rows}
        loading={loans.isPending}
        noDataText={t('margin.loans.none')}
        loadSubTable={loadRepayments}
        page={page}
        count={cappedCount(loans.data?.count ?? 0, PAGE_SIZE)}
        pageSize={PAGE_SIZE}
        onPageChange={setPage}
      />
      {actions.dialog}
    </SectionMenuLayout>
  );
}

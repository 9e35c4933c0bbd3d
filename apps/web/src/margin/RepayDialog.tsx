import { leverBorrowNew, leverFinanceReturn } from '@opex/contract/calls/lever';
import { formatDateTime } from '@opex/contract/display';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { refreshMargin, useMarginPair } from '../api/margin.ts';
import { useCallMutation, useCallQuery } from '../api/query.ts';
import { AmountInput } from '../ui/amount-input/AmountInput.tsx';
import { Button } from '../ui/button/Button.tsx';
import { ActionDialog } from '../ui/dialog/ActionDialog.tsx';
import { Select } from '../ui/select/Select.tsx';
import styles from './margin.module.css';
import { amountProblem, marginAmount, marginCoins, repayAllAmount } from './margin-account.ts';

/** Open loans a pair can have at once, read in one page. */
const LOANS_READ = 100;

/**
 * Repays one open loan of the pair (lever/finance/return, by the loan's id from lever/borrow/new) from the margin
 * account's available balance: interest first, then principal. The amount is at most what is available and what the
 * loan owes; "repay all" fills the loan's whole debt (principal and interest) exactly.
 */
export function RepayDialog({ symbol, loanId, onClose }: { symbol: string; loanId?: number; onClose: () => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const pair = useMarginPair(symbol).data;
  const loans = useCallQuery(leverBorrowNew, { symbol, page: 1, pageSize: LOANS_READ }).data?.financeList ?? [];
  const [chosenId, setChosenId] = useState(loanId);
  const [amount, setAmount] = useState('');
  const [touched, setTouched] = useState(false);
  const repay = useCallMutation(leverFinanceReturn);

  const loan = loans.find((l) => l.id === chosenId) ?? loans[0];
  const coin = pair && loan ? marginCoins(pair).find((c) => c.coin === loan.coin) : undefined;
  const owed = loan ? repayAllAmount(loan) : undefined;
  const precisionOf = (name: string) => (pair ? marginCoins(pair).find((c) => c.coin === name)?.precision : undefined);
  const problem = amountProblem(amount, { owed, available: coin?.available });
  const shown = (value: string | undefined) => (coin ? marginAmount(value, coin.precision, coin.coin) : '--');

  const submit = async () => {
    setTouched(true);
    if (problem || !loan) return null;
    await repay.mutateAsync({ id: loan.id, amount });
    await refreshMargin(client);
    return t('margin.repay.done', { amount, coin: loan.coin });
  };

  return (
    <ActionDialog
      title={t('margin.repay.title', { pair: pair?.name ?? '' })}
      confirmLabel={t('margin.repay.confirm')}
      pending={repay.isPending}
      disabled={!loan}
      onConfirm={submit}
      onClose={onClose}
    >
      {loans.length === 0 ? (
        <p>{t('margin.repay.none')}</p>
      ) : (
        <div className={styles.form}>
          <div className={styles.field}>
            <span className={styles.fieldLabel}>{t('margin.repay.loan')}</span>
            <Select
              label={t('margin.repay.loan')}
              options={loans.map((l) => ({
                code: String(l.id),
                value: `${l.coin} ${marginAmount(l.borrowMoney, precisionOf(l.coin))} · ${formatDateTime(l.ctime)}`,
              }))}
              value={loan ? String(loan.id) : ''}
              onChange={(o) => {
                setChosenId(Number(o.code));
                setAmount('');
              }}
            />
          </div>
          <dl className={styles.facts}>
            <dt>{t('margin.loans.owePrincipal')}</dt>
            <dd>{shown(loan?.oweAmount)}</dd>
            <dt>{t('margin.loans.oweInterest')}</dt>
            <dd>{shown(loan?.oweInterest)}</dd>
            <dt>{t('margin.repay.owed')}</dt>
            <dd data-testid="repay-owed">{shown(owed)}</dd>
            <dt>{t('margin.field.available')}</dt>
            <dd>{shown(coin?.available)}</dd>
          </dl>
          <p className={styles.availableLine}>
            <span />
            <Button variant="text" onClick={() => owed && setAmount(owed)} disabled={!owed}>
              {t('margin.repay.all')}
            </Button>
          </p>
          <AmountInput
            label={t('margin.amount')}
            value={amount}
            onChange={setAmount}
            precision={coin?.precision ?? 8}
            unit={loan?.coin}
            error={touched && problem !== null}
            errorText={touched && problem ? t(`margin.problem.${problem}`, { coin: loan?.coin ?? '' }) : undefined}
          />
        </div>
      )}
    </ActionDialog>
  );
}

import { leverFinanceBorrow } from '@opex/contract/calls/lever';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { refreshMargin, useMarginPair } from '../api/margin.ts';
import { useCallMutation } from '../api/query.ts';
import { AmountInput } from '../ui/amount-input/AmountInput.tsx';
import { Button } from '../ui/button/Button.tsx';
import { ActionDialog } from '../ui/dialog/ActionDialog.tsx';
import { Select } from '../ui/select/Select.tsx';
import styles from './margin.module.css';
import {
  amountProblem,
  type CoinSide,
  dailyRateText,
  marginAmount,
  marginCoin,
  marginCoins,
} from './margin-account.ts';

/**
 * Borrows one of the pair's coins into its margin account (lever/finance/borrow): the coin, an amount in
 * [MinBorrow, CanBorrow] at the coin's decimals, with the daily interest rate and what is already owed shown.
 */
export function BorrowDialog({
  symbol,
  side: startSide = 'quote',
  onClose,
}: {
  symbol: string;
  side?: CoinSide;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [side, setSide] = useState<CoinSide>(startSide);
  const [amount, setAmount] = useState('');
  const [touched, setTouched] = useState(false);
  const pair = useMarginPair(symbol).data;
  const borrow = useCallMutation(leverFinanceBorrow);
  const coin = pair ? marginCoin(pair, side) : undefined;
  const problem = amountProblem(amount, { min: coin?.minBorrow, max: coin?.canBorrow });
  const shown = (value: string | undefined) => (coin ? marginAmount(value, coin.precision, coin.coin) : '--');

  const submit = async () => {
    setTouched(true);
    if (problem || !coin) return null;
    await borrow.mutateAsync({ symbol, coin: coin.coin, amount });
    await refreshMargin(client);
    return t('margin.borrow.done', { amount, coin: coin.coin });
  };

  return (
    <ActionDialog
      title={t('margin.borrow.title', { pair: pair?.name ?? '' })}
      confirmLabel={t('margin.borrow.confirm')}
      pending={borrow.isPending}
      disabled={!coin}
      onConfirm={submit}
      onClose={onClose}
    >
      <div className={styles.form}>
        <div className={styles.field}>
          <span className={styles.fieldLabel}>{t('margin.coin')}</span>
          <Select
            label={t('margin.coin')}
            options={pair ? marginCoins(pair).map((c) => ({ code: c.side, value: c.coin })) : []}
            value={side}
            onChange={(o) => {
              setSide(o.code as CoinSide);
              setAmount('');
            }}
          />
        </div>
        <dl className={styles.facts}>
          <dt>{t('margin.field.canBorrow')}</dt>
          <dd data-testid="borrow-max">{shown(coin?.canBorrow)}</dd>
          <dt>{t('margin.borrow.min')}</dt>
          <dd>{shown(coin?.minBorrow)}</dd>
          <dt>{t('margin.borrow.dailyRate')}</dt>
          <dd>{coin ? dailyRateText(coin.interestRate) : '--'}</dd>
          <dt>{t('margin.field.totalBorrow')}</dt>
          <dd>{shown(coin?.totalBorrow)}</dd>
        </dl>
        <p className={styles.availableLine}>
          <span />
          <Button
            variant="text"
            onClick={() => coin && setAmount(coin.canBorrow)}
            disabled={!coin || !/[1-9]/.test(coin.canBorrow)}
          >
            {t('margin.max')}
          </Button>
        </p>
        <AmountInput
          label={t('margin.amount')}
          value={amount}
          onChange={setAmount}
          precision={coin?.precision ?? 8}
          unit={coin?.coin}
          error={touched && problem !== null}
          errorText={
            touched && problem
              ? t(`margin.problem.${problem}`, {
                  coin: coin?.coin ?? '',
                  min: shown(coin?.minBorrow),
                  max: shown(coin?.canBorrow),
                })
              : undefined
          }
        />
      </div>
    </ActionDialog>
  );
}

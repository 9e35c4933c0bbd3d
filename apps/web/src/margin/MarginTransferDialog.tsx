import { leverFinanceTransfer } from '@opex/contract/calls/lever';
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
  marginAmount,
  marginCoin,
  type TransferDirection,
  transferMax,
} from './margin-account.ts';

/**
 * Moves one of the pair's coins between the exchange account ("1") and the pair's margin account ("2")
 * (lever/finance/transfer): direction (with a swap), coin, amount at the coin's decimals, "max" from the exchange
 * account's available balance going in, CanTransfer coming out. The form refuses the obvious; the server decides.
 */
export function MarginTransferDialog({
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
  const [direction, setDirection] = useState<TransferDirection>('in');
  const [side, setSide] = useState<CoinSide>(startSide);
  const [amount, setAmount] = useState('');
  const [touched, setTouched] = useState(false);
  const pair = useMarginPair(symbol).data;
  const transfer = useCallMutation(leverFinanceTransfer);

  const coin = pair ? marginCoin(pair, side) : undefined;
  const max = coin ? transferMax(coin, direction) : undefined;
  const problem = amountProblem(amount, { max });
  const accounts = {
    exchange: t('margin.account.exchange'),
    margin: t('margin.account.margin', { pair: pair?.name ?? '' }),
  };
  const [from, to] = direction === 'in' ? [accounts.exchange, accounts.margin] : [accounts.margin, accounts.exchange];

  const submit = async () => {
    setTouched(true);
    if (problem || !coin) return null;
    await transfer.mutateAsync({
      fromAccount: direction === 'in' ? '1' : '2',
      toAccount: direction === 'in' ? '2' : '1',
      amount,
      coinSymbol: coin.coin,
      symbol,
    });
    await refreshMargin(client);
    return t('margin.transfer.done', { amount, coin: coin.coin, from, to });
  };

  return (
    <ActionDialog
      title={t('margin.transfer.title')}
      confirmLabel={t('margin.transfer.confirm')}
      pending={transfer.isPending}
      disabled={!coin}
      onConfirm={submit}
      onClose={onClose}
    >
      <div className={styles.form}>
        <div className={styles.route}>
          <div className={styles.field}>
            <span className={styles.fieldLabel}>{t('margin.transfer.from')}</span>
            <strong data-testid="transfer-from">{from}</strong>
          </div>
          <Button
            variant="ghost"
            aria-label={t('margin.transfer.swap')}
            title={t('margin.transfer.swap')}
            onClick={() => {
              setDirection(direction === 'in' ? 'out' : 'in');
              setAmount('');
            }}
          >
            ⇄
          </Button>
          <div className={styles.field}>
            <span className={styles.fieldLabel}>{t('margin.transfer.to')}</span>
            <strong data-testid="transfer-to">{to}</strong>
          </div>
        </div>
        <div className={styles.field}>
          <span className={styles.fieldLabel}>{t('margin.coin')}</span>
          <Select
            label={t('margin.coin')}
            options={
              pair
                ? [marginCoin(pair, 'base'), marginCoin(pair, 'quote')].map((c) => ({ code: c.side, value: c.coin }))
                : []
            }
            value={side}
            onChange={(o) => {
              setSide(o.code as CoinSide);
              setAmount('');
            }}
          />
        </div>
        <p className={styles.availableLine}>
          <span>
            {t(direction === 'in' ? 'margin.transfer.availableIn' : 'margin.transfer.availableOut')}{' '}
            <span className={styles.num} data-testid="transfer-max">
              {coin && max !== undefined ? marginAmount(max, coin.precision, coin.coin) : '--'}
            </span>
          </span>
          <Button variant="text" onClick={() => max && setAmount(max)} disabled={!max || max === '0'}>
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
          errorText={touched && problem ? t(`margin.problem.${problem}`, { coin: coin?.coin ?? '' }) : undefined}
        />
      </div>
    </ActionDialog>
  );
}

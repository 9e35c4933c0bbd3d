import { coTransfer } from '@opex/contract/calls/co-account';
import { accountBalanceV5 } from '@opex/contract/calls/finance';
import { useQueryClient } from '@tanstack/react-query';
import Big from 'big.js';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { refreshAfterCoTransfer, useAssetsList } from '../api/futures.ts';
import { useCallMutation, useCallQuery } from '../api/query.ts';
import { amountProblem } from '../margin/margin-account.ts';
import { AmountInput } from '../ui/amount-input/AmountInput.tsx';
import { Button } from '../ui/button/Button.tsx';
import { ActionDialog } from '../ui/dialog/ActionDialog.tsx';
import { Select } from '../ui/select/Select.tsx';
import { type Contract, isDecimal, optionalAmount } from './contracts.ts';
import styles from './futures.module.css';

type Direction = 'in' | 'out';

/** Whether the operator lets a margin coin move in (out): some contract it margins has fundsInStatus (fundsOutStatus). */
export function transferOpen(contracts: readonly Contract[], coin: string, direction: Direction): boolean {
  return contracts.some(
    (c) =>
      c.marginCoin === coin &&
      (direction === 'in' ? c.coinResultVo.fundsInStatus : c.coinResultVo.fundsOutStatus) === 1,
  );
}

/**
 * Moves a margin coin between the exchange account and the futures account (ex contract/co_transfer): direction
 * (with a swap), coin, amount at the coin's decimals, "max" from the exchange account's available balance going in
 * and the futures account's canUseAmount coming out. A direction the operator closed for the coin is refused here.
 */
export function CoTransferDialog({
  contracts,
  coins,
  coin: startCoin,
  onClose,
}: {
  contracts: readonly Contract[];
  /** The margin coins (public_info marginCoinList). */
  coins: readonly string[];
  coin?: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [direction, setDirection] = useState<Direction>('in');
  const [coin, setCoin] = useState(startCoin ?? coins[0] ?? '');
  const [amount, setAmount] = useState('');
  const [touched, setTouched] = useState(false);
  const transfer = useCallMutation(coTransfer);
  const exchange = useCallQuery(accountBalanceV5, { coinSymbols: coin }, { enabled: coin !== '' }).data;
  const futures = useAssetsList(true, true).data;
  const digits = contracts.find((c) => c.marginCoin === coin)?.coinResultVo.marginCoinPrecision ?? 4;
  const source =
    direction === 'in'
      ? exchange?.allCoinMap[coin]?.normal_balance
      : futures?.accountList.find((a) => a.symbol === coin)?.canUseAmount;
  const max = isDecimal(source) && new Big(source).gt(0) ? new Big(source).round(digits, Big.roundDown).toFixed() : '0';
  const open = transferOpen(contracts, coin, direction);
  const problem = amountProblem(amount, { available: max });
  const names = { exchange: t('futures.transfer.exchange'), futures: t('futures.transfer.futures') };
  const [from, to] = direction === 'in' ? [names.exchange, names.futures] : [names.futures, names.exchange];

  const submit = async () => {
    setTouched(true);
    if (problem || !open) return null;
    await transfer.mutateAsync({
      transferType: direction === 'in' ? 'wallet_to_contract' : 'contract_to_wallet',
      amount,
      coinSymbol: coin,
    });
    await refreshAfterCoTransfer(client);
    return t('futures.transfer.done', { amount, coin, from, to });
  };

  return (
    <ActionDialog
      title={t('futures.transfer.title')}
      confirmLabel={t('futures.transfer.confirm')}
      pending={transfer.isPending}
      disabled={!open || coin === ''}
      onConfirm={submit}
      onClose={onClose}
    >
      <div className={styles.dialogForm}>
        <div className={styles.route}>
          <div className={styles.field}>
            <span className={styles.fieldLabel}>{t('futures.transfer.from')}</span>
            <strong data-testid="co-transfer-from">{from}</strong>
          </div>
          <Button
            variant="ghost"
            aria-label={t('futures.transfer.swap')}
            title={t('futures.transfer.swap')}
            onClick={() => {
              setDirection(direction === 'in' ? 'out' : 'in');
              setAmount('');
            }}
          >
            ⇄
          </Button>
          <div className={styles.field}>
            <span className={styles.fieldLabel}>{t('futures.transfer.to')}</span>
            <strong data-testid="co-transfer-to">{to}</strong>
          </div>
        </div>
        <Select
          label={t('futures.transfer.coin')}
          options={coins.map((c) => ({ code: c, value: c }))}
          value={coin}
          onChange={(o) => {
            setCoin(o.code);
            setAmount('');
          }}
        />
        <p className={styles.line}>
          <span>
            {t('futures.transfer.available')}{' '}
            <span className={styles.num} data-testid="co-transfer-max">
              {optionalAmount(max, digits, coin) === '--' ? `0 ${coin}` : optionalAmount(max, digits, coin)}
            </span>
          </span>
          <Button variant="text" onClick={() => setAmount(max)} disabled={max === '0'}>
            {t('futures.max')}
          </Button>
        </p>
        <AmountInput
          label={t('futures.transfer.amount')}
          value={amount}
          onChange={setAmount}
          precision={digits}
          unit={coin}
          error={(touched && problem !== null) || !open}
          errorText={
            !open
              ? t(direction === 'in' ? 'futures.transfer.inClosed' : 'futures.transfer.outClosed', { coin })
              : touched && problem
                ? t(`margin.problem.${problem}`, { coin })
                : undefined
          }
        />
      </div>
    </ActionDialog>
  );
}

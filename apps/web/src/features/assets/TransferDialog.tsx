import type { AccountTypeName } from '@opex/contract/calls/finance-transfer';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { refreshAfterTransfer, useAccountBalance, useTransfer } from '../../api/assets.ts';
import { AmountInput } from '../../ui/amount-input/AmountInput.tsx';
import { Button } from '../../ui/button/Button.tsx';
import { ActionDialog } from '../../ui/dialog/ActionDialog.tsx';
import { Select } from '../../ui/select/Select.tsx';
import styles from './assets.module.css';
import { amountText } from './balance-view.ts';
import { counterpart, transferProblem } from './transfer-form.ts';

export interface TransferStart {
  from: AccountTypeName;
  to?: AccountTypeName;
  coin?: string;
}

/**
 * Moves a coin between two of the user's account types: from, to (with a swap), coin, amount with "max" from the
 * source account's available balance. The form refuses the obvious; the server decides.
 */
export function TransferDialog({
  start,
  offered,
  onClose,
}: {
  start: TransferStart;
  offered: readonly AccountTypeName[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [from, setFrom] = useState(start.from);
  const [to, setTo] = useState(start.to ?? counterpart(start.from, offered));
  const [coin, setCoin] = useState(start.coin ?? '');
  const [amount, setAmount] = useState('');
  const [touched, setTouched] = useState(false);
  const source = useAccountBalance(from);
  const transfer = useTransfer();

  const coins = Object.values(source.data?.allCoinMap ?? {});
  const chosen = source.data?.allCoinMap[coin] ?? coins[0];
  const coinName = chosen?.coinName ?? '';
  const available = chosen?.normal_balance;
  const digits = chosen?.showPrecision ?? 8;
  const problem = transferProblem({ from, to, amount, available });
  const accountOptions = offered.map((type) => ({ code: type, value: t(`assetAccounts.account.${type}`) }));

  const pickFrom = (next: AccountTypeName) => {
    setFrom(next);
    if (next === to) setTo(counterpart(next, offered));
  };
  const pickTo = (next: AccountTypeName) => {
    setTo(next);
    if (next === from) setFrom(counterpart(next, offered));
  };

  const submit = async () => {
    setTouched(true);
    if (problem || !coinName) return null;
    const done = await transfer.mutateAsync({ fromAccount: from, toAccount: to, amount, coinSymbol: coinName });
    await refreshAfterTransfer(client);
    return t('assetAccounts.transferDone', {
      amount: done.amount,
      coin: done.coinSymbol,
      from: t(`assetAccounts.account.${done.fromAccount}`),
      to: t(`assetAccounts.account.${done.toAccount}`),
    });
  };

  return (
    <ActionDialog
      title={t('assetAccounts.transferTitle')}
      confirmLabel={t('assetAccounts.confirmTransfer')}
      pending={transfer.isPending}
      disabled={!coinName}
      onConfirm={submit}
      onClose={onClose}
    >
      <div className={styles.transferForm}>
        <div className={styles.route}>
          <div className={styles.field}>
            <span className={styles.fieldLabel}>{t('assetAccounts.from')}</span>
            <Select
              label={t('assetAccounts.from')}
              options={accountOptions}
              value={from}
              onChange={(o) => pickFrom(o.code as AccountTypeName)}
            />
          </div>
          <Button
            variant="ghost"
            className={styles.swap}
            aria-label={t('assetAccounts.swap')}
            title={t('assetAccounts.swap')}
            onClick={() => {
              setFrom(to);
              setTo(from);
            }}
          >
            <svg width="1em" height="1em" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
              <path
                d="M4 2v11m0 0-2.5-2.5M4 13l2.5-2.5M12 14V3m0 0-2.5 2.5M12 3l2.5 2.5"
                fill="none"
                stroke="currentColor"
                strokeWidth="1.5"
                strokeLinecap="round"
              />
            </svg>
          </Button>
          <div className={styles.field}>
            <span className={styles.fieldLabel}>{t('assetAccounts.to')}</span>
            <Select
              label={t('assetAccounts.to')}
              options={accountOptions}
              value={to}
              onChange={(o) => pickTo(o.code as AccountTypeName)}
            />
          </div>
        </div>
        <div className={styles.field}>
          <span className={styles.fieldLabel}>{t('assetAccounts.coin')}</span>
          <Select
            label={t('assetAccounts.coin')}
            options={coins.map((c) => ({ code: c.coinName, value: c.coinName }))}
            value={coinName}
            onChange={(o) => setCoin(o.code)}
            searchable
            searchLabel={t('assetAccounts.search')}
            noDataText={t('common.noData')}
          />
        </div>
        <p className={styles.availableLine}>
          <span>
            {t('assetAccounts.available')}{' '}
            <span className={styles.num} data-testid="transfer-available">
              {available === undefined ? '--' : `${amountText(available, digits)} ${coinName}`}
            </span>
          </span>
          <Button variant="text" onClick={() => available && setAmount(available)} disabled={!available}>
            {t('assetAccounts.max')}
          </Button>
        </p>
        <AmountInput
          label={t('assetAccounts.amount')}
          value={amount}
          onChange={setAmount}
          precision={digits}
          unit={coinName}
          error={touched && problem !== null}
          errorText={problem ? t(`assetAccounts.problem.${problem}`) : undefined}
        />
      </div>
    </ActionDialog>
  );
}

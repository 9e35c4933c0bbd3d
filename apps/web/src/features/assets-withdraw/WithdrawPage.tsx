import { withdrawConfirm } from '@opex/contract/calls/withdraw';
import { formatDateTime, groupThousands } from '@opex/contract/display';
import { useQueryClient } from '@tanstack/react-query';
import Big from 'big.js';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { invoke } from '../../api/call.ts';
import { usePublicInfo } from '../../api/common.ts';
import {
  refreshAfterWithdrawal,
  useAddressBook,
  useConfirmWithdrawal,
  useRequestWithdrawal,
  useWithdrawCost,
} from '../../api/withdraw.ts';
import { errorText } from '../../i18n/error-text.ts';
import { assetsMenu } from '../../section-menus/assets-menu.ts';
import { SectionMenuLayout } from '../../section-menus/SectionMenuLayout.tsx';
import { AmountInput } from '../../ui/amount-input/AmountInput.tsx';
import { Button } from '../../ui/button/Button.tsx';
import blocks from '../../ui/page-blocks/page-blocks.module.css';
import { useToast } from '../../ui/toast/ToastProvider.tsx';
import { AddressField } from './AddressField.tsx';
import { CoinChainPicker, useWithdrawCoins } from './CoinChainPicker.tsx';
import { type DialogStep, WithdrawDialog } from './WithdrawDialog.tsx';
import { WithdrawRecords } from './WithdrawRecords.tsx';
import styles from './withdraw.module.css';
import { withdrawSums } from './withdraw-form.ts';

/**
 * /assets/withdraw: coin, network, address (from the book or typed, checked live by the chain's checksum), amount
 * with the fee on top and exact sums, the limits that apply; then the second factor and the e-mailed confirmation.
 * The e-mail's link lands here with ?withdrawId=&token= and confirms by itself.
 */
export default function WithdrawPage() {
  const { t } = useTranslation();
  const toast = useToast();
  const client = useQueryClient();
  const info = usePublicInfo();
  const [params, setParams] = useSearchParams();
  const coins = useWithdrawCoins();
  const coin = params.get('symbol')?.toUpperCase() || coins[0] || '';
  const cost = useWithdrawCost(coin);
  const chains = cost.data?.chains ?? [];
  const [chosenChain, setChosenChain] = useState('');
  const chain = chains.find((c) => c.chain === chosenChain) ?? chains[0];
  const book = useAddressBook(coin);
  const [address, setAddress] = useState('');
  const [addressValid, setAddressValid] = useState(false);
  const [amount, setAmount] = useState('');
  const [touched, setTouched] = useState(false);
  const [dialog, setDialog] = useState<DialogStep | null>(null);
  const request = useRequestWithdrawal();
  const confirm = useConfirmWithdrawal();

  useConfirmFromLink(params, setParams);

  const scale = cost.data?.scale ?? 8;
  const sums = withdrawSums(amount, {
    available: cost.data?.available ?? '0',
    fee: chain?.fee ?? '0',
    minAmount: chain?.minAmount ?? '0',
    dailyLimit: chain?.dailyLimit ?? '0',
    usedToday: cost.data?.usedToday ?? '0',
    scale,
  });
  const holdUntil = cost.data?.holdUntil ?? 0;
  const paused = cost.data?.withdrawOpen === 0;
  const blocked = paused || holdUntil > 0 || !chain;
  const coinName = (symbol: string) => info.market.coinList[symbol]?.name ?? symbol;

  const selectCoin = (symbol: string) => {
    setParams({ symbol });
    setChosenChain('');
    setAddress('');
    setAmount('');
    setTouched(false);
  };

  const start = () => {
    setTouched(true);
    if (blocked || !addressValid || sums.problem) return;
    setDialog({ step: 'factor' });
  };

  const amountError = touched && sums.problem !== null;
  const fields = [
    [t('withdraw.available'), `${groupThousands(cost.data?.available ?? '0')} ${coin}`],
    [t('withdraw.fee'), `${groupThousands(chain?.fee ?? '0')} ${coin}`],
    [t('withdraw.total'), `${groupThousands(sums.total)} ${coin}`],
    [t('withdraw.minimum'), `${groupThousands(chain?.minAmount ?? '0')} ${coin}`],
    [t('withdraw.dailyLimit'), `${groupThousands(chain?.dailyLimit ?? '0')} ${coin}`],
    [t('withdraw.leftToday'), `${groupThousands(sums.leftToday)} ${coin}`],
  ] as const;

  return (
    <SectionMenuLayout
      menu={assetsMenu}
      title={t('withdraw.title')}
      actions={
        <Link className={styles.headLink} to="/assets/addressMent">
          {t('withdraw.manage')}
        </Link>
      }
    >
      {holdUntil > 0 && (
        <p className={blocks.banner} role="status">
          {t('withdraw.held', { time: formatDateTime(holdUntil) })}
        </p>
      )}
      {paused && (
        <p className={blocks.banner} role="status">
          {t('withdraw.paused', { coin })}
        </p>
      )}
      <div className={`${blocks.columns} ${styles.columns}`}>
        <form
          className={`${blocks.panel} ${styles.column}`}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            start();
          }}
        >
          <CoinChainPicker
            coin={coin}
            onCoinChange={selectCoin}
            chains={chains.map((c) => c.chain)}
            chain={chain?.chain}
            onChainChange={(key) => {
              setChosenChain(key);
              setAddress('');
            }}
          />
          {cost.isSuccess && chains.length === 0 && <p className={blocks.error}>{t('withdraw.noChain', { coin })}</p>}
          {chain && (
            <AddressField
              coin={coin}
              chain={chain.chain}
              book={(book.data?.addressList ?? []).filter((entry) => entry.chain === chain.chain)}
              value={address}
              onChange={setAddress}
              onValidChange={setAddressValid}
              touched={touched}
            />
          )}
          <AmountInput
            label={t('withdraw.amount')}
            value={amount}
            onChange={setAmount}
            precision={scale}
            unit={coin}
            error={amountError}
            errorText={
              sums.problem ? t(`withdraw.problem.${sums.problem}`, { min: chain?.minAmount ?? '0', scale }) : undefined
            }
          />
          <div className={styles.maxRow}>
            <button type="button" className={styles.textButton} onClick={() => setAmount(sums.max)}>
              {t('withdraw.max')}
            </button>
          </div>
          <dl className={blocks.summary}>
            {fields.map(([name, value]) => (
              <div key={name} className={blocks.summaryRow}>
                <dt>{name}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
          {chain && new Big(chain.reviewThreshold).gt(0) && (
            <p className={blocks.hint}>{t('withdraw.reviewHint', { threshold: chain.reviewThreshold, coin })}</p>
          )}
          {cost.data?.verified === 0 && (
            <p className={`${blocks.hint} ${styles.hintLinks}`}>
              {t('withdraw.verifiedHint')} <Link to="/personal/idAuth">{t('withdraw.verifyLink')}</Link>
            </p>
          )}
          <Button type="submit" block disabled={blocked}>
            {t('withdraw.submit')}
          </Button>
        </form>
        <aside className={blocks.notes} aria-label={t('withdraw.notesTitle')}>
          <h2 className={blocks.sectionTitle}>{t('withdraw.notesTitle')}</h2>
          <ul>
            <li>{t('withdraw.note1', { coin: coinName(coin) })}</li>
            <li>{t('withdraw.note2')}</li>
            <li>{t('withdraw.note3')}</li>
          </ul>
        </aside>
      </div>
      <WithdrawRecords coin={coin} onConfirm={(record) => setDialog({ step: 'confirm', record })} />
      <WithdrawDialog
        key={dialog?.step === 'confirm' ? `confirm-${dialog.record.id}` : 'factor'}
        step={dialog}
        onClose={() => setDialog(null)}
        factor={cost.data?.secondFactor ?? 'email'}
        summary={
          <p className={blocks.hint}>
            {t('withdraw.factor.summary', { amount, coin, total: sums.total, address, chain: chain?.chain ?? '' })}
          </p>
        }
        onRequest={async (factorFields) => {
          try {
            return await request.mutateAsync({
              symbol: coin,
              chain: chain?.chain ?? '',
              address,
              amount,
              ...factorFields,
            });
          } finally {
            void refreshAfterWithdrawal(client);
          }
        }}
        onConfirm={async (id, code) => {
          await confirm.mutateAsync({ id, code });
          toast.success(t('withdraw.confirm.done'));
          setAmount('');
          setTouched(false);
          await refreshAfterWithdrawal(client);
        }}
      />
    </SectionMenuLayout>
  );
}

/** The e-mailed link carries the withdrawal and a token: confirm once, say how it went, and clean the address bar. */
function useConfirmFromLink(params: URLSearchParams, setParams: (next: URLSearchParams) => void) {
  const { t } = useTranslation();
  const toast = useToast();
  const client = useQueryClient();
  const done = useRef(false);
  const id = params.get('withdrawId');
  const token = params.get('token');
  useEffect(() => {
    if (done.current || !id || !token) return;
    done.current = true;
    const next = new URLSearchParams(params);
    next.delete('withdrawId');
    next.delete('token');
    invoke(withdrawConfirm, { id: Number(id), token })
      .then(() => toast.success(t('withdraw.confirm.done')))
      .catch((failure) => toast.error(errorText(t, failure)))
      .finally(() => {
        setParams(next);
        void refreshAfterWithdrawal(client);
      });
  }, [id, token, params, setParams, toast, t, client]);
}

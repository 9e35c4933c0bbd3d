import { formatDateTime } from '@opex/contract/display';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  refreshAddressBook,
  useAddAddress,
  useAddressBook,
  useDeleteAddress,
  useWithdrawCost,
} from '../../api/withdraw.ts';
import { errorText } from '../../i18n/error-text.ts';
import { assetsMenu } from '../../section-menus/assets-menu.ts';
import { SectionMenuLayout } from '../../section-menus/SectionMenuLayout.tsx';
import { Button } from '../../ui/button/Button.tsx';
import { DataTable } from '../../ui/data-table/DataTable.tsx';
import type { TableColumn } from '../../ui/data-table/table-types.ts';
import blocks from '../../ui/page-blocks/page-blocks.module.css';
import { TextInput } from '../../ui/text-input/TextInput.tsx';
import { useToast } from '../../ui/toast/ToastProvider.tsx';
import { AddressField } from './AddressField.tsx';
import { CoinChainPicker, useWithdrawCoins } from './CoinChainPicker.tsx';
import styles from './withdraw.module.css';

/** /assets/addressMent: the withdrawal address book. Addresses are checked by their chain's checksum when added. */
export default function AddressBookPage() {
  const { t } = useTranslation();
  const toast = useToast();
  const client = useQueryClient();
  const coins = useWithdrawCoins();
  const [coin, setCoin] = useState(coins[0] ?? '');
  const chains = useWithdrawCost(coin).data?.chains ?? [];
  const [chosenChain, setChosenChain] = useState('');
  const chain = chains.find((c) => c.chain === chosenChain) ?? chains[0];
  const [address, setAddress] = useState('');
  const [valid, setValid] = useState(false);
  const [label, setLabel] = useState('');
  const [touched, setTouched] = useState(false);
  const book = useAddressBook();
  const add = useAddAddress();
  const remove = useDeleteAddress();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!chain || !valid || label.trim() === '') return;
    add.mutate(
      { coinSymbol: coin, chain: chain.chain, address: address.trim(), label: label.trim() },
      {
        onSuccess: () => {
          toast.success(t('withdraw.book.added'));
          setAddress('');
          setLabel('');
          setTouched(false);
        },
        onError: (failure) => toast.error(errorText(t, failure)),
        onSettled: () => refreshAddressBook(client),
      },
    );
  };

  const columns: TableColumn[] = [
    { key: 'coin', title: t('withdraw.coin'), width: '10%' },
    { key: 'label', title: t('withdraw.book.label'), width: '18%' },
    { key: 'address', title: t('withdraw.address') },
    { key: 'time', title: t('withdraw.book.time'), width: '17%' },
    { key: 'action', title: t('withdraw.records.action'), align: 'right', width: '10%' },
  ];
  const rows = (book.data?.addressList ?? []).map((entry) => ({
    id: String(entry.id),
    cells: {
      coin: { type: 'text' as const, text: entry.coinSymbol },
      label: { type: 'text' as const, text: entry.label },
      address: {
        type: 'text' as const,
        text: (
          <span className={`${styles.addressLine} ${styles.bookAddress}`}>
            <span className={blocks.tag}>{entry.chain}</span>
            <span className={styles.mono} title={entry.address}>
              {entry.address}
            </span>
          </span>
        ),
      },
      time: { type: 'text' as const, text: formatDateTime(entry.ctime) },
      action: {
        type: 'button' as const,
        tone: 'sell' as const,
        text: t('withdraw.book.delete'),
        disabled: remove.isPending,
        onClick: () =>
          remove.mutate(
            { id: entry.id },
            {
              onSuccess: () => toast.success(t('withdraw.book.deleted')),
              onError: (failure) => toast.error(errorText(t, failure)),
              onSettled: () => refreshAddressBook(client),
            },
          ),
      },
    },
  }));

  return (
    <SectionMenuLayout
      menu={assetsMenu}
      title={t('withdraw.book.title')}
      actions={
        <Link className={styles.headLink} to={`/assets/withdraw?symbol=${coin}`}>
          {t('withdraw.title')}
        </Link>
      }
    >
      <form className={`${blocks.panel} ${styles.column} ${styles.bookForm}`} onSubmit={submit} noValidate>
        <CoinChainPicker
          coin={coin}
          onCoinChange={(next) => {
            setCoin(next);
            setChosenChain('');
            setAddress('');
          }}
          chains={chains.map((c) => c.chain)}
          chain={chain?.chain}
          onChainChange={(key) => {
            setChosenChain(key);
            setAddress('');
          }}
        />
        {chain ? (
          <>
            <AddressField
              coin={coin}
              chain={chain.chain}
              book={[]}
              value={address}
              onChange={setAddress}
              onValidChange={setValid}
              touched={touched}
            />
            <TextInput
              label={t('withdraw.book.label')}
              placeholder={t('withdraw.book.labelPlaceholder')}
              value={label}
              onChange={setLabel}
              maxLength={40}
              error={touched && label.trim() === ''}
              errorText={t('validation.required')}
            />
            <Button type="submit" loading={add.isPending}>
              {t('withdraw.book.add')}
            </Button>
          </>
        ) : (
          <p className={blocks.hint}>{t('withdraw.noChain', { coin })}</p>
        )}
      </form>
      <section className={blocks.section} aria-label={t('withdraw.book.title')}>
        <DataTable
          columns={columns}
          rows={rows}
          noDataText={t('withdraw.book.empty')}
          loading={book.isLoading}
          loadingText={t('common.loading')}
          stackOnNarrow
        />
      </section>
    </SectionMenuLayout>
  );
}

import type { AccountTypeName } from '@opex/contract/calls/finance-transfer';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { useAccountBalance } from '../../api/assets.ts';
import { switchOn, usePublicInfo } from '../../api/common.ts';
import { useRates } from '../../api/rate.ts';
import { assetsMenu } from '../../section-menus/assets-menu.ts';
import { SectionMenuLayout } from '../../section-menus/SectionMenuLayout.tsx';
import { Button } from '../../ui/button/Button.tsx';
import { DataTable } from '../../ui/data-table/DataTable.tsx';
import type { TableCell, TableColumn } from '../../ui/data-table/table-types.ts';
import { SearchInput } from '../../ui/search-input/SearchInput.tsx';
import { sectionClasses } from '../../ui/section-layout/SectionLayout.tsx';
import { Switch } from '../../ui/switch/Switch.tsx';
import { AccountTransfers } from './AccountTransfers.tsx';
import { accountOfPath, historyPageOf } from './account-routes.ts';
import styles from './assets.module.css';
import { amountText, type CoinBalance, fiatAmount, fiatTotal, visibleBalances } from './balance-view.ts';
import { TransferDialog, type TransferStart } from './TransferDialog.tsx';
import { offeredAccounts } from './transfer-form.ts';

const TRANSFER_SWITCH = 'is_inner_transfer_open';

/**
 * /assets/exchangeAccount, otcAccount, coAccount, b2cAccount: one account type's balances with
 * their BTC value and the estimate in the reader's fiat; search, hide small balances; transfers when the operator
 * allows them; deposit and withdraw links from the exchange account.
 */
export default function AccountPage() {
  const { t, i18n } = useTranslation();
  const info = usePublicInfo();
  const navigate = useNavigate();
  const account = accountOfPath(useLocation().pathname);
  const balances = useAccountBalance(account);
  const rates = useRates();
  const [search, setSearch] = useState('');
  const [hideSmall, setHideSmall] = useState(false);
  const [transfer, setTransfer] = useState<TransferStart | null>(null);
  const offered = offeredAccounts((name) => switchOn(info.switch, name));
  const canTransfer = switchOn(info.switch, TRANSFER_SWITCH) && offered.length > 1;
  const canDeposit = switchOn(info.switch, 'is_deposit_open');
  const isExchange = account === 'exchange';
  const coinList = info.market.coinList;
  const rate = rates[i18n.language];

  const rows = visibleBalances(Object.values(balances.data?.allCoinMap ?? {}), { search, hideSmall }).map((coin) => ({
    id: coin.coinName,
    cells: cellsOf(coin),
  }));

  function cellsOf(coin: CoinBalance): Record<string, TableCell | TableCell[]> {
    const digits = coin.showPrecision;
    const icon = coinList[coin.coinName]?.icon;
    const actions: TableCell[] = [];
    if (isExchange && canDeposit && coin.depositOpen === 1)
      actions.push({
        type: 'button',
        text: t('assetAccounts.deposit'),
        onClick: () => navigate(`/assets/recharge?symbol=${coin.coinName}`),
      });
    if (isExchange && coin.withdrawOpen === 1)
      actions.push({
        type: 'button',
        text: t('assetAccounts.withdraw'),
        onClick: () => navigate(`/assets/withdraw?symbol=${coin.coinName}`),
      });
    if (canTransfer)
      actions.push({
        type: 'button',
        text: t('assetAccounts.transfer'),
        onClick: () => setTransfer({ from: account, coin: coin.coinName }),
      });
    return {
      coin: {
        type: 'text',
        text: (
          <span className={styles.coin}>
            {icon ? (
              <img src={icon} alt="" className={styles.coinIcon} />
            ) : (
              <span className={styles.coinIcon} aria-hidden="true">
                {coin.coinName.slice(0, 1)}
              </span>
            )}
            {coin.coinName}
          </span>
        ),
      },
      available: { type: 'text', text: amountText(coin.normal_balance, digits) },
      locked: { type: 'text', text: amountText(coin.lock_balance, digits) },
      total: { type: 'text', text: amountText(coin.total_balance, digits) },
      btc: { type: 'text', text: amountText(coin.allBtcValuatin, 8) },
      fiat: { type: 'text', text: fiatAmount(coin.coinName, coin.total_balance, rate) || '--' },
      actions: actions.length ? actions : { type: 'text', text: '' },
    };
  }

  const columns: TableColumn[] = [
    { key: 'coin', title: t('assetAccounts.column.coin'), width: '14%' },
    { key: 'available', title: t('assetAccounts.column.available'), align: 'right' },
    ...(isExchange ? [{ key: 'locked', title: t('assetAccounts.column.locked'), align: 'right' as const }] : []),
    { key: 'total', title: t('assetAccounts.column.total'), align: 'right' },
    { key: 'btc', title: t('assetAccounts.column.btcValue'), align: 'right' },
    { key: 'fiat', title: t('assetAccounts.column.fiatValue', { logo: rate?.lang_logo ?? '' }), align: 'right' },
    { key: 'actions', title: t('assetAccounts.column.actions'), align: 'right', width: '22%' },
  ];

  const total = balances.data?.totalBalance ?? '0';

  return (
    <SectionMenuLayout
      menu={assetsMenu}
      title={t(`assetAccounts.menu.${pageOfAccount(account)}`)}
      actions={
        <>
          {isExchange && (
            <>
              {canDeposit && (
                <Link to="/assets/recharge" className={sectionClasses.actionLink}>
                  {t('assetAccounts.deposit')}
                </Link>
              )}
              <Link to="/assets/withdraw" className={sectionClasses.actionLink}>
                {t('assetAccounts.withdraw')}
              </Link>
            </>
          )}
          {canTransfer && (
            <Button variant="ghost" onClick={() => setTransfer({ from: account })}>
              {t('assetAccounts.transfer')}
            </Button>
          )}
          <Link to={`/assets/${historyPageOf(account)}`} className={sectionClasses.actionLink}>
            {t('assetAccounts.history')}
          </Link>
        </>
      }
    >
      <section className={styles.summary} aria-label={t('assetAccounts.estimated')}>
        <span className={styles.summaryLabel}>{t('assetAccounts.estimated')}</span>
        <span className={styles.summaryValue}>
          <span className={styles.num} data-testid="total-btc">
            {amountText(total, 8)}
          </span>{' '}
          BTC
        </span>
        <span className={styles.summaryFiat}>{fiatTotal(Object.values(balances.data?.allCoinMap ?? {}), rate)}</span>
      </section>
      <div className={styles.toolbar}>
        <div className={styles.search}>
          <SearchInput
            label={t('assetAccounts.search')}
            placeholder={t('assetAccounts.search')}
            value={search}
            onChange={setSearch}
          />
        </div>
        <div className={styles.toggle}>
          <Switch checked={hideSmall} onCheckedChange={setHideSmall} label={t('assetAccounts.hideSmall')} />
        </div>
      </div>
      <DataTable
        label={t(`assetAccounts.menu.${pageOfAccount(account)}`)}
        columns={columns}
        rows={rows}
        loading={balances.isPending}
        noDataText={t('assetAccounts.noBalances')}
        loadingText={t('common.loading')}
        stackOnNarrow
        lines={30}
      />
      {canTransfer && <AccountTransfers account={account} />}
      {transfer && <TransferDialog start={transfer} offered={offered} onClose={() => setTransfer(null)} />}
    </SectionMenuLayout>
  );
}

/** The account page's menu entry, e.g. otcAccount. */
function pageOfAccount(account: AccountTypeName): string {
  return `${account}Account`;
}

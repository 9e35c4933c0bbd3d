import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useDepositCoins } from '../../api/deposit.ts';
import { errorText } from '../../i18n/error-text.ts';
import { assetsMenu } from '../../section-menus/assets-menu.ts';
import { SectionMenuLayout } from '../../section-menus/SectionMenuLayout.tsx';
import blocks from '../../ui/page-blocks/page-blocks.module.css';
import { Select } from '../../ui/select/Select.tsx';
import { Tabs } from '../../ui/tabs/Tabs.tsx';
import { DepositAddressCard } from './DepositAddressCard.tsx';
import { DepositRecords } from './DepositRecords.tsx';
import styles from './deposit.module.css';

/**
 * /assets/recharge: choose a coin (?symbol=) and its chain; the trader's address with its QR code, the memo where
 * the chain needs one, the minimum and the confirmations; then the deposits with their state and confirmations.
 */
export default function DepositPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const coins = useDepositCoins();
  const list = coins.data?.coins ?? [];
  const wanted = params.get('symbol')?.toUpperCase();
  const coin = list.find((c) => c.symbol === wanted) ?? list[0];
  const [chosenChain, setChosenChain] = useState('');
  const chain = coin?.chains.find((c) => c.chain === chosenChain) ?? coin?.chains[0];

  return (
    <SectionMenuLayout
      menu={assetsMenu}
      title={t('deposit.title')}
      actions={
        <Link className={styles.headLink} to="/assets/flowingWater">
          {t('deposit.history')}
        </Link>
      }
    >
      {coins.isError && (
        <p className={blocks.error} role="alert">
          {errorText(t, coins.error)}
        </p>
      )}
      {coins.isSuccess && list.length === 0 && <p className={blocks.banner}>{t('deposit.noCoins')}</p>}
      <div className={`${blocks.columns} ${styles.columns}`}>
        <div className={`${blocks.panel} ${styles.column}`}>
          <div className={blocks.field}>
            <span className={blocks.hint}>{t('deposit.coin')}</span>
            <Select
              label={t('deposit.coin')}
              options={list.map((c) => ({ code: c.symbol, value: c.symbol, label: c.name, img: c.icon || undefined }))}
              value={coin?.symbol}
              onChange={(option) => {
                setParams({ symbol: option.code });
                setChosenChain('');
              }}
              searchable
              searchLabel={t('deposit.coin')}
              noDataText={t('common.noData')}
            />
          </div>
          {coin && chain && (
            <div className={blocks.field}>
              <span className={blocks.hint}>{t('deposit.chain')}</span>
              <Tabs
                items={coin.chains.map((c) => ({ key: c.chain, name: c.name }))}
                value={chain.chain}
                onValueChange={setChosenChain}
                label={t('deposit.chain')}
                variant="segmented"
              />
            </div>
          )}
          {coin && chain && <DepositAddressCard coin={coin} chain={chain} />}
        </div>
        <aside className={blocks.notes} aria-label={t('deposit.notesTitle')}>
          <h2 className={blocks.sectionTitle}>{t('deposit.notesTitle')}</h2>
          <ul>
            <li>{t('deposit.note1', { coin: coin?.symbol ?? '', chain: chain?.name ?? '' })}</li>
            <li>{t('deposit.note2', { n: chain?.confirmations ?? 0 })}</li>
            <li>{t('deposit.note3', { min: chain?.minDeposit ?? '0', coin: coin?.symbol ?? '' })}</li>
          </ul>
        </aside>
      </div>
      <DepositRecords coin={coin?.symbol ?? ''} />
    </SectionMenuLayout>
  );
}

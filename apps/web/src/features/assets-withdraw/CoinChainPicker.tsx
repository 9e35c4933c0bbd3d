import { useTranslation } from 'react-i18next';
import { usePublicInfo } from '../../api/common.ts';
import blocks from '../../ui/page-blocks/page-blocks.module.css';
import { Select } from '../../ui/select/Select.tsx';
import { Tabs } from '../../ui/tabs/Tabs.tsx';

/** The coin (listed, not fiat, in the operator's order) and the network it is withdrawn on. */
export function useWithdrawCoins(): string[] {
  const info = usePublicInfo();
  return Object.entries(info.market.coinList)
    .filter(([, c]) => !c.isFiat)
    .sort(([, a], [, b]) => a.sort - b.sort)
    .map(([symbol]) => symbol);
}

export function CoinChainPicker({
  coin,
  onCoinChange,
  chains,
  chain,
  onChainChange,
}: {
  coin: string;
  onCoinChange: (coin: string) => void;
  chains: string[];
  chain: string | undefined;
  onChainChange: (chain: string) => void;
}) {
  const { t } = useTranslation();
  const { coinList } = usePublicInfo().market;
  return (
    <>
      <div className={blocks.field}>
        <span className={blocks.hint}>{t('withdraw.coin')}</span>
        <Select
          label={t('withdraw.coin')}
          options={useWithdrawCoins().map((symbol) => ({
            code: symbol,
            value: symbol,
            label: coinList[symbol]?.name,
            img: coinList[symbol]?.icon || undefined,
          }))}
          value={coin}
          onChange={(option) => onCoinChange(option.code)}
          searchable
          searchLabel={t('withdraw.coin')}
          noDataText={t('common.noData')}
        />
      </div>
      {chain !== undefined && (
        <div className={blocks.field}>
          <span className={blocks.hint}>{t('withdraw.chain')}</span>
          <Tabs
            items={chains.map((c) => ({ key: c, name: c }))}
            value={chain}
            onValueChange={onChainChange}
            label={t('withdraw.chain')}
            variant="segmented"
          />
        </div>
      )}
    </>
  );
}

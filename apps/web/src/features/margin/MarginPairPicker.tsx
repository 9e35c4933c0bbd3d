import { useTranslation } from 'react-i18next';
import { switchOn, usePublicInfo } from '../../api/common.ts';
import { financeSymbol } from '../../margin/margin-account.ts';
import { leverGroups } from '../../markets/lever-markets.ts';
import { Select } from '../../ui/select/Select.tsx';

/** The Select's code for "every pair" (a Select option needs a non-empty code). */
const ALL = 'all';

/** The pages' pair filter: every pair open for margin (value BTCUSDT), or all of them (''). */
export function MarginPairPicker({ value, onChange }: { value: string; onChange: (symbol: string) => void }) {
  const { t } = useTranslation();
  const info = usePublicInfo();
  const markets = Object.values(leverGroups(info.market.market, switchOn(info.switch, 'lever_open'))).flatMap((group) =>
    Object.values(group),
  );
  return (
    <Select
      label={t('margin.pair')}
      value={value || ALL}
      searchable
      searchLabel={t('orderCenter.searchMarket')}
      noDataText={t('common.noData')}
      options={[
        { code: ALL, value: t('margin.allPairs') },
        ...markets.map((m) => ({ code: financeSymbol(m.symbol), value: m.showName || m.name })),
      ]}
      onChange={(o) => onChange(o.code === ALL ? '' : o.code)}
    />
  );
}

import { accountBalanceV5 } from '@opex/contract/calls/finance';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { switchOn, usePublicInfo } from '../../api/common.ts';
import { spotOrderCalls } from '../../api/orders.ts';
import { invalidateCall, useCallQuery } from '../../api/query.ts';
import { useSession } from '../../api/user.ts';
import { type ChosenMarket, chooseMarket, marketPath } from '../../markets/market-symbol.ts';
import { readSelection, writeSelection } from '../../state/selection.ts';
import styles from '../../trading/trading.module.css';
import { MarketTrading } from './MarketTrading.tsx';
import { entryKinds } from './order-terms.ts';

/** /trade and /trade/:symbol: one spot market's prices, book, trades, charts, order entry and the trader's orders. */
export default function TradePage() {
  const { t } = useTranslation();
  const { symbol: segment } = useParams();
  const navigate = useNavigate();
  const info = usePublicInfo();
  const market = chooseMarket(info.market.market, segment, readSelection(localStorage), info.market.maket_index);

  useEffect(() => {
    if (!market) return;
    writeSelection(localStorage, { markTitle: market.title, sSymbolName: market.name });
    if (segment !== marketPath(market.name)) navigate(`/trade/${marketPath(market.name)}`, { replace: true });
  }, [market, segment, navigate]);

  if (!market) return <p className={styles.noMarket}>{t('trade.noMarket')}</p>;
  return <SpotTrading key={market.name} market={market} flash={switchOn(info.switch, 'trade_depth_is_flash')} />;
}

/** The market on the spot exchange account: its two coins' available balances. */
function SpotTrading({ market, flash }: { market: ChosenMarket; flash: boolean }) {
  const info = usePublicInfo();
  const { isLogin } = useSession();
  const queryClient = useQueryClient();
  const balances = useCallQuery(
    accountBalanceV5,
    { coinSymbols: `${market.base},${market.quote}` },
    { enabled: isLogin },
  );
  return (
    <MarketTrading
      market={market}
      flash={flash}
      groups={info.market.market}
      basePath="/trade"
      calls={spotOrderCalls}
      kinds={entryKinds}
      available={(coin) => balances.data?.allCoinMap[coin]?.normal_balance}
      onOrdersChanged={() => void invalidateCall(queryClient, accountBalanceV5)}
    />
  );
}

import { channels, type MarginRiskUpdate } from '@opex/contract/realtime';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { switchOn, usePublicInfo } from '../../api/common.ts';
import { refreshMargin, useMarginPair } from '../../api/margin.ts';
import { marginOrderCalls } from '../../api/orders.ts';
import { useSession } from '../../api/user.ts';
import { MarginPairCard } from '../../margin/MarginPairCard.tsx';
import { financeSymbol, liquidatedSince, marginCoins } from '../../margin/margin-account.ts';
import { useMarginActions } from '../../margin/margin-actions.tsx';
import { chooseLeverMarket, leverGroups } from '../../markets/lever-markets.ts';
import { type ChosenMarket, type MarketGroups, marketPath } from '../../markets/market-symbol.ts';
import type { NumberedUpdate } from '../../realtime/channel-values.ts';
import { useChannel } from '../../realtime/index.ts';
import { readSelection, writeSelection } from '../../state/selection.ts';
import styles from '../../trading/trading.module.css';
import { MarketTrading } from './MarketTrading.tsx';
import type { EntryKind } from './order-terms.ts';

/** Margin orders are limit or market (lever/order/create types 1 and 2). */
const marginKinds: readonly EntryKind[] = ['limit', 'market'];

/**
 * /margin and /margin/:symbol: the spot trade page on the pair's margin account, for the pairs open for margin
 * (is_open_lever, while lever_open is on); the pair is the path's, else the saved lever selection, else the first.
 */
export default function MarginPage() {
  const { t } = useTranslation();
  const { symbol: segment } = useParams();
  const navigate = useNavigate();
  const info = usePublicInfo();
  const groups = leverGroups(info.market.market, switchOn(info.switch, 'lever_open'));
  const market = chooseLeverMarket(groups, segment, readSelection(localStorage));

  useEffect(() => {
    if (!market) return;
    writeSelection(localStorage, { leverMarkTitle: market.title, leverSymbolName: market.name });
    if (segment !== marketPath(market.name)) navigate(`/margin/${marketPath(market.name)}`, { replace: true });
  }, [market, segment, navigate]);

  if (!market) return <p className={styles.noMarket}>{t('margin.noMarket')}</p>;
  return (
    <MarginTrading
      key={market.name}
      market={market}
      groups={groups}
      flash={switchOn(info.switch, 'trade_depth_is_flash')}
    />
  );
}

/** The market on its margin account: the account's balances feed the forms, its panel shows beside them. */
function MarginTrading({ market, groups, flash }: { market: ChosenMarket; groups: MarketGroups; flash: boolean }) {
  const { isLogin } = useSession();
  const queryClient = useQueryClient();
  const symbol = financeSymbol(market.entry.symbol);
  const pair = useMarginPair(symbol, isLogin).data;
  const coins = pair ? marginCoins(pair) : [];
  const actions = useMarginActions();
  return (
    <>
      <MarketTrading
        market={market}
        flash={flash}
        groups={groups}
        basePath="/margin"
        calls={marginOrderCalls}
        kinds={marginKinds}
        available={(coin) => coins.find((c) => c.coin === coin)?.available}
        onOrdersChanged={() => void refreshMargin(queryClient)}
        accountPanel={pair && <LivePairCard pair={pair} symbol={symbol} onAction={actions.open} />}
      />
      {actions.dialog}
    </>
  );
}

/** The pair's card, told by the private risk channel when the server has just liquidated the account. */
function LivePairCard({
  symbol,
  ...card
}: Omit<Parameters<typeof MarginPairCard>[0], 'liquidated'> & { symbol: string }) {
  const pushes = useChannel<NumberedUpdate<MarginRiskUpdate>[]>(channels.userMarginRisk) ?? [];
  return (
    <MarginPairCard
      {...card}
      liquidated={liquidatedSince(
        pushes.map((push) => push.update),
        symbol,
      )}
    />
  );
}

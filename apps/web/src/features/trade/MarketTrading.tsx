import { channels, type KlinePeriod, klinePeriods, type Ticker, type TradeTick } from '@opex/contract/realtime';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { switchOn, usePublicInfo } from '../../api/common.ts';
import type { OrderCalls } from '../../api/orders.ts';
import { invalidateCall } from '../../api/query.ts';
import { useSession } from '../../api/user.ts';
import type { ChosenMarket, MarketGroups } from '../../markets/market-symbol.ts';
import { useChannel, useRealtimeStatus } from '../../realtime/index.ts';
import { LiveKlineChart } from '../../trading/chart/LiveKlineChart.tsx';
import { LiveDepthChart } from '../../trading/depth-chart/LiveDepthChart.tsx';
import { LiveOrderBook } from '../../trading/order-book/LiveOrderBook.tsx';
import { OrderEntry } from '../../trading/order-form/OrderEntry.tsx';
import { LiveRecentTrades } from '../../trading/recent-trades/LiveRecentTrades.tsx';
import styles from '../../trading/trading.module.css';
import { usePhoneLayout } from '../../trading/use-phone-layout.ts';
import { UserOrders } from '../../trading/user-orders/UserOrders.tsx';
import { SegmentedTab, Tabs } from '../../ui/tabs/Tabs.tsx';
import { MarketHeader } from './MarketHeader.tsx';
import { MarketList } from './MarketList.tsx';
import { type OfferedPrice, OrderForm, rulesOf } from './OrderForm.tsx';
import type { Side } from './order-form.ts';
import type { EntryKind } from './order-terms.ts';
import { TradingRules } from './TradingRules.tsx';

export interface MarketTradingProps {
  market: ChosenMarket;
  /** Book levels flash as they change (trade_depth_is_flash). */
  flash: boolean;
  /** The markets the list offers (spot: all; margin: those open for margin) and the page its links open. */
  groups: MarketGroups;
  basePath: '/trade' | '/margin';
  /** The product's order calls: which account the forms and lists trade on. */
  calls: OrderCalls;
  kinds: readonly EntryKind[];
  /** The available balance of a coin in the traded account; undefined for visitors or while loading. */
  available: (coin: string) => string | undefined;
  /** After an order is placed or cancelled: what the product reads again beyond the order lists (its balances). */
  onOrdersChanged: () => void;
  /** The product's account panel (margin: the pair's margin account), above the market list. */
  accountPanel?: ReactNode;
}

/**
 * One market's prices, book, trades, charts, order entry and the trader's orders, on the account of a product (the
 * spot page's and the margin page's frame: each gives its markets, order calls, balances and account panel).
 */
export function MarketTrading({
  market,
  flash,
  groups,
  basePath,
  calls,
  kinds,
  available,
  onOrdersChanged,
  accountPanel,
}: MarketTradingProps) {
  const { t } = useTranslation();
  const info = usePublicInfo();
  const phone = usePhoneLayout();
  const { isLogin } = useSession();
  const queryClient = useQueryClient();
  const sym = market.entry.symbol;
  const steps = market.entry.depth
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const [step, setStep] = useState(0);
  const [period, setPeriod] = useState<KlinePeriod>('15min');
  const [kind, setKind] = useState<EntryKind>(kinds[0] ?? 'limit');
  const [phoneSide, setPhoneSide] = useState<Side>('BUY');
  const [phonePanel, setPhonePanel] = useState('chart');
  const [chartView, setChartView] = useState<'kline' | 'depth'>('kline');
  const [offeredPrice, setOfferedPrice] = useState<OfferedPrice>();
  const setPickedPrice = useCallback((price: string) => setOfferedPrice({ price }), []);
  const seedPrice = useCallback((price: string) => setOfferedPrice({ price, ifEmpty: true }), []);

  const klineChannel = channels.kline(sym, period);
  const showKline = phone ? phonePanel === 'chart' : chartView === 'kline';
  const refresh = () => {
    for (const call of [calls.open, calls.history]) void invalidateCall(queryClient, call);
    onOrdersChanged();
  };
  const { price: pp, volume: vp } = market.entry;

  // Live values are read by the panels that show them, so a depth frame redraws the book, not the whole page.
  const book = (
    <LiveOrderBook
      sym={sym}
      rows={phone ? 10 : 14}
      pricePrecision={pp}
      volumePrecision={vp}
      steps={steps}
      step={step}
      onStepChange={setStep}
      flash={flash}
      onPickPrice={setPickedPrice}
    />
  );
  const bigDealMin = market.entry.bigDealMin ?? '0';
  const large =
    switchOn(info.switch, 'is_open_bigDeal') && /^\d/.test(bigDealMin) && !/^0*(\.0*)?$/.test(bigDealMin)
      ? { min: bigDealMin, quote: market.quote }
      : undefined;
  const tradesPanel = <LiveRecentTrades sym={sym} pricePrecision={pp} volumePrecision={vp} large={large} />;
  const periodLabel = (p: KlinePeriod) => t(`trade.period.${p}`);
  const chart = (
    <div className={styles.chartArea}>
      {(showKline || !phone) && (
        <div className={styles.panelBar}>
          {showKline && (
            <Tabs
              label={t('trade.chart.periods')}
              value={period}
              onValueChange={(p) => setPeriod(p as KlinePeriod)}
              items={klinePeriods.map((p) => ({ key: p, name: periodLabel(p) }))}
            />
          )}
          {!phone && (
            <SegmentedTab
              label={t('trade.chart.view')}
              value={chartView}
              onValueChange={(v) => setChartView(v as 'kline' | 'depth')}
              items={[
                { key: 'kline', name: t('trade.chart.kline') },
                { key: 'depth', name: t('trade.chart.depth') },
              ]}
            />
          )}
        </div>
      )}
      {showKline ? (
        <LiveKlineChart
          channel={klineChannel}
          pricePrecision={pp}
          label={t('trade.chart.klineLabel', { market: market.name, period: periodLabel(period) })}
        />
      ) : (
        <LiveDepthChart sym={sym} pricePrecision={pp} volumePrecision={vp} />
      )}
    </div>
  );
  const list = <MarketList groups={groups} current={market} basePath={basePath} />;
  const form = (side: Side) => (
    <OrderForm
      key={side}
      market={market}
      side={side}
      kind={kind}
      available={available(side === 'BUY' ? market.quote : market.base)}
      isLogin={isLogin}
      offeredPrice={offeredPrice}
      calls={calls}
      onPlaced={refresh}
    />
  );
  const entry = (
    <OrderEntry
      kinds={kinds}
      kind={kind}
      onKindChange={setKind}
      rules={<TradingRules rules={rulesOf(market)} fees={market.entry} base={market.base} quote={market.quote} />}
      phone={phone}
      phoneSide={phoneSide}
      onPhoneSideChange={setPhoneSide}
      form={form}
    />
  );
  const orders = isLogin ? <UserOrders market={market} calls={calls} onChanged={refresh} /> : null;

  if (phone) {
    const panels = [
      { key: 'chart', name: t('trade.chart.kline'), content: chart },
      { key: 'depth', name: t('trade.chart.depth'), content: chart },
      { key: 'book', name: t('trade.book.title'), content: book },
      { key: 'trades', name: t('trade.trades.title'), content: tradesPanel },
      { key: 'markets', name: t('trade.markets.label'), content: list },
    ];
    return (
      <div className={styles.phone}>
        <SeedLastPrice sym={sym} onPrice={seedPrice} />
        <LiveHeader market={market} />
        <div className={styles.phonePanels}>
          <Tabs label={t('trade.panels')} value={phonePanel} onValueChange={setPhonePanel} items={panels} />
        </div>
        {entry}
        {accountPanel}
        {orders}
      </div>
    );
  }
  return (
    <div className={styles.page}>
      <SeedLastPrice sym={sym} onPrice={seedPrice} />
      <LiveHeader market={market} />
      <div className={styles.bookArea}>{book}</div>
      <div className={`${styles.panelColumn} ${styles.center}`}>
        {chart}
        {entry}
      </div>
      <div className={`${styles.panelColumn} ${styles.side}`}>
        {accountPanel}
        {list}
        {tradesPanel}
      </div>
      <div className={styles.ordersArea}>{orders}</div>
    </div>
  );
}

/** The header with the market's ticker and the socket's state. */
function LiveHeader({ market }: { market: ChosenMarket }) {
  const ticker = useChannel<Ticker>(channels.ticker(market.entry.symbol));
  return <MarketHeader market={market} ticker={ticker} live={useRealtimeStatus()} />;
}

/** Offers the last price (ticker, else the latest trade) to the forms once, when it is first known. */
function SeedLastPrice({ sym, onPrice }: { sym: string; onPrice: (price: string) => void }) {
  const ticker = useChannel<Ticker>(channels.ticker(sym));
  const trades = useChannel<TradeTick[]>(channels.trades(sym));
  const lastPrice = ticker?.close ?? trades?.[0]?.price;
  const seeded = useRef(false);
  useEffect(() => {
    if (seeded.current || !lastPrice || !/^\d/.test(lastPrice)) return;
    seeded.current = true;
    onPrice(lastPrice);
  }, [lastPrice, onPrice]);
  return null;
}

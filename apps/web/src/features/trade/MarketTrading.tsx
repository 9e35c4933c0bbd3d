import { accountBalanceV5 } from '@opex/contract/calls/finance';
import { orderEntrustHistory, orderListNew } from '@opex/contract/calls/order';
import { channels, type KlinePeriod, klinePeriods, type Ticker, type TradeTick } from '@opex/contract/realtime';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { switchOn, usePublicInfo } from '../../api/common.ts';
import { invalidateCall, useCallQuery } from '../../api/query.ts';
import { useSession } from '../../api/user.ts';
import { type ChosenMarket, chooseMarket, marketPath } from '../../markets/market-symbol.ts';
import { useChannel, useRealtimeStatus } from '../../realtime/index.ts';
import { readSelection, writeSelection } from '../../state/selection.ts';
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
import { type EntryKind, entryKinds } from './order-terms.ts';
import { TradingRules } from './TradingRules.tsx';

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
  return <MarketTrading key={market.name} market={market} flash={switchOn(info.switch, 'trade_depth_is_flash')} />;
}

function MarketTrading({ market, flash }: { market: ChosenMarket; flash: boolean }) {
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
  const [kind, setKind] = useState<EntryKind>('limit');
  const [phoneSide, setPhoneSide] = useState<Side>('BUY');
  const [phonePanel, setPhonePanel] = useState('chart');
  const [chartView, setChartView] = useState<'kline' | 'depth'>('kline');
  const [offeredPrice, setOfferedPrice] = useState<OfferedPrice>();
  const setPickedPrice = useCallback((price: string) => setOfferedPrice({ price }), []);
  const seedPrice = useCallback((price: string) => setOfferedPrice({ price, ifEmpty: true }), []);

  const klineChannel = channels.kline(sym, period);
  const showKline = phone ? phonePanel === 'chart' : chartView === 'kline';
  const balances = useCallQuery(
    accountBalanceV5,
    { coinSymbols: `${market.base},${market.quote}` },
    { enabled: isLogin },
  );
  const available = (coin: string) => balances.data?.allCoinMap[coin]?.normal_balance;

  const refresh = () => {
    for (const call of [orderListNew, orderEntrustHistory, accountBalanceV5]) void invalidateCall(queryClient, call);
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
  const list = <MarketList groups={info.market.market} current={market} />;
  const form = (side: Side) => (
    <OrderForm
      key={side}
      market={market}
      side={side}
      kind={kind}
      available={available(side === 'BUY' ? market.quote : market.base)}
      isLogin={isLogin}
      offeredPrice={offeredPrice}
      onPlaced={refresh}
    />
  );
  const entry = (
    <OrderEntry
      kinds={entryKinds}
      kind={kind}
      onKindChange={setKind}
      rules={<TradingRules rules={rulesOf(market)} fees={market.entry} base={market.base} quote={market.quote} />}
      phone={phone}
      phoneSide={phoneSide}
      onPhoneSideChange={setPhoneSide}
      form={form}
    />
  );
  const orders = isLogin ? <UserOrders market={market} onChanged={refresh} /> : null;

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

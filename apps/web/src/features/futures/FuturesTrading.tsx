import type { CallReply } from '@opex/contract/call';
import type { coPublicInfo } from '@opex/contract/calls/co-common';
import { channels, type KlinePeriod, klinePeriods } from '@opex/contract/realtime';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { switchOn, usePublicInfo } from '../../api/common.ts';
import { useAssetsList, useCoAccount, useSimulatedCoupon, useUserConfig } from '../../api/futures.ts';
import { useSession } from '../../api/user.ts';
import { readCoUnit } from '../../futures/co-unit-store.ts';
import { type Contract, type CoUnit, coUnitOf, isSimulated, socketKey } from '../../futures/contracts.ts';
import own from '../../futures/futures.module.css';
import { useFuturesStreams } from '../../realtime/futures-streams.ts';
import { LiveKlineChart } from '../../trading/chart/LiveKlineChart.tsx';
import { LiveOrderBook } from '../../trading/order-book/LiveOrderBook.tsx';
import { LiveRecentTrades } from '../../trading/recent-trades/LiveRecentTrades.tsx';
import styles from '../../trading/trading.module.css';
import { usePhoneLayout } from '../../trading/use-phone-layout.ts';
import { Tabs } from '../../ui/tabs/Tabs.tsx';
import { FuturesAccountPanel } from './FuturesAccountPanel.tsx';
import { FuturesHeader } from './FuturesHeader.tsx';
import { FuturesOrderPanel } from './FuturesOrderPanel.tsx';
import { FuturesUserTabs } from './FuturesUserTabs.tsx';

type Catalogue = CallReply<typeof coPublicInfo>;

/** The book's merge steps as the book names them: decimal places ["1","0"] -> ["0.1","1"]. */
export const stepLabels = (depth: readonly string[]) =>
  depth.map((places) => {
    const n = Number(places);
    return n > 0 ? `0.${'0'.repeat(n - 1)}1` : '1';
  });

/**
 * One contract's prices, book, trades and chart from the futures socket (channels keyed e_btcusdt), the order panel,
 * the futures account, and the trader's positions and orders. Wide: the spot page's grid; a phone: panels in tabs.
 */
export function FuturesTrading({
  contract,
  catalogue,
  receivedAt,
  basePath,
}: {
  contract: Contract;
  catalogue: Catalogue;
  /** When the catalogue (and the server's clock in it) arrived, on the browser's clock. */
  receivedAt: number;
  basePath: string;
}) {
  const { t } = useTranslation();
  const info = usePublicInfo();
  const phone = usePhoneLayout();
  const { isLogin } = useSession();
  const key = socketKey(contract);
  const pp = contract.coinResultVo.symbolPricePrecision;
  const config = useUserConfig(contract.id, isLogin).data;
  // A simulated contract's page shows the simulated account and positions only, never the real ones.
  const simulated = isSimulated(contract);
  // Positions, accounts and orders change by the futures socket's pushes; polled only while it is down.
  const live = useFuturesStreams();
  const assetsQuery = useAssetsList(isLogin, false, simulated, live);
  const assets = assetsQuery.data;
  const account = useCoAccount(contract.marginCoin, isLogin, assetsQuery, simulated);
  useSimulatedCoupon(simulated, config);
  // A visitor's unit is the browser's; a trader's is the server's config once it is read.
  const [localUnit, setLocalUnit] = useState<CoUnit>(() => readCoUnit(localStorage));
  const unit = config ? coUnitOf(config.coUnit) : localUnit;
  const [step, setStep] = useState(0);
  const [period, setPeriod] = useState<KlinePeriod>('15min');
  const [phonePanel, setPhonePanel] = useState('chart');
  const [picked, setPicked] = useState<{ price: string; at: number }>();
  const pickPrice = useCallback((price: string) => setPicked({ price, at: Date.now() }), []);
  // Book and trade volumes are contracts; the base-coin unit shows them at the base coin's decimals.
  const volumePrecision = 0;

  const book = (
    <LiveOrderBook
      sym={key}
      rows={phone ? 10 : 14}
      pricePrecision={pp}
      volumePrecision={volumePrecision}
      steps={stepLabels(contract.coinResultVo.depth)}
      step={step}
      onStepChange={setStep}
      flash={switchOn(info.switch, 'trade_depth_is_flash')}
      onPickPrice={pickPrice}
    />
  );
  const trades = <LiveRecentTrades sym={key} pricePrecision={pp} volumePrecision={volumePrecision} />;
  const periodLabel = (p: KlinePeriod) => t(`trade.period.${p}`);
  const chart = (
    <div className={`${styles.chartArea} ${own.chartFill}`}>
      <div className={styles.panelBar}>
        <Tabs
          label={t('trade.chart.periods')}
          value={period}
          onValueChange={(p) => setPeriod(p as KlinePeriod)}
          items={klinePeriods.map((p) => ({ key: p, name: periodLabel(p) }))}
        />
      </div>
      <LiveKlineChart
        channel={channels.kline(key, period)}
        pricePrecision={pp}
        className={own.chart}
        label={t('trade.chart.klineLabel', { market: contract.contractName, period: periodLabel(period) })}
      />
    </div>
  );
  const header = (
    <FuturesHeader contract={contract} catalogue={catalogue} receivedAt={receivedAt} basePath={basePath} />
  );
  const orderPanel = (
    <FuturesOrderPanel
      contract={contract}
      config={config}
      positions={assets?.positionList}
      account={account}
      unit={unit}
      onLocalUnit={setLocalUnit}
      isLogin={isLogin}
      pickedPrice={picked}
    />
  );
  const accountPanel = isLogin && config?.openContract === 1 && (
    <FuturesAccountPanel
      contract={contract}
      catalogue={catalogue}
      account={account}
      simulated={simulated}
      canTransfer={!!config.transStatus && !simulated}
    />
  );
  const userTabs = isLogin && config?.openContract === 1 && (
    <FuturesUserTabs
      contract={contract}
      contracts={catalogue.contractList}
      positions={assets?.positionList ?? []}
      positionsLoading={assetsQuery.isPending && assetsQuery.fetchStatus !== 'idle'}
      unit={unit}
      live={live}
    />
  );

  if (phone) {
    const panels = [
      { key: 'chart', name: t('trade.chart.kline'), content: chart },
      { key: 'book', name: t('trade.book.title'), content: book },
      { key: 'trades', name: t('trade.trades.title'), content: trades },
    ];
    return (
      <div className={styles.phone}>
        {header}
        <div className={styles.phonePanels}>
          <Tabs label={t('trade.panels')} value={phonePanel} onValueChange={setPhonePanel} items={panels} />
        </div>
        {orderPanel}
        {accountPanel}
        {userTabs}
      </div>
    );
  }
  return (
    <div className={styles.page}>
      {header}
      <div className={styles.bookArea}>{book}</div>
      <div className={`${styles.panelColumn} ${styles.center}`}>{chart}</div>
      <div className={`${styles.panelColumn} ${styles.side}`}>
        {orderPanel}
        {accountPanel}
        {trades}
      </div>
      <div className={styles.ordersArea}>{userTabs}</div>
    </div>
  );
}

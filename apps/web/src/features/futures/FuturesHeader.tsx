import type { CallReply } from '@opex/contract/call';
import type { coPublicInfo } from '@opex/contract/calls/co-common';
import { channels, type MarkPriceTick, type Ticker } from '@opex/contract/realtime';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useMarketInfo } from '../../api/futures.ts';
import { type Contract, contractsOfMode, isSimulated, percentText, socketKey } from '../../futures/contracts.ts';
import { clockOffset, countdownText, nextFundingTime } from '../../futures/funding-countdown.ts';
import own from '../../futures/futures.module.css';
import { formatAt, roseText } from '../../markets/trade-format.ts';
import { useChannel, useRealtimeStatus } from '../../realtime/index.ts';
import styles from '../../trading/trading.module.css';
import { Select } from '../../ui/select/Select.tsx';
import { Tabs } from '../../ui/tabs/Tabs.tsx';
import { VisuallyHidden } from '../../ui/visually-hidden/VisuallyHidden.tsx';

type Catalogue = CallReply<typeof coPublicInfo>;

/**
 * The contract's header: the Real / Simulated switch (while both kinds are listed; the simulated side trades the
 * coupon's test money), the picker of that side's contracts, the last price and 24 h change from the socket's ticker, the mark and
 * index prices and funding rate from public_market_info (every 5 s), and the countdown to the next funding.
 */
export function FuturesHeader({
  contract,
  catalogue,
  receivedAt,
  basePath,
}: {
  contract: Contract;
  catalogue: Catalogue;
  receivedAt: number;
  basePath: string;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const ticker = useChannel<Ticker>(channels.ticker(socketKey(contract)));
  const live = useRealtimeStatus();
  const marks = useMarketInfo(contract.id).data;
  // The socket pushes mark and index each second they change; the 5 s poll covers a socket that is down.
  const pushed = useChannel<MarkPriceTick>(channels.markPrice(socketKey(contract)));
  const pp = contract.coinResultVo.symbolPricePrecision;
  const rose = roseText(ticker?.rose);
  const perpetual = contract.deliveryKind === 0;
  const simulated = isSimulated(contract);
  const list = catalogue.contractList;
  const both = list.some(isSimulated) && list.some((c) => !isSimulated(c));
  /** The other side's first contract (lowest sort). */
  const switchMode = (mode: string) => {
    const first = [...contractsOfMode(list, mode === 'simulated')].sort((a, b) => a.sort - b.sort)[0];
    if (first) navigate(`${basePath}/${first.contractName}`);
  };
  const stats = [
    { key: 'mark', label: t('futures.header.mark'), value: formatAt(pushed?.markPrice ?? marks?.tagPrice, pp) },
    { key: 'index', label: t('futures.header.index'), value: formatAt(pushed?.indexPrice ?? marks?.indexPrice, pp) },
    { key: 'change', label: t('trade.header.change'), value: rose.text, direction: rose.direction },
    ...(perpetual
      ? [
          {
            key: 'funding',
            label: t('futures.header.funding'),
            value: (
              <>
                <span data-testid="funding-rate">{percentText(marks?.currentFundRate, 5)}</span>{' '}
                <FundingCountdown
                  offset={clockOffset(catalogue.currentTimeMillis, receivedAt)}
                  startHour={contract.capitalStartTime}
                  frequency={contract.capitalFrequency}
                />
              </>
            ),
          },
        ]
      : []),
    { key: 'high', label: t('trade.header.high'), value: formatAt(ticker?.high, pp) },
    { key: 'low', label: t('trade.header.low'), value: formatAt(ticker?.low, pp) },
    { key: 'vol', label: t('futures.header.volume'), value: formatAt(ticker?.vol, 0) },
  ];
  return (
    <section className={styles.header} aria-label={t('trade.header.label')}>
      {both && (
        <Tabs
          label={t('futures.mode.label')}
          variant="segmented"
          value={simulated ? 'simulated' : 'real'}
          onValueChange={switchMode}
          items={[
            { key: 'real', name: t('futures.mode.real') },
            { key: 'simulated', name: t('futures.mode.simulated') },
          ]}
        />
      )}
      <div className={own.contractPick}>
        <Select
          label={t('futures.header.contract')}
          value={contract.contractName}
          options={contractsOfMode(list, simulated).map((c) => ({
            code: c.contractName,
            value: `${c.base}${c.quote} ${t(`futures.contractType.${c.contractType}`)}`,
          }))}
          onChange={(o) => navigate(`${basePath}/${o.code}`)}
        />
      </div>
      <p className={styles.last} data-direction={rose.direction} data-testid="last-price">
        <VisuallyHidden>{t('trade.header.last')} </VisuallyHidden>
        {formatAt(ticker?.close, pp)}
      </p>
      <dl className={styles.stats}>
        {stats.map((s) => (
          <div key={s.key}>
            <dt>{s.label}</dt>
            <dd data-direction={s.direction} data-testid={`header-${s.key}`}>
              {s.value}
            </dd>
          </div>
        ))}
      </dl>
      <p className={styles.liveStatus} role="status">
        {live !== 'open' && t(`trade.header.${live}`)}
      </p>
    </section>
  );
}

/** Time to the next funding on the server's clock, redrawn each second (only this text redraws). */
function FundingCountdown({ offset, startHour, frequency }: { offset: number; startHour: number; frequency: number }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const serverNow = now + offset;
  const next = nextFundingTime(serverNow, startHour, frequency);
  return <span data-testid="funding-countdown">{next === undefined ? '--' : countdownText(next - serverNow)}</span>;
}

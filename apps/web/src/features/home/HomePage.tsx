import type { CallReply } from '@opex/contract/call';
import { index } from '@opex/contract/calls/common';
import { formatDateTime } from '@opex/contract/display';
import { channels, type Ticker } from '@opex/contract/realtime';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { switchOn, usePublicInfo } from '../../api/common.ts';
import { useCallQuery } from '../../api/query.ts';
import { useSession } from '../../api/user.ts';
import { displayNumber, displayRose } from '../../markets/market-format.ts';
import { useChannels } from '../../realtime/index.ts';
import { pickMarketTitle, readSelection, writeSelection } from '../../state/selection.ts';
import { Carousel } from '../../ui/carousel/Carousel.tsx';
import { LivePrice } from '../../ui/live-price/LivePrice.tsx';
import { Tabs } from '../../ui/tabs/Tabs.tsx';
import styles from './home.module.css';
import { Sparkline } from './Sparkline.tsx';

type HomeData = CallReply<typeof index>;

/** Home: the operator's slides, the latest notices, and the market overview by quote market. */
export default function HomePage() {
  const { t } = useTranslation();
  const info = usePublicInfo();
  const { isLogin } = useSession();
  const home = useCallQuery(index, {}, { staleTime: 10_000, refetchInterval: 10_000, polling: true });
  const brand = info.msg.company_name || t('brand.fallbackTitle');

  return (
    <div className={styles.home}>
      <section className={styles.hero}>
        <div className={styles.heroText}>
          <h1>{info.indexHeaderTitle[document.documentElement.lang] || t('home.heroTitle', { brand })}</h1>
          <p>{t('home.heroBody')}</p>
          {!isLogin && (
            <div className={styles.heroActions}>
              <Link className={styles.primary} to="/register">
                {t('home.start')}
              </Link>
              <Link className={styles.secondary} to="/login">
                {t('nav.login')}
              </Link>
            </div>
          )}
        </div>
        {home.data && home.data.cmsAdvertList.length > 0 && (
          <div className={styles.slides}>
            <Carousel
              slides={home.data.cmsAdvertList}
              label={t('home.slides')}
              slideLabel={(i, count) => t('home.slideN', { n: i + 1, count })}
            />
          </div>
        )}
      </section>
      {home.data && <Notices notices={home.data.noticeInfoList} />}
      <MarketOverview data={home.data} loading={home.isPending} />
    </div>
  );
}

function Notices({ notices }: { notices: HomeData['noticeInfoList'] }) {
  const { t } = useTranslation();
  if (notices.length === 0) return null;
  return (
    <section className={styles.notices} aria-label={t('home.notices')}>
      <span className={styles.noticeLabel}>{t('home.notices')}</span>
      <ul>
        {notices.slice(0, 3).map((notice) => (
          <li key={notice.id}>
            <Link to={`/noticeInfo/${notice.id}`}>{notice.title}</Link>
            <time>{formatDateTime(notice.ctime).slice(0, 10)}</time>
          </li>
        ))}
      </ul>
      <Link to="/noticeInfo" className={styles.more}>
        {t('common.more')}
      </Link>
    </section>
  );
}

function MarketOverview({ data, loading }: { data: HomeData | undefined; loading: boolean }) {
  const { t } = useTranslation();
  const info = usePublicInfo();
  const groups = info.market.market;
  const [title, setTitle] = useState(() =>
    pickMarketTitle(readSelection(localStorage).homeMarkTitle, groups, info.market.maket_index),
  );
  const listed = (data?.marketList ?? []).filter((m) => m.quote === title);
  const sparklines = switchOn(info.switch, 'index_kline_switch');
  // The overview call seeds the rows; each shown market's ticker keeps them live.
  const live = useChannels<Ticker>(listed.map((m) => channels.ticker(m.symbol)));
  const rows = listed.map((m) => ({ ...m, ...live[channels.ticker(m.symbol)] }));
  const choose = (next: string) => {
    setTitle(next);
    writeSelection(localStorage, { homeMarkTitle: next });
  };
  return (
    <section className={styles.markets} aria-labelledby="markets-title">
      <h2 id="markets-title">{t('home.markets')}</h2>
      {Object.keys(groups).length > 0 && title && (
        <Tabs
          label={t('home.markets')}
          value={title}
          onValueChange={choose}
          items={Object.keys(groups).map((key) => ({ key, name: key }))}
        />
      )}
      <div className={styles.tableWrap}>
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">{t('home.col.pair')}</th>
              <th scope="col">{t('home.col.last')}</th>
              <th scope="col">{t('home.col.change')}</th>
              <th scope="col" className={styles.wide}>
                {t('home.col.high')}
              </th>
              <th scope="col" className={styles.wide}>
                {t('home.col.low')}
              </th>
              <th scope="col">{t('home.col.volume')}</th>
              {sparklines && (
                <th scope="col" className={styles.wide}>
                  {t('home.col.trend')}
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {rows.map((market) => {
              const rose = displayRose(market.rose);
              return (
                <tr key={market.symbol}>
                  <th scope="row">
                    <Link to={`/trade/${market.name.replace('/', '_')}`}>
                      <strong>{market.base}</strong>
                      <span>/{market.quote}</span>
                    </Link>
                  </th>
                  <td>
                    <LivePrice value={market.close} direction={rose.direction} />
                  </td>
                  <td data-direction={rose.direction}>{rose.text}</td>
                  <td className={styles.wide}>{displayNumber(market.high)}</td>
                  <td className={styles.wide}>{displayNumber(market.low)}</td>
                  <td>{`${displayNumber(market.vol)} ${market.base}`}</td>
                  {sparklines && (
                    <td className={styles.wide}>
                      <Sparkline symbol={market.symbol} name={market.name} />
                    </td>
                  )}
                </tr>
              );
            })}
          </tbody>
        </table>
        {!loading && rows.length === 0 && <p className={styles.empty}>{t('common.noData')}</p>}
      </div>
    </section>
  );
}

import type { TestServer } from './harness.ts';

/** Content-test helpers: the rows a refused call must leave untouched. */
export async function contentSnapshot(server: TestServer) {
  const { db } = server.services.database;
  const all = (
    table:
      | 'settings'
      | 'coins'
      | 'markets'
      | 'price_anchors'
      | 'fx_rates'
      | 'cms_pages'
      | 'notices'
      | 'popups'
      | 'audit_log',
  ) => db.selectFrom(table).selectAll().execute();
  const [settings, coins, markets, anchors, fx, pages, notices, popups, audit] = await Promise.all([
    all('settings'),
    all('coins'),
    all('markets'),
    all('price_anchors'),
    all('fx_rates'),
    all('cms_pages'),
    all('notices'),
    all('popups'),
    all('audit_log'),
  ]);
  return { settings, coins, markets, anchors, fx, pages, notices, popups, audit };
}

/** The operator command that lists BTC/USDT (2 price and 6 volume digits, small minimums, 0.1 % / 0.2 % fees). */
export const BTC_USDT_MARKET = [
  'market',
  'add',
  '--base',
  'BTC',
  '--quote',
  'USDT',
  '--price-precision',
  '2',
  '--volume-precision',
  '6',
  '--depth',
  '0.01,0.1,1',
  '--limit-volume-min',
  '0.0001',
  '--limit-price-min',
  '0.01',
  '--market-buy-min',
  '5',
  '--market-sell-min',
  '0.0001',
  '--maker-fee',
  '0.001',
  '--taker-fee',
  '0.002',
];

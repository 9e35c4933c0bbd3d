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

import type { TestServer } from './harness.ts';

/** Content-test helpers: the rows a refused call must leave untouched. */
export async function contentSnapshot(server: TestServer) {
  const { db } = server.services.database;
  const all = (table: 'settings' | 'coins' | 'markets' | 'cms_pages' | 'notices' | 'popups' | 'audit_log') =>
    db.selectFrom(table).selectAll().execute();
  const [settings, coins, markets, pages, notices, popups, audit] = await Promise.all([
    all('settings'),
    all('coins'),
    all('markets'),
    all('cms_pages'),
    all('notices'),
    all('popups'),
    all('audit_log'),
  ]);
  return { settings, coins, markets, pages, notices, popups, audit };
}

import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { Clock } from '../platform/clock.ts';
import { SettingsStore } from '../settings/settings-store.ts';

/**
 * The demo's isolated margin: BTC/USDT at up to 5x and ETH/USDT at up to 3x, the three coins lendable at the
 * rates below, and lever_open on. Checked on every start, so a demo database from before margin existed gets it
 * too; written once (while no coin has lending rates), so an operator's later changes survive restarts.
 */
const demoMarginPairs = { btcusdt: 5, ethusdt: 3 };
const demoLending = [
  { coin: 'USDT', daily_rate: '0.0003', min_borrow: '5' },
  { coin: 'BTC', daily_rate: '0.0001', min_borrow: '0.0001' },
  { coin: 'ETH', daily_rate: '0.0001', min_borrow: '0.001' },
];

export async function seedDemoMargin(db: Kysely<Database>, clock: Clock): Promise<void> {
  if (await db.selectFrom('margin_coins').select('coin').limit(1).executeTakeFirst()) return;
  await db.transaction().execute(async (trx) => {
    const now = clock.now();
    for (const [symbol, multiple] of Object.entries(demoMarginPairs))
      await trx
        .updateTable('markets')
        .set({ is_open_lever: 1, multiple, updated_at: now })
        .where('symbol', '=', symbol)
        .execute();
    await trx
      .insertInto('margin_coins')
      .values(demoLending.map((c) => ({ ...c, updated_at: now })))
      .execute();
    await new SettingsStore(trx as Kysely<Database>, clock).setSwitch('lever_open', '1');
  });
}

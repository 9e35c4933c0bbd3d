import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../database.ts';

/**
 * Simulated trading's coupon (user/receive_coupon): 1 once the user claimed it, so it is granted once. The flag is
 * set in the transaction that queues the coupon's ledger movement (futures/sim-coupon.ts).
 */
export default (_dialect: Dialect): Migration => ({
  // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
  async up(db: Kysely<any>) {
    await db.schema
      .alterTable('futures_users')
      .addColumn('coupon_tag', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  },
});

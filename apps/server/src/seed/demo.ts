import type { Kysely } from 'kysely';
import { createUser, findUserByAccount } from '../accounts/accounts.ts';
import { recordAudit } from '../admin/audit.ts';
import { enqueueMovement, waitForInbox } from '../core/core-inbox.ts';
import type { Database } from '../db/schema.ts';
import { creditFromOutside } from '../ledger/ledger.ts';
import type { Services } from '../services.ts';
import { seedDemoChains } from './demo-chains.ts';
import { seedDemoContent } from './demo-content.ts';
import { seedDemoFutures } from './demo-futures.ts';
import { seedDemoIndexAnchors } from './demo-index-anchors.ts';
import { DEMO_LOGINS } from './demo-logins.ts';
import { seedDemoMargin } from './demo-margin.ts';
import { seedDemoWithdrawals } from './demo-withdrawals.ts';

/**
 * The demo seed, run at start-up when DEMO=1. Idempotent: the content is written once (a settings marker records
 * it, so an operator's later edits survive restarts) and each demo trader is created the first time only, in one
 * transaction with its funding: credits from the external account queued to the trading core's inbox, which the core
 * applies once (the core holds the external account's balance in memory, so a posting around it would be overwritten).
 */
const SEED_MARKER = 'demoSeedVersion';
const SEED_VERSION = 1;
const ACTOR = 'seed:demo';

export async function seedDemo(services: Services): Promise<{ contentSeeded: boolean; tradersCreated: string[] }> {
  const { database, clock } = services;
  let contentSeeded = false;
  if ((await services.settings.get<number>(SEED_MARKER, 0)) < SEED_VERSION) {
    await database.db.transaction().execute(async (trx) => {
      await seedDemoContent(trx, clock);
      await trx
        .insertInto('settings')
        .values({ key: SEED_MARKER, value: JSON.stringify(SEED_VERSION), updated_at: clock.now() })
        .onConflict((oc) =>
          oc.column('key').doUpdateSet({ value: JSON.stringify(SEED_VERSION), updated_at: clock.now() }),
        )
        .execute();
      await recordAudit(
        trx,
        { actor: ACTOR, action: 'seed.content', subject: 'demo', detail: { version: SEED_VERSION } },
        clock.now(),
      );
    });
    contentSeeded = true;
  }
  // Chains are checked on every start, so a demo database from before deposits existed gets them too.
  await seedDemoChains(database.db, clock);
  await seedDemoIndexAnchors(database.db, clock);
  await seedDemoWithdrawals(database.db, clock);
  await seedDemoMargin(database.db, clock);
  await seedDemoFutures(database, clock);
  await services.core.reloadMarkets();
  const tradersCreated: string[] = [];
  const credits: number[] = [];
  for (const login of DEMO_LOGINS) {
    if (await findUserByAccount(database.db, { email: login.email })) continue;
    await database.db.transaction().execute(async (trx) => {
      const user = await createUser(trx as Kysely<Database>, clock, { email: login.email, password: login.password });
      for (const [coin, amount] of Object.entries(login.balances)) {
        const movement = creditFromOutside({
          ownerId: Number(user.id),
          coin,
          amount,
          cause: 'operator_credit',
          causeId: `demo-seed:${login.email}:${coin}`,
          memo: 'demo balance',
        });
        credits.push(await enqueueMovement(trx, movement, clock.now()));
      }
      await recordAudit(
        trx,
        { actor: ACTOR, action: 'seed.trader', subject: login.email, detail: login.balances },
        clock.now(),
      );
    });
    tradersCreated.push(login.email);
  }
  await services.core.applyInbox();
  for (const id of credits) {
    const result = await waitForInbox(database.db, id);
    if (result !== 'ok') throw new Error(`demo seed: the trading core did not apply credit ${id}: ${result}`);
  }
  return { contentSeeded, tradersCreated };
}

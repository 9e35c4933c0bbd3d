import type { Kysely } from 'kysely';
import { recordAudit } from '../admin/audit.ts';
import { listAnchors, listFxRates, setAnchor, setFxRate } from '../catalog/price-anchors.ts';
import type { Database } from '../db/schema.ts';
import type { Clock } from '../platform/clock.ts';

/**
 * The demo's anchors of the index prices: USDT pegged 1:1 to the US dollar (every other demo coin is priced from
 * the books through it) and the exchange rates of the other fiats the demo's languages show. Checked on every
 * start, so a demo database from before index prices gets them; what the operator already set is left as it is.
 */
export const demoAnchors = [{ coin: 'USDT', fiat: 'usd', price: '1' }];
export const demoFxPerUsd: Record<string, string> = { cny: '7.2', jpy: '150', krw: '1350', vnd: '25000' };

const ACTOR = 'seed:demo';

export async function seedDemoIndexAnchors(db: Kysely<Database>, clock: Clock): Promise<void> {
  const [anchors, fx] = await Promise.all([listAnchors(db), listFxRates(db)]);
  const anchored = new Set(anchors.map((a) => a.coin));
  const rated = new Set(fx.map((r) => r.fiat));
  for (const anchor of demoAnchors.filter((a) => !anchored.has(a.coin))) {
    await db.transaction().execute(async (trx) => {
      await setAnchor(trx, anchor, clock.now());
      await recordAudit(trx, { actor: ACTOR, action: 'price.set', subject: anchor.coin, detail: anchor }, clock.now());
    });
  }
  for (const [fiat, perUsd] of Object.entries(demoFxPerUsd).filter(([fiat]) => !rated.has(fiat))) {
    await db.transaction().execute(async (trx) => {
      await setFxRate(trx, { fiat, perUsd }, clock.now());
      await recordAudit(trx, { actor: ACTOR, action: 'fx.set', subject: fiat, detail: { perUsd } }, clock.now());
    });
  }
}

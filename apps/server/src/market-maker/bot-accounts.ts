import { randomBytes } from 'node:crypto';
import Big from 'big.js';
import { createUser, findUserByAccount } from '../accounts/accounts.ts';
import type { Account } from '../ledger/accounts.ts';
import { creditFromOutside } from '../ledger/ledger.ts';
import type { Services } from '../services.ts';

/**
 * The market maker's system-owned traders: created like the demo seed's traders (a user row with an unknown random
 * password, so nobody logs in as them) and funded from outside through the core's ledger: the exchange account for
 * spot, the co account for futures. At each start a coin below half its target is topped up to the target, so a long
 * demo never runs dry.
 */
export const BOT_EMAILS = { maker: 'market-maker@bots.opex', taker: 'market-taker@bots.opex' } as const;
/** What each bot holds of every coin, in US dollars of value. */
const TARGET_USD = new Big(1_000_000);

export async function ensureBot(services: Services, email: string, usdPrices: Map<string, Big>): Promise<number> {
  const { database, clock } = services;
  const existing = await findUserByAccount(database.db, { email });
  const user =
    existing ?? (await createUser(database.db, clock, { email, password: randomBytes(24).toString('base64url') }));
  const ownerId = Number(user.id);
  const coins = await database.db.selectFrom('coins').select(['symbol', 'scale']).execute();
  await topUpBot(services, ownerId, 'exchange', coins, usdPrices);
  return ownerId;
}

/** Tops each coin of the bot's account up to the target when it holds less than half of it. */
export async function topUpBot(
  services: Services,
  ownerId: number,
  account: Account,
  coins: readonly { symbol: string; scale: number }[],
  usdPrices: Map<string, Big>,
): Promise<void> {
  const { database, clock, core } = services;
  for (const coin of coins) {
    const symbol = coin.symbol.toUpperCase();
    const usd = usdPrices.get(symbol) ?? new Big(1);
    const target = TARGET_USD.div(usd).round(Math.min(coin.scale, 8), Big.roundDown);
    const row = await database.db
      .selectFrom('balances')
      .select(['available', 'locked'])
      .where('owner_id', '=', ownerId)
      .where('account', '=', account)
      .where('coin', '=', symbol)
      .executeTakeFirst();
    const held = new Big(row?.available ?? '0').plus(row?.locked ?? '0');
    if (held.gte(target.div(2)) || target.eq(0)) continue;
    await core.postMovement(
      creditFromOutside({
        ownerId,
        account,
        coin: symbol,
        amount: target.minus(held).toFixed(),
        cause: 'operator_credit',
        causeId: `market-maker:${ownerId}:${account}:${symbol}:${clock.now()}`,
        memo: 'market maker funds',
      }),
    );
  }
}

/** US dollar prices of coins from the operator's rates (fiat 'usd'). */
export async function usdPrices(services: Services): Promise<Map<string, Big>> {
  const rows = await services.database.db
    .selectFrom('rates')
    .select(['coin', 'rate'])
    .where('fiat', '=', 'usd')
    .execute();
  return new Map(rows.map((r) => [r.coin.toUpperCase(), new Big(r.rate)]));
}

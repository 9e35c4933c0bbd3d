import type { coinBalance } from '@opex/contract/calls/finance';
import Big from 'big.js';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/schema.ts';
import type { UserAccount } from '../../ledger/accounts.ts';
import { btcValue, type IndexPriceTable } from '../../prices/index-price-table.ts';

/**
 * The user's balances per coin in one account type (the exchange account unless said), as committed by the trading
 * core: every listed coin (or those asked for), plus any coin the user holds that is no longer listed; each valued
 * in BTC by the index prices.
 */
export async function accountBalances(
  db: Kysely<Database>,
  userId: number,
  coinSymbols: string | undefined,
  index: IndexPriceTable,
  account: UserAccount = 'exchange',
) {
  const wanted = new Set(
    (coinSymbols ?? '')
      .split(',')
      .map((s) => s.trim().toUpperCase())
      .filter(Boolean),
  );
  const [coins, balances] = await Promise.all([
    db.selectFrom('coins').selectAll().orderBy('sort').execute(),
    db
      .selectFrom('balances')
      .select(['coin', 'available', 'locked'])
      .where('owner_id', '=', userId)
      .where('account', '=', account)
      .execute(),
  ]);
  const held = new Map(balances.map((b) => [b.coin.toUpperCase(), b]));
  const listed = new Map(coins.map((c) => [c.symbol.toUpperCase(), c]));
  const names = [...new Set([...listed.keys(), ...held.keys()])].filter((n) => wanted.size === 0 || wanted.has(n));

  let totalBtc = new Big(0);
  const allCoinMap: Record<string, z.input<typeof coinBalance>> = {};
  for (const name of names) {
    const coin = listed.get(name);
    const balance = held.get(name);
    const available = new Big(balance?.available ?? '0');
    const locked = new Big(balance?.locked ?? '0');
    const total = available.plus(locked);
    const btc = btcValue(index, name, total);
    if (btc) totalBtc = totalBtc.plus(btc);
    allCoinMap[name] = {
      coinName: name,
      normal_balance: available.toFixed(),
      lock_balance: locked.toFixed(),
      total_balance: total.toFixed(),
      allBtcValuatin: btc ? btc.toFixed() : '0',
      depositOpen: coin?.deposit_open ?? 0,
      withdrawOpen: coin?.withdraw_open ?? 0,
      sort: coin?.sort ?? 0,
      isFiat: coin?.is_fiat ?? 0,
      showPrecision: coin?.show_precision ?? 8,
      overcharge_balance: '0',
      lock_position_balance: '0',
      lock_increment_amount: '0',
    };
  }
  return { totalBalance: totalBtc.toFixed(), totalBalanceSymbol: 'BTC' as const, allCoinMap };
}

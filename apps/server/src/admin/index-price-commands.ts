import { findCoin } from '../catalog/coins.ts';
import { listAnchors, listFxRates, removeAnchor, setAnchor, setFxRate, US_DOLLAR } from '../catalog/price-anchors.ts';
import { type AdminCommand, change, stringFlags } from './admin-command.ts';
import { AdminInputError, decimal, positive, required, symbol } from './admin-input.ts';

/**
 * The anchors of the index prices that every fiat and BTC valuation reads: coins the operator prices (a stablecoin
 * pegged 1:1 is priced 1 in its fiat) and each fiat's exchange rate per US dollar. Other coins are priced from the
 * books, through their most liquid markets to an anchored coin.
 */
export const indexPriceCommands: Record<string, AdminCommand> = {
  'price set': {
    usage:
      "price set --coin USDT --fiat usd --price 1   (a peg, or the operator's price of a coin; replaces the coin's last)",
    options: stringFlags('coin', 'fiat', 'price'),
    async run(ctx, _p, f) {
      const coin = symbol(required(f, 'coin'), 'coin');
      if (!(await findCoin(ctx.handle.db, coin))) throw new AdminInputError(`coin ${coin} is not listed`);
      const fiat = fiatCode(required(f, 'fiat'));
      const price = positive(decimal(required(f, 'price'), 'price'), 'price');
      await change(ctx, { action: 'price.set', subject: coin, detail: { fiat, price } }, (db) =>
        setAnchor(db, { coin, fiat, price }, ctx.clock.now()),
      );
      return `${coin} priced at ${price} ${fiat}`;
    },
  },
  'price unset': {
    usage: 'price unset --coin XYZ   (priced from the books again)',
    options: stringFlags('coin'),
    async run(ctx, _p, f) {
      const coin = symbol(required(f, 'coin'), 'coin');
      // Refused inside the transaction, so a coin without an operator price leaves no audit row.
      await change(ctx, { action: 'price.unset', subject: coin, detail: null }, async (db) => {
        if (!(await removeAnchor(db, coin))) throw new AdminInputError(`coin ${coin} has no operator price`);
      });
      return `${coin} is priced from the books`;
    },
  },
  'fx set': {
    usage: 'fx set --fiat cny --per-usd 7.2',
    options: stringFlags('fiat', 'per-usd'),
    async run(ctx, _p, f) {
      const fiat = fiatCode(required(f, 'fiat'));
      if (fiat === US_DOLLAR) throw new AdminInputError('--fiat usd is the base of every rate: it is always 1');
      const perUsd = positive(decimal(required(f, 'per-usd'), 'per-usd'), 'per-usd');
      await change(ctx, { action: 'fx.set', subject: fiat, detail: { perUsd } }, (db) =>
        setFxRate(db, { fiat, perUsd }, ctx.clock.now()),
      );
      return `1 usd = ${perUsd} ${fiat}`;
    },
  },
  'price list': {
    usage: 'price list   (operator prices and exchange rates)',
    async run(ctx) {
      const [anchors, fx] = await Promise.all([listAnchors(ctx.handle.db), listFxRates(ctx.handle.db)]);
      return (
        [
          ...anchors.map((a) => `price\t${a.coin}\t${a.price} ${a.fiat}`),
          ...fx.map((r) => `fx\t1 usd\t${r.per_usd} ${r.fiat}`),
        ].join('\n') || '(no operator prices or exchange rates: nothing is valued in fiat)'
      );
    },
  },
};

function fiatCode(value: string): string {
  const fiat = value.toLowerCase();
  if (!/^[a-z]{3}$/.test(fiat)) throw new AdminInputError('--fiat must be a three-letter currency code');
  return fiat;
}

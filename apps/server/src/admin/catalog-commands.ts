import Big from 'big.js';
import { findCoin, listCoins, saveCoin } from '../catalog/coins.ts';
import { findMarket, listMarkets, marketSymbol, saveMarket, setMarketGuards } from '../catalog/markets.ts';
import { setRate } from '../catalog/rates.ts';
import { openLoanCount } from '../margin/margin-reads.ts';
import { type AdminCommand, type AdminContext, change, type Flags, language, stringFlags } from './admin-command.ts';
import { AdminInputError, decimal, flag01, integer, optional, required, symbol, text } from './admin-input.ts';

/** Coins, markets and fiat rates: the catalogue the trading core and public info read. */
export const catalogCommands: Record<string, AdminCommand> = {
  'coin add': {
    usage:
      'coin add --symbol BTC --name Bitcoin --show-precision 6 --scale 8 [--icon URL] [--sort N] [--fiat 0|1] [--chain BTC] [--deposit 0|1] [--withdraw 0|1] [--otc 0|1] [--fiat-precision \'{"usd":2}\'] [--intro-lang en_US --intro HTML]',
    options: stringFlags(
      'symbol',
      'name',
      'show-precision',
      'scale',
      'icon',
      'sort',
      'fiat',
      'chain',
      'deposit',
      'withdraw',
      'otc',
      'fiat-precision',
      'intro-lang',
      'intro',
    ),
    async run(ctx, _p, f) {
      const coinSymbol = symbol(required(f, 'symbol'), 'symbol');
      const existing = await findCoin(ctx.handle.db, coinSymbol);
      let fiatPrecision: Record<string, number> = existing ? JSON.parse(existing.fiat_precision) : {};
      const fiatJson = optional(f, 'fiat-precision');
      if (fiatJson !== undefined) {
        try {
          fiatPrecision = JSON.parse(fiatJson);
        } catch {
          throw new AdminInputError('--fiat-precision must be JSON like {"usd":2,"krw":0}');
        }
        if (typeof fiatPrecision !== 'object' || !Object.values(fiatPrecision).every((v) => Number.isInteger(v))) {
          throw new AdminInputError('--fiat-precision must map fiat codes to whole numbers');
        }
      }
      const introduction: Record<string, string> = existing ? JSON.parse(existing.introduction) : {};
      const intro = optional(f, 'intro');
      if (intro !== undefined)
        introduction[await language(ctx, required(f, 'intro-lang'))] = text(intro, '--intro', 100_000);
      const coin = {
        symbol: coinSymbol,
        name: text(required(f, 'name'), '--name', 100),
        icon: text(optional(f, 'icon') ?? existing?.icon ?? '', '--icon', 500),
        sort: integer(optional(f, 'sort'), 'sort', 0, 1_000_000, existing?.sort ?? 0),
        showPrecision: integer(optional(f, 'show-precision'), 'show-precision', 0, 18, existing?.show_precision),
        scale: integer(optional(f, 'scale'), 'scale', 0, 18, existing?.scale),
        isFiat: flag01(optional(f, 'fiat'), 'fiat', existing?.is_fiat === 1),
        mainChainType: text(optional(f, 'chain') ?? existing?.main_chain_type ?? '', '--chain', 50),
        depositOpen: flag01(optional(f, 'deposit'), 'deposit', existing ? existing.deposit_open === 1 : true),
        withdrawOpen: flag01(optional(f, 'withdraw'), 'withdraw', existing ? existing.withdraw_open === 1 : true),
        otcOpen: flag01(optional(f, 'otc'), 'otc', existing?.otc_open === 1),
        fiatPrecision,
        introduction,
      };
      if (coin.showPrecision > coin.scale) throw new AdminInputError('--show-precision cannot exceed --scale');
      await change(ctx, { action: existing ? 'coin.update' : 'coin.add', subject: coinSymbol, detail: coin }, (db) =>
        saveCoin(db, coin, ctx.clock.now()),
      );
      return `coin ${coinSymbol} ${existing ? 'updated' : 'added'}`;
    },
  },
  'coin list': {
    usage: 'coin list',
    async run(ctx) {
      const coins = await listCoins(ctx.handle.db);
      return (
        coins.map((c) => `${c.symbol}\t${c.name}\tshow ${c.show_precision}\tscale ${c.scale}`).join('\n') ||
        '(no coins)'
      );
    },
  },
  'market add': {
    usage:
      'market add --base BTC --quote USDT --price-precision 2 --volume-precision 6 --depth 0.01,0.1,1 --limit-volume-min 0.0001 --limit-price-min 0.01 --market-buy-min 5 --market-sell-min 0.0001 --maker-fee 0.001 --taker-fee 0.002 [--min-notional 5] [--band-up 10] [--band-down 10] [--sort N] [--show 0|1] [--status open|closed] [--lever 0|1] [--multiple N]',
    options: stringFlags(
      'base',
      'quote',
      'price-precision',
      'volume-precision',
      'depth',
      'limit-volume-min',
      'limit-price-min',
      'market-buy-min',
      'market-sell-min',
      'maker-fee',
      'taker-fee',
      'min-notional',
      'band-up',
      'band-down',
      'sort',
      'show',
      'status',
      'lever',
      'multiple',
    ),
    async run(ctx, _p, f) {
      const base = symbol(required(f, 'base'), 'base');
      const quote = symbol(required(f, 'quote'), 'quote');
      if (base === quote) throw new AdminInputError('--base and --quote must differ');
      for (const coin of [base, quote]) {
        if (!(await findCoin(ctx.handle.db, coin)))
          throw new AdminInputError(`coin ${coin} is not listed: add it first`);
      }
      const depth = required(f, 'depth');
      if (!depth.split(',').every((step) => /^\d{1,20}(\.\d{1,20})?$/.test(step))) {
        throw new AdminInputError('--depth must be comma-separated decimal steps like 0.01,0.1,1');
      }
      const status = optional(f, 'status') ?? 'open';
      if (status !== 'open' && status !== 'closed') throw new AdminInputError('--status must be open or closed');
      const market = {
        base,
        quote,
        pricePrecision: integer(optional(f, 'price-precision'), 'price-precision', 0, 18),
        volumePrecision: integer(optional(f, 'volume-precision'), 'volume-precision', 0, 18),
        depthSteps: text(depth, '--depth', 200),
        limitVolumeMin: decimal(required(f, 'limit-volume-min'), 'limit-volume-min'),
        limitPriceMin: decimal(required(f, 'limit-price-min'), 'limit-price-min'),
        marketBuyMin: decimal(required(f, 'market-buy-min'), 'market-buy-min'),
        marketSellMin: decimal(required(f, 'market-sell-min'), 'market-sell-min'),
        makerFee: decimal(required(f, 'maker-fee'), 'maker-fee'),
        takerFee: decimal(required(f, 'taker-fee'), 'taker-fee'),
        ...marketGuards(f),
        sort: integer(optional(f, 'sort'), 'sort', 0, 1_000_000, 0),
        isShow: flag01(optional(f, 'show'), 'show', true),
        status: status as 'open' | 'closed',
        isOpenLever: flag01(optional(f, 'lever'), 'lever', false),
        multiple: integer(optional(f, 'multiple'), 'multiple', 0, 1000, 0),
      };
      // The core keeps money in units of 10^-18: an order's value (price × volume) must be exact in them.
      if (market.pricePrecision + market.volumePrecision > 18) {
        throw new AdminInputError('--price-precision plus --volume-precision cannot exceed 18');
      }
      const subject = `${base}/${quote}`;
      // Closing margin on a pair would strand its loans (no repayment, no risk watch): refused while any is open.
      if (!market.isOpenLever && (await openLoanCount(ctx.handle.db, `${base}${quote}`)) > 0)
        throw new AdminInputError(
          `${subject} has open margin loans: keep --lever 1 until they are repaid (market add resets every field)`,
        );
      await change(ctx, { action: 'market.save', subject, detail: market }, (db) =>
        saveMarket(db, market, ctx.clock.now()),
      );
      return `market ${subject} saved`;
    },
  },
  'market guards': {
    usage: 'market guards --market BTC/USDT [--min-notional 5] [--band-up 10] [--band-down 10]',
    options: stringFlags('market', 'min-notional', 'band-up', 'band-down'),
    async run(ctx, _p, f) {
      const market = await marketOf(ctx, f);
      const guards = marketGuards(f);
      if (Object.keys(guards).length === 0) throw new AdminInputError('give --min-notional, --band-up or --band-down');
      const subject = `${market.base}/${market.quote}`;
      await change(ctx, { action: 'market.guards', subject, detail: guards }, (db) =>
        setMarketGuards(db, market.symbol, guards, ctx.clock.now()),
      );
      return `market ${subject} guards saved`;
    },
  },
  'market list': {
    usage: 'market list',
    async run(ctx) {
      const markets = await listMarkets(ctx.handle.db);
      return (
        markets
          .map(
            (m) =>
              `${m.base}/${m.quote}\t${m.status}${m.is_show ? '' : ' hidden'}\tmaker ${m.maker_fee}\ttaker ${m.taker_fee}` +
              `\tmin value ${m.min_notional}\tband +${m.price_band_up}% -${m.price_band_down}%`,
          )
          .join('\n') || '(no markets)'
      );
    },
  },
  'rate set': {
    usage: 'rate set --coin BTC --fiat usd --rate 65000   (reference rate: where the demo market maker opens a market)',
    options: stringFlags('coin', 'fiat', 'rate'),
    async run(ctx, _p, f) {
      const coin = symbol(required(f, 'coin'), 'coin');
      if (!(await findCoin(ctx.handle.db, coin))) throw new AdminInputError(`coin ${coin} is not listed`);
      const fiat = required(f, 'fiat').toLowerCase();
      if (!/^[a-z]{3}$/.test(fiat)) throw new AdminInputError('--fiat must be a three-letter currency code');
      const rate = decimal(required(f, 'rate'), 'rate');
      await change(ctx, { action: 'rate.set', subject: `${coin}/${fiat}`, detail: { rate } }, (db) =>
        setRate(db, { coin, fiat, rate }, ctx.clock.now()),
      );
      return `rate ${coin} in ${fiat} = ${rate}`;
    },
  },
};

/** The listed market named by --market BASE/QUOTE. */
export async function marketOf(ctx: AdminContext, f: Flags) {
  const [base, quote] = required(f, 'market').split('/');
  const market = await findMarket(ctx.handle.db, marketSymbol(base ?? '', quote ?? ''));
  if (!market) throw new AdminInputError(`no market ${required(f, 'market')}: give it as BASE/QUOTE`);
  return market;
}

/**
 * The minimum order value (quote coin) and the price band's percents given on the command line; 0 turns one off.
 * A sell's band reaches below the last price, so it stays under 100%.
 */
function marketGuards(f: Record<string, string | boolean | undefined>) {
  const percent = (name: string, below: number) => {
    const value = optional(f, name);
    if (value === undefined) return undefined;
    if (new Big(decimal(value, name)).gte(below) || (value.split('.')[1] ?? '').length > 2)
      throw new AdminInputError(`--${name} must be a percent below ${below} with at most 2 decimals, like 10 or 2.5`);
    return value;
  };
  const minNotional = optional(f, 'min-notional');
  const priceBandUp = percent('band-up', 1000);
  const priceBandDown = percent('band-down', 100);
  return {
    ...(minNotional === undefined ? {} : { minNotional: decimal(minNotional, 'min-notional') }),
    ...(priceBandUp === undefined ? {} : { priceBandUp }),
    ...(priceBandDown === undefined ? {} : { priceBandDown }),
  };
}

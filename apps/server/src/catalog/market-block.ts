import type { marketBlock, rateTable } from '@opex/contract/calls/public-info';
import type { z } from 'zod';
import { priceIn } from '../prices/index-price-table.ts';
import type { Services } from '../services.ts';
import { listCoins } from './coins.ts';
import { listMarkets, marketName } from './markets.ts';

/** The `market` block of public info (also common/market): shown markets by quote, coins, rates, realtime address. */
export async function buildMarketBlock(services: Services): Promise<z.input<typeof marketBlock>> {
  const { db } = services.database;
  const [markets, coins, rate, wsUrl, maketIndex] = await Promise.all([
    listMarkets(db),
    listCoins(db),
    buildRateTable(services),
    services.settings.get<string>('wsUrl', ''),
    services.settings.get<string>('maketIndex', ''),
  ]);
  const byQuote: Record<string, Record<string, z.input<typeof marketBlock>['market'][string][string]>> = {};
  for (const m of markets.filter((m) => m.is_show === 1)) {
    const group = byQuote[m.quote] ?? {};
    byQuote[m.quote] = group;
    group[marketName(m)] = {
      name: marketName(m),
      symbol: m.symbol,
      price: m.price_precision,
      volume: m.volume_precision,
      depth: m.depth_steps,
      limitVolumeMin: m.limit_volume_min,
      limitPriceMin: m.limit_price_min,
      marketBuyMin: m.market_buy_min,
      marketSellMin: m.market_sell_min,
      minNotional: m.min_notional,
      priceBandUp: m.price_band_up,
      priceBandDown: m.price_band_down,
      showName: m.show_name,
      sort: m.sort,
      isShow: m.is_show,
      is_open_lever: m.is_open_lever,
      etfOpen: m.etf_open,
      newcoinFlag: m.newcoin_flag,
      multiple: m.multiple,
      makerFee: m.maker_fee,
      takerFee: m.taker_fee,
      tags: JSON.parse(m.tags) as Record<string, string[]>,
      bigDealMin: m.big_deal_min,
    };
  }
  const coinList = Object.fromEntries(
    coins.map((c) => [
      c.symbol,
      {
        name: c.name,
        icon: c.icon,
        sort: c.sort,
        showPrecision: c.show_precision,
        otcOpen: c.otc_open,
        fiatPrecision: JSON.parse(c.fiat_precision) as Record<string, number>,
        isFiat: c.is_fiat,
        mainChainType: c.main_chain_type,
        depositOpen: c.deposit_open,
        withdrawOpen: c.withdraw_open,
      },
    ]),
  );
  const quotes = Object.keys(byQuote);
  return {
    market: byQuote,
    coinList,
    rate,
    wsUrl,
    maket_index: quotes.includes(maketIndex) ? maketIndex : (quotes[0] ?? ''),
  };
}

/**
 * Per language: each coin's index price in the language's fiat (coins without one, or a fiat without an exchange
 * rate, are left out), the fiat itself as "1", its digits and symbol.
 */
export async function buildRateTable(services: Services): Promise<z.input<typeof rateTable>> {
  const [languages, index] = await Promise.all([services.settings.languages(), services.prices.current()]);
  return Object.fromEntries(
    languages.map((language) => {
      const fiat = language.defaultFiat;
      const perCoin = [...index.prices.keys()].flatMap((coin) => {
        const price = priceIn(index, coin, fiat);
        return price ? [[coin, price.toFixed()]] : [];
      });
      return [
        language.id,
        {
          ...Object.fromEntries(perCoin),
          [fiat.toUpperCase()]: '1',
          coin_precision: language.coinPrecision,
          lang_logo: language.langLogo,
        },
      ];
    }),
  );
}

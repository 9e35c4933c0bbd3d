import {
  brandKeys,
  type publicInfoReply,
  type siteModes,
  switchDefaults,
  type templateLayoutTypes,
} from '@opex/contract/calls/public-info';
import type { z } from 'zod';
import { buildMarketBlock } from '../../catalog/market-block.ts';
import { listSkins } from '../../catalog/skins.ts';
import { listChains } from '../../chains/chain-config.ts';
import { kycLimitConfig } from '../../kyc/trade-limit.ts';
import type { Services } from '../../services.ts';

type PublicInfo = z.input<typeof publicInfoReply>;

const urlKeys = ['exUrl', 'otcUrl', 'coUrl', 'mexUrl', 'motcUrl', 'mcoUrl', 'trackUrl'] as const;

/** Fills every expected key of a settings object, '' where the operator set nothing. */
function withKeys<K extends string>(
  keys: readonly K[],
  stored: Record<string, string>,
): Record<K, string> & Record<string, string> {
  return { ...Object.fromEntries(keys.map((k) => [k, ''])), ...stored } as Record<K, string>;
}

/** common/public_info_v4: assembled from operator settings, skins, coins, markets and rates on every call. */
export async function buildPublicInfo(services: Services): Promise<PublicInfo> {
  const { settings } = services;
  const [brand, seo, indexHeaderTitle, nc, url, switches, languages, defaultLanguage, restricted, layout, siteMode] =
    await Promise.all([
      settings.get<Record<string, string>>('brand', {}),
      settings.get<Record<string, string>>('seo', {}),
      settings.get<Record<string, string>>('indexHeaderTitle', {}),
      settings.get<Record<string, string>>('nc', {}),
      settings.get<Record<string, string>>('url', {}),
      settings.switches(),
      settings.languages(),
      settings.get<string>('defaultLanguage', ''),
      settings.restrictedCountries(),
      settings.get<(typeof templateLayoutTypes)[number]>('templateLayoutType', '1'),
      settings.get<(typeof siteModes)[number]>('siteMode', 'standard'),
    ]);
  const [skins, market, chains, kycLimits] = await Promise.all([
    listSkins(services.database.db),
    buildMarketBlock(services),
    listChains(services.database.db),
    kycLimitConfig(settings),
  ]);
  const defaultSkin = skins.find((s) => s.is_default === 1) ?? skins[0];
  return {
    msg: withKeys(brandKeys, brand),
    txExplorers: Object.fromEntries(chains.filter((c) => c.explorer_tx).map((c) => [c.chain, c.explorer_tx])),
    skin: {
      default: defaultSkin?.skin_key ?? '',
      listist: skins.map((s) => ({
        skinId: s.skin_key,
        skinName: JSON.parse(s.names) as Record<string, string>,
        mainClor: s.main_color,
        imgPath: s.img_path,
        iconUrl: s.icon_url,
        colorList: JSON.parse(s.color_list) as { type: string; rgba: string[] }[],
        imgList: JSON.parse(s.img_list) as unknown[],
      })),
      changeSkin: skins.length > 1,
    },
    indexHeaderTitle,
    seo: withKeys(['title'], seo),
    nc: { nc_appkey: nc.nc_appkey ?? '', nc_prefix: nc.nc_prefix ?? '' },
    url: withKeys(urlKeys, url),
    lan: {
      defLan: defaultLanguage,
      lanList: languages.map((l) => ({ id: l.id, name: l.name, defaultFiat: l.defaultFiat })),
    },
    switch: { ...switchDefaults, ...switches },
    kycLimitConfig: { lever_trade_kyc_open: kycLimits.leverTrade ? 1 : 0 },
    market,
    limitCountryList: restricted,
    templateLayoutType: layout,
    siteMode,
  };
}

import {
  appDownload,
  changeLanguage,
  coinSymbolIntroduce,
  footerAndHeader,
  homepageElasticLayer,
  index,
} from '@opex/contract/calls/common';
import { market, publicInfoV4, rate } from '@opex/contract/calls/public-info';
import { ErrorCode } from '@opex/contract/error-codes';
import type { FastifyInstance } from 'fastify';
import { readCoinProfile } from '../../catalog/coin-profiles.ts';
import { findCoin } from '../../catalog/coins.ts';
import { buildMarketBlock, buildRateTable } from '../../catalog/market-block.ts';
import { findCmsPage } from '../../content/cms-pages.ts';
import { listNotices } from '../../content/notices.ts';
import { bindCall } from '../../platform/call-binding.ts';
import { CallError } from '../../platform/call-error.ts';
import type { Services } from '../../services.ts';
import { localised } from '../../settings/languages.ts';
import { listBanners } from './banners.ts';
import { homeMarkets } from './home-markets.ts';
import { activePopup } from './home-popups.ts';
import { buildPublicInfo } from './public-info.ts';

const HUNDRED_YEARS_S = 100 * 365 * 24 * 3600;
const HOME_NOTICE_COUNT = 5;

/** The public common/* calls and the home pop-up. */
export async function registerCommon(app: FastifyInstance, services: Services) {
  const { db } = services.database;
  const { config } = services;

  bindCall(app, services, publicInfoV4, async () => buildPublicInfo(services));
  bindCall(app, services, market, async () => buildMarketBlock(services));
  bindCall(app, services, rate, async () => ({ rate: await buildRateTable(services) }));

  bindCall(app, services, appDownload, async () => {
    const stored = await services.settings.get<Record<string, string>>('app_download', {});
    return {
      app_page_url: stored.app_page_url ?? '',
      ios_download_url: stored.ios_download_url ?? '',
      android_download_url: stored.android_download_url ?? '',
      google_play_url: stored.google_play_url ?? '',
    };
  });

  bindCall(app, services, footerAndHeader, async (_input, ctx) => {
    const [footer, header] = await Promise.all([
      findCmsPage(db, 'footer', ctx.lang),
      findCmsPage(db, 'header', ctx.lang),
    ]);
    return { footer: footer?.body ?? '', header: header?.body ?? '' };
  });

  bindCall(app, services, index, async (_input, ctx) => {
    const [cmsAdvertList, notices, marketList] = await Promise.all([
      listBanners(db, ctx.lang),
      listNotices(db, ctx.lang, 1, HOME_NOTICE_COUNT),
      homeMarkets(services),
    ]);
    return { cmsAdvertList, noticeInfoList: notices.noticeInfoList, marketList };
  });

  bindCall(app, services, coinSymbolIntroduce, async ({ symbol }, ctx) => {
    const coin = await findCoin(db, symbol);
    if (!coin) throw new CallError(ErrorCode.coinNotFound);
    const introduction = JSON.parse(coin.introduction) as Record<string, string>;
    return {
      symbol: coin.symbol,
      name: coin.name,
      icon: coin.icon,
      introduction: localised(introduction, ctx.lang),
      ...readCoinProfile(coin.profile),
    };
  });

  // The users table has no language column, so the cookie is the one place the choice lives, logged in or not.
  bindCall(app, services, changeLanguage, async ({ language }, ctx) => {
    const languages = await services.settings.languages();
    if (!languages.some((l) => l.id === language)) throw new CallError(ErrorCode.languageUnsupported);
    ctx.reply.setCookie('lan', language, {
      path: config.basePath || '/',
      maxAge: HUNDRED_YEARS_S,
      sameSite: 'lax',
      httpOnly: false,
      secure: config.cookieSecure,
    });
    return { language };
  });

  // index_layer_open turns the home pop-up layer on; while it is off no pop-up is served.
  bindCall(app, services, homepageElasticLayer, async ({ terminalType }, ctx) => {
    if (!(await services.settings.switchOn('index_layer_open'))) return null;
    return activePopup(db, { terminalType, lang: ctx.lang, loggedIn: ctx.session !== null, now: services.clock.now() });
  });
}

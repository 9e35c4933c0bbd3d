import { z } from 'zod';
import { defineCall } from '../call.ts';

/**
 * The other public common/* calls of the spec, the home pop-up (homepage_Elastic_Layer), the region check
 * (limit_ip_login) and the captcha challenge (common/tartCaptcha). public_info_v4, market and rate are in
 * public-info.ts.
 */

export const appDownload = defineCall({
  name: 'common/app_download',
  request: z.object({}),
  reply: z.object({
    app_page_url: z.string(),
    ios_download_url: z.string(),
    android_download_url: z.string(),
    google_play_url: z.string(),
  }),
});

/** The footer and header html templates of the international home layout ('' when the operator set none). */
export const footerAndHeader = defineCall({
  name: 'common/footer_and_header',
  request: z.object({}),
  reply: z.object({ footer: z.string(), header: z.string() }),
});

/**
 * A market on the home page. No trade has happened yet in a market when `close` is '--': then high, low and open
 * are '--' too, and rose, vol and amount are '0'. rose is a fraction ('0.0123' = +1.23 %).
 */
export const homeMarket = z.object({
  symbol: z.string(),
  name: z.string(),
  base: z.string(),
  quote: z.string(),
  close: z.string(),
  open: z.string(),
  high: z.string(),
  low: z.string(),
  rose: z.string(),
  vol: z.string(),
  amount: z.string(),
});

export const noticeSummary = z.object({ id: z.number(), title: z.string(), ctime: z.number() });

/** Home data: carousel slides, the latest notices, and every shown market in sort order. */
export const index = defineCall({
  name: 'common/index',
  request: z.object({}),
  reply: z.object({
    cmsAdvertList: z.array(z.object({ imageUrl: z.string(), httpUrl: z.string() })),
    noticeInfoList: z.array(noticeSummary),
    marketList: z.array(homeMarket),
  }),
});

/**
 * A coin's introduction in the caller's language (fallback en_US, else ''), with its profile: issue date
 * (YYYY-MM-DD), supply (an exact decimal), website and white paper addresses, each '' until the operator sets it.
 * Unknown coin: notFound.
 */
export const coinSymbolIntroduce = defineCall({
  name: 'common/coinSymbol_introduce',
  request: z.object({ symbol: z.string().trim().min(1).max(20) }),
  reply: z.object({
    symbol: z.string(),
    name: z.string(),
    icon: z.string(),
    introduction: z.string(),
    issueDate: z.string(),
    supply: z.string(),
    website: z.string(),
    whitePaper: z.string(),
  }),
});

/**
 * Sets the `lan` cookie (about 100 years) to a language of public info's lanList; an unknown language is refused
 * (languageUnsupported) and nothing changes.
 */
export const changeLanguage = defineCall({
  name: 'common/change_language',
  writes: true,
  request: z.object({ language: z.string().trim().min(1).max(10) }),
  reply: z.object({ language: z.string() }),
});

export const popupRecord = z.object({
  id: z.number(),
  mtime: z.number(),
  activityTitle: z.string(),
  startTime: z.number(),
  endTime: z.number(),
  /** 0 image, 1 text (html in imageText). */
  displayType: z.number(),
  picturePath: z.string(),
  pictureUrl: z.string(),
  imageText: z.string(),
  buttonWritingOne: z.string(),
  buttonWritingTwo: z.string(),
  buttonUrlOne: z.string(),
  buttonUrlTwo: z.string(),
  /** 1 only logged-in users, 0 everyone. */
  isLogin: z.number(),
});

/**
 * The home pop-up active now for the terminal type ('0' web) in the caller's language (fallback en_US); null when
 * none. Pop-ups for logged-in users only are left out for visitors.
 */
export const homepageElasticLayer = defineCall({
  name: 'homepage_Elastic_Layer',
  method: 'GET',
  request: z.object({ terminalType: z.string().max(10).regex(/^\d+$/, 'digits only').default('0') }),
  reply: popupRecord.nullable(),
});

/** Region check: '0' when allowed; code 109109 with msg = the restricted countries' names when not. */
export const limitIpLogin = defineCall({
  name: 'limit_ip_login',
  method: 'GET',
  request: z.object({}),
  reply: z.null(),
});

/** GeeTest's register answer: the challenge the widget starts from. */
export const geetestChallenge = z.object({ challenge: z.string(), gt: z.string(), success: z.number() });

/** An ALTCHA (altcha-lib v2) challenge: solve it and send base64(JSON {challenge, solution}) as the `altcha` field. */
export const altchaChallenge = z.object({
  parameters: z.record(z.string(), z.unknown()),
  signature: z.string().optional(),
});

/**
 * A captcha challenge for the current verificationType: '1' GeeTest {challenge, gt, success}, '3' ALTCHA
 * challenge, '0' and '2' (the Aliyun widget needs no server challenge) null.
 */
export const tartCaptcha = defineCall({
  name: 'common/tartCaptcha',
  request: z.object({}),
  reply: z.object({
    verificationType: z.string(),
    captcha: z.union([geetestChallenge, altchaChallenge]).nullable(),
  }),
});

import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../database.ts';
import { withId } from './columns.ts';

/**
 * The catalogue (coins, markets, rates, skins), the operator's content (CMS pages, footer links, notices, banners,
 * home pop-ups), used proof-of-work challenges, and the settings every install needs before an operator touches
 * anything: the six languages with their fiat, the realtime address, the layout and site mode.
 */
export default (dialect: Dialect): Migration => ({
  // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
  async up(db: Kysely<any>) {
    await withId(db.schema.createTable('coins'), dialect)
      .addColumn('symbol', 'varchar(20)', (c) => c.notNull().unique())
      .addColumn('name', 'varchar(100)', (c) => c.notNull())
      .addColumn('icon', 'varchar(500)', (c) => c.notNull())
      .addColumn('sort', 'integer', (c) => c.notNull())
      .addColumn('show_precision', 'integer', (c) => c.notNull())
      .addColumn('scale', 'integer', (c) => c.notNull())
      .addColumn('is_fiat', 'integer', (c) => c.notNull())
      .addColumn('main_chain_type', 'varchar(50)', (c) => c.notNull())
      .addColumn('deposit_open', 'integer', (c) => c.notNull())
      .addColumn('withdraw_open', 'integer', (c) => c.notNull())
      .addColumn('otc_open', 'integer', (c) => c.notNull())
      .addColumn('fiat_precision', 'text', (c) => c.notNull())
      .addColumn('introduction', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();

    await withId(db.schema.createTable('markets'), dialect)
      .addColumn('symbol', 'varchar(40)', (c) => c.notNull().unique())
      .addColumn('base', 'varchar(20)', (c) => c.notNull())
      .addColumn('quote', 'varchar(20)', (c) => c.notNull())
      .addColumn('show_name', 'varchar(50)', (c) => c.notNull())
      .addColumn('price_precision', 'integer', (c) => c.notNull())
      .addColumn('volume_precision', 'integer', (c) => c.notNull())
      .addColumn('depth_steps', 'varchar(200)', (c) => c.notNull())
      .addColumn('limit_volume_min', 'text', (c) => c.notNull())
      .addColumn('limit_price_min', 'text', (c) => c.notNull())
      .addColumn('market_buy_min', 'text', (c) => c.notNull())
      .addColumn('market_sell_min', 'text', (c) => c.notNull())
      .addColumn('maker_fee', 'text', (c) => c.notNull())
      .addColumn('taker_fee', 'text', (c) => c.notNull())
      .addColumn('sort', 'integer', (c) => c.notNull())
      .addColumn('is_show', 'integer', (c) => c.notNull())
      .addColumn('status', 'varchar(10)', (c) => c.notNull())
      .addColumn('is_open_lever', 'integer', (c) => c.notNull())
      .addColumn('etf_open', 'integer', (c) => c.notNull())
      .addColumn('newcoin_flag', 'integer', (c) => c.notNull())
      .addColumn('multiple', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('rates')
      .addColumn('coin', 'varchar(20)', (c) => c.notNull())
      .addColumn('fiat', 'varchar(10)', (c) => c.notNull())
      .addColumn('rate', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('rates_pk', ['coin', 'fiat'])
      .execute();

    await withId(db.schema.createTable('skins'), dialect)
      .addColumn('skin_key', 'varchar(50)', (c) => c.notNull().unique())
      .addColumn('names', 'text', (c) => c.notNull())
      .addColumn('main_color', 'varchar(50)', (c) => c.notNull())
      .addColumn('img_path', 'varchar(500)', (c) => c.notNull())
      .addColumn('icon_url', 'varchar(500)', (c) => c.notNull())
      .addColumn('color_list', 'text', (c) => c.notNull())
      .addColumn('img_list', 'text', (c) => c.notNull())
      .addColumn('sort', 'integer', (c) => c.notNull())
      .addColumn('is_default', 'integer', (c) => c.notNull())
      .execute();

    await withId(db.schema.createTable('cms_pages'), dialect)
      .addColumn('page_key', 'varchar(100)', (c) => c.notNull())
      .addColumn('lang', 'varchar(10)', (c) => c.notNull())
      .addColumn('title', 'varchar(200)', (c) => c.notNull())
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .addUniqueConstraint('cms_pages_key_lang', ['page_key', 'lang'])
      .execute();

    await withId(db.schema.createTable('footer_links'), dialect)
      .addColumn('list_key', 'varchar(100)', (c) => c.notNull())
      .addColumn('list_title', 'varchar(200)', (c) => c.notNull())
      .addColumn('lang', 'varchar(10)', (c) => c.notNull())
      .addColumn('link_text', 'varchar(200)', (c) => c.notNull())
      .addColumn('link', 'varchar(1000)', (c) => c.notNull())
      .addColumn('link_type', 'integer', (c) => c.notNull())
      .addColumn('sort', 'integer', (c) => c.notNull())
      .execute();

    await withId(db.schema.createTable('notices'), dialect)
      .addColumn('lang', 'varchar(10)', (c) => c.notNull())
      .addColumn('title', 'varchar(200)', (c) => c.notNull())
      .addColumn('content', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('notices_lang_created').on('notices').columns(['lang', 'created_at']).execute();

    await withId(db.schema.createTable('banners'), dialect)
      .addColumn('lang', 'varchar(10)', (c) => c.notNull())
      .addColumn('image_url', 'varchar(1000)', (c) => c.notNull())
      .addColumn('http_url', 'varchar(1000)', (c) => c.notNull())
      .addColumn('sort', 'integer', (c) => c.notNull())
      .execute();

    await withId(db.schema.createTable('popups'), dialect)
      .addColumn('lang', 'varchar(10)', (c) => c.notNull())
      .addColumn('terminal_type', 'varchar(10)', (c) => c.notNull())
      .addColumn('activity_title', 'varchar(200)', (c) => c.notNull())
      .addColumn('start_time', 'bigint', (c) => c.notNull())
      .addColumn('end_time', 'bigint', (c) => c.notNull())
      .addColumn('display_type', 'integer', (c) => c.notNull())
      .addColumn('picture_path', 'varchar(1000)', (c) => c.notNull())
      .addColumn('picture_url', 'varchar(1000)', (c) => c.notNull())
      .addColumn('image_text', 'text', (c) => c.notNull())
      .addColumn('button_writing_one', 'varchar(100)', (c) => c.notNull())
      .addColumn('button_writing_two', 'varchar(100)', (c) => c.notNull())
      .addColumn('button_url_one', 'varchar(1000)', (c) => c.notNull())
      .addColumn('button_url_two', 'varchar(1000)', (c) => c.notNull())
      .addColumn('is_login', 'integer', (c) => c.notNull())
      .addColumn('mtime', 'bigint', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('captcha_solutions')
      .addColumn('challenge_key', 'varchar(200)', (c) => c.primaryKey())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .execute();

    await db
      .insertInto('settings')
      .values(
        Object.entries(baseSettings).map(([key, value]) => ({ key, value: JSON.stringify(value), updated_at: 0 })),
      )
      .onConflict((oc) => oc.column('key').doNothing())
      .execute();
  },
});

/** What public info needs on a fresh install; the operator changes them with the admin CLI. */
const baseSettings: Record<string, unknown> = {
  languages: [
    { id: 'el_GR', name: '繁體中文', defaultFiat: 'cny', langLogo: '¥', coinPrecision: 2 },
    { id: 'en_US', name: 'English', defaultFiat: 'usd', langLogo: '$', coinPrecision: 2 },
    { id: 'ja_JP', name: '日本語', defaultFiat: 'jpy', langLogo: '¥', coinPrecision: 0 },
    { id: 'ko_KR', name: '한국어', defaultFiat: 'krw', langLogo: '₩', coinPrecision: 0 },
    { id: 'vi_VN', name: 'Tiếng Việt', defaultFiat: 'vnd', langLogo: '₫', coinPrecision: 0 },
    { id: 'zh_CN', name: '简体中文', defaultFiat: 'cny', langLogo: '¥', coinPrecision: 2 },
  ],
  defaultLanguage: 'en_US',
  // Bot protection with no third party out of the box: the self-hosted proof of work.
  switch: { verificationType: '3' },
  wsUrl: '/kline-api/ws',
  templateLayoutType: '1',
  siteMode: 'standard',
  limitCountryList: [],
};

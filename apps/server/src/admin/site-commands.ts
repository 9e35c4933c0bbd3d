import { brandKeys, siteModes, switchDefaults, templateLayoutTypes } from '@opex/contract/calls/public-info';
import { validDiscount, validFeeCoin } from '../core/fee-coin.ts';
import { SIM_COUPON_KEY, validCoupon } from '../futures/sim-coupon.ts';
import { SettingsStore } from '../settings/settings-store.ts';
import { type AdminCommand, change, positional } from './admin-command.ts';
import { AdminInputError, text } from './admin-input.ts';

/** Switches, brand, free-form site settings and the restricted-country list. */

/** Settings an operator may write whole as JSON, each with a check of its shape. */
const settingShapes: Record<string, (value: unknown) => boolean> = {
  seo: isStringMap,
  indexHeaderTitle: isStringMap,
  nc: isStringMap,
  url: isStringMap,
  app_download: isStringMap,
  wsUrl: (v) => typeof v === 'string',
  // The futures socket (co public_info's wsUrl); unset, the server's own (CO_WS_PATH).
  coWsUrl: (v) => typeof v === 'string',
  maketIndex: (v) => typeof v === 'string',
  defaultLanguage: (v) => typeof v === 'string',
  templateLayoutType: (v) => (templateLayoutTypes as readonly unknown[]).includes(v),
  siteMode: (v) => (siteModes as readonly unknown[]).includes(v),
  // Trading fees in the platform coin (core/fee-coin.ts): the coin ("" turns it off) and the fraction paid.
  fee_coin: validFeeCoin,
  fee_coin_discount: validDiscount,
  // Simulated trading's coupon per margin coin (futures/sim-coupon.ts): {"USDT":"10000"}.
  [SIM_COUPON_KEY]: validCoupon,
  languages: (v) =>
    Array.isArray(v) &&
    v.every(
      (l) =>
        typeof l?.id === 'string' &&
        typeof l.name === 'string' &&
        typeof l.defaultFiat === 'string' &&
        typeof l.langLogo === 'string' &&
        Number.isInteger(l.coinPrecision),
    ),
};

function isStringMap(value: unknown): boolean {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.values(value).every((v) => typeof v === 'string')
  );
}

const regionNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });

export const siteCommands: Record<string, AdminCommand> = {
  'switch set': {
    usage: 'switch set <name> <value>',
    async run(ctx, p) {
      const switchName = text(positional(p, 0, 'name'), 'name', 100);
      const switchValue = text(positional(p, 1, 'value'), 'value', 50);
      if (!/^[A-Za-z0-9_]+$/.test(switchName)) throw new AdminInputError('<name> may hold letters, digits and _ only');
      const known = switchName in switchDefaults ? '' : ' (not a switch the web app reads)';
      await change(ctx, { action: 'switch.set', subject: switchName, detail: { value: switchValue } }, (db) =>
        new SettingsStore(db, ctx.clock).setSwitch(switchName, switchValue),
      );
      return `switch ${switchName} = ${switchValue}${known}`;
    },
  },
  'switch list': {
    usage: 'switch list',
    async run(ctx) {
      const set = await new SettingsStore(ctx.handle.db, ctx.clock).switches();
      return JSON.stringify({ ...switchDefaults, ...set }, null, 2);
    },
  },
  'brand set': {
    usage: `brand set <key> <value>   (key: ${brandKeys.join(', ')})`,
    async run(ctx, p) {
      const brandKey = positional(p, 0, 'key');
      if (!(brandKeys as readonly string[]).includes(brandKey)) {
        throw new AdminInputError(`<key> must be one of ${brandKeys.join(', ')}`);
      }
      const brandValue = text(p[1] ?? '', 'value', 100_000);
      await change(ctx, { action: 'brand.set', subject: brandKey, detail: { value: brandValue } }, async (db) => {
        const settings = new SettingsStore(db, ctx.clock);
        await settings.set('brand', { ...(await settings.get('brand', {})), [brandKey]: brandValue });
      });
      return `brand ${brandKey} set`;
    },
  },
  'setting set': {
    usage: `setting set <key> <json>   (key: ${Object.keys(settingShapes).join(', ')})`,
    async run(ctx, p) {
      const settingKey = positional(p, 0, 'key');
      const check = settingShapes[settingKey];
      if (!check) throw new AdminInputError(`<key> must be one of ${Object.keys(settingShapes).join(', ')}`);
      let value: unknown;
      try {
        value = JSON.parse(positional(p, 1, 'json'));
      } catch {
        throw new AdminInputError('<json> is not valid JSON (quote strings: \'"2"\')');
      }
      if (!check(value)) throw new AdminInputError(`<json> has the wrong shape for ${settingKey}`);
      await change(ctx, { action: 'setting.set', subject: settingKey, detail: { value } }, (db) =>
        new SettingsStore(db, ctx.clock).set(settingKey, value),
      );
      return `setting ${settingKey} set`;
    },
  },
  'setting get': {
    usage: 'setting get <key>',
    async run(ctx, p) {
      const value = await new SettingsStore(ctx.handle.db, ctx.clock).get(positional(p, 0, 'key'), null);
      return JSON.stringify(value, null, 2);
    },
  },
  'restricted set': {
    usage: "restricted set <ISO codes, comma-separated, e.g. US,KP; '' clears>",
    async run(ctx, [list]) {
      if (list === undefined) throw new AdminInputError('<codes> is required (use "" to clear the list)');
      const codes = [
        ...new Set(
          list
            .split(',')
            .map((c) => c.trim().toUpperCase())
            .filter(Boolean),
        ),
      ];
      for (const code of codes) {
        if (!/^[A-Z]{2}$/.test(code) || code === 'ZZ' || !regionNames.of(code)) {
          throw new AdminInputError(`"${code}" is not an ISO 3166 alpha-2 country code`);
        }
      }
      await change(ctx, { action: 'restricted.set', subject: 'limitCountryList', detail: { codes } }, (db) =>
        new SettingsStore(db, ctx.clock).set('limitCountryList', codes),
      );
      return codes.length
        ? `restricted: ${codes.map((c) => `${c} (${regionNames.of(c)})`).join(', ')}`
        : 'restricted list cleared';
    },
  },
};

import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { Clock } from '../platform/clock.ts';

/**
 * Operator configuration kept in the `settings` table as JSON per key: the public-info switches, the brand,
 * the restricted-country list, and whatever else the operator sets. Read on each call: the table is tiny and
 * an operator change must show at once on every node.
 */
export type Switches = Record<string, string>;

/** A language of the site, with the fiat its users see values in (settings key `languages`). */
export interface Language {
  id: string;
  name: string;
  /** Lower-case fiat code, e.g. usd. */
  defaultFiat: string;
  /** The fiat's symbol, e.g. $. */
  langLogo: string;
  /** Digits of fiat values. */
  coinPrecision: number;
}

export class SettingsStore {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
  ) {}

  async get<T>(key: string, fallback: T): Promise<T> {
    const row = await this.db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();
    return row ? (JSON.parse(row.value) as T) : fallback;
  }

  async set(key: string, value: unknown): Promise<void> {
    const row = { key, value: JSON.stringify(value), updated_at: this.clock.now() };
    await this.db
      .insertInto('settings')
      .values(row)
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: row.value, updated_at: row.updated_at }))
      .execute();
  }

  /** The spec's switches; an absent switch means '0'. */
  async switches(): Promise<Switches> {
    return this.get<Switches>('switch', {});
  }

  async switchOn(name: string): Promise<boolean> {
    return (await this.switches())[name] === '1';
  }

  async setSwitch(name: string, value: string): Promise<void> {
    await this.set('switch', { ...(await this.switches()), [name]: value });
  }

  async languages(): Promise<Language[]> {
    return this.get<Language[]>('languages', []);
  }

  /** ISO 3166 alpha-2 codes of the countries whose visitors are refused (settings key `limitCountryList`). */
  async restrictedCountries(): Promise<string[]> {
    return this.get<string[]>('limitCountryList', []);
  }
}

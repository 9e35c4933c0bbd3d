import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { Clock } from '../platform/clock.ts';

/**
 * Operator configuration kept in the `settings` table as JSON per key: the public-info switches, the brand,
 * the restricted-country list, and whatever else the operator sets. Read on each call: the table is tiny and
 * an operator change must show at once on every node.
 */
export type Switches = Record<string, string>;

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
}

import type { ParseArgsConfig } from 'node:util';
import type { Kysely } from 'kysely';
import type { DatabaseHandle } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import type { Clock } from '../platform/clock.ts';
import { SettingsStore } from '../settings/settings-store.ts';
import { AdminInputError } from './admin-input.ts';
import { recordAudit } from './audit.ts';

/** One operator command: its usage line, its --flags, and what it does. */
export interface AdminContext {
  handle: DatabaseHandle;
  clock: Clock;
  /** Who is acting, for the audit trail: 'cli:<os user>'. */
  actor: string;
}

export type Flags = Record<string, string | boolean | undefined>;

export interface AdminCommand {
  usage: string;
  options?: NonNullable<ParseArgsConfig['options']>;
  run(ctx: AdminContext, positionals: string[], flags: Flags): Promise<string>;
}

/** Applies an operator change and its audit row in one transaction: both happen or neither. */
export async function change(
  ctx: AdminContext,
  audit: { action: string; subject: string; detail: unknown },
  apply: (db: Kysely<Database>) => Promise<void>,
): Promise<void> {
  await ctx.handle.db.transaction().execute(async (trx) => {
    await apply(trx);
    await recordAudit(trx, { actor: ctx.actor, ...audit }, ctx.clock.now());
  });
}

/** A language id the site offers (settings `languages`). */
export async function language(ctx: AdminContext, value: string): Promise<string> {
  const offered = (await new SettingsStore(ctx.handle.db, ctx.clock).languages()).map((l) => l.id);
  if (!offered.includes(value)) throw new AdminInputError(`--lang must be one of ${offered.join(', ')}`);
  return value;
}

/** String flags, named for the options table of parseArgs. */
export const stringFlags = (...names: string[]) =>
  Object.fromEntries(names.map((n) => [n, { type: 'string' as const }]));

export function positional(positionals: string[], index: number, name: string): string {
  const value = positionals[index];
  if (value === undefined || value === '') throw new AdminInputError(`<${name}> is required`);
  return value;
}

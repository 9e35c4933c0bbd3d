import { type Kysely, type Migration, type MigrationProvider, Migrator } from 'kysely';
import type { Dialect } from './database.ts';
import { migrations } from './migrations/index.ts';

/** Migrations are plain modules listed in one index, so they work alike from source, bundles and tests. */
class ListedMigrations implements MigrationProvider {
  constructor(private readonly dialect: Dialect) {}
  async getMigrations(): Promise<Record<string, Migration>> {
    const bound: Record<string, Migration> = {};
    for (const [name, make] of Object.entries(migrations)) bound[name] = make(this.dialect);
    return bound;
  }
}

// biome-ignore lint/suspicious/noExplicitAny: the migrator works on any schema
export async function migrateToLatest(db: Kysely<any>, dialect: Dialect, pgSchema = 'public'): Promise<string[]> {
  // On PostgreSQL the migrator must look for its own tables in our schema only, not in any schema of the database.
  const migrator = new Migrator({
    db,
    provider: new ListedMigrations(dialect),
    ...(dialect === 'postgres' ? { migrationTableSchema: pgSchema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

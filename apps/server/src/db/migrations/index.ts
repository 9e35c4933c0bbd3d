import type { Migration } from 'kysely';
import type { Dialect } from '../database.ts';
import platform from './0001_platform.ts';

/** Every migration in order. Names sort in the order they must run. */
export const migrations: Record<string, (dialect: Dialect) => Migration> = {
  '0001_platform': platform,
};

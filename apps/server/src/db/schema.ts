import type { AccountTables } from './tables/accounts.ts';
import type { ContentTables } from './tables/content.ts';
import type { AccountTables } from './tables/accounts.ts';
import type { PlatformTables } from './tables/platform.ts';

/** The whole schema: each domain declares its tables in db/tables/<domain>.ts. */
export interface Database extends PlatformTables, AccountTables, ContentTables {}

import type { AccountTables } from './tables/accounts.ts';
import type { ContentTables } from './tables/content.ts';
import type { DepositTables } from './tables/deposits.ts';
import type { FavouriteTables } from './tables/favourites.ts';
import type { FuturesTables } from './tables/futures.ts';
import type { FuturesPriceTables } from './tables/futures-prices.ts';
import type { FuturesTriggerTables } from './tables/futures-triggers.ts';
import type { JobTables } from './tables/jobs.ts';
import type { LedgerTables } from './tables/ledger.ts';
import type { MarginTables } from './tables/margin.ts';
import type { MarketDataTables } from './tables/market-data.ts';
import type { OpenApiTables } from './tables/open-api.ts';
import type { PlatformTables } from './tables/platform.ts';
import type { SecurityTables } from './tables/security.ts';
import type { TradingTables } from './tables/trading.ts';
import type { WithdrawalTables } from './tables/withdrawals.ts';

/** The whole schema: each domain declares its tables in db/tables/<domain>.ts. */
export interface Database
  extends PlatformTables,
    AccountTables,
    ContentTables,
    LedgerTables,
    TradingTables,
    MarketDataTables,
    OpenApiTables,
    SecurityTables,
    DepositTables,
    WithdrawalTables,
    FavouriteTables,
    JobTables,
    MarginTables,
    FuturesTables,
    FuturesPriceTables,
    FuturesTriggerTables {}

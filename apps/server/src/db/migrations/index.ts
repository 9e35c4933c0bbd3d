import type { Migration } from 'kysely';
import type { Dialect } from '../database.ts';
import platform from './0001_platform.ts';
import accounts from './0002_accounts.ts';
import content from './0003_content.ts';
import ledger from './0004_ledger.ts';
import trading from './0005_trading.ts';
import marketData from './0006_market_data.ts';
import security from './0007_security.ts';
import openApi from './0008_open_api.ts';
import deposits from './0009_deposits.ts';
import ledgerHistory from './0010_ledger_history.ts';
import withdrawals from './0011_withdrawals.ts';
import favouriteSymbols from './0012_favourite_symbols.ts';
import feeCoin from './0013_fee_coin.ts';
import totpSealed from './0014_totp_sealed.ts';
import marketBuyByQuantity from './0015_market_buy_by_quantity.ts';
import leanWriteIndexes from './0016_lean_write_indexes.ts';
import listenKeys from './0017_listen_keys.ts';
import marketGuards from './0018_market_guards.ts';
import stopLimitOrders from './0019_stop_limit_orders.ts';
import indexPrices from './0020_index_prices.ts';
import messageKeys from './0021_message_keys.ts';
import quoteOrderQty from './0022_quote_order_qty.ts';
import preventedMatches from './0023_prevented_matches.ts';
import coinProfiles from './0024_coin_profiles.ts';
import marketTagsBigDeals from './0025_market_tags_big_deals.ts';
import chainExplorers from './0026_chain_explorers.ts';
import jobLeases from './0027_job_leases.ts';
import coreProducts from './0028_core_products.ts';
import margin from './0029_margin.ts';
import futuresContracts from './0030_futures_contracts.ts';
import listenKeyAccounts from './0031_listen_key_accounts.ts';
import futuresUserConfig from './0032_futures_user_config.ts';
import futuresPositions from './0033_futures_positions.ts';
import futuresPrices from './0034_futures_prices.ts';
import futuresTriggers from './0035_futures_triggers.ts';
import futuresLiquidations from './0036_futures_liquidations.ts';
import futuresDeliveries from './0037_futures_deliveries.ts';
import futuresCoupons from './0038_futures_coupons.ts';
import partialLiquidations from './0039_partial_liquidations.ts';

/** Every migration in order. Names sort in the order they must run. */
export const migrations: Record<string, (dialect: Dialect) => Migration> = {
  '0001_platform': platform,
  '0002_accounts': accounts,
  '0003_content': content,
  '0004_ledger': ledger,
  '0005_trading': trading,
  '0006_market_data': marketData,
  '0007_security': security,
  '0008_open_api': openApi,
  '0009_deposits': deposits,
  '0010_ledger_history': ledgerHistory,
  '0011_withdrawals': withdrawals,
  '0012_favourite_symbols': favouriteSymbols,
  '0013_fee_coin': feeCoin,
  '0014_totp_sealed': totpSealed,
  '0015_market_buy_by_quantity': marketBuyByQuantity,
  '0016_lean_write_indexes': leanWriteIndexes,
  '0017_listen_keys': listenKeys,
  '0018_market_guards': marketGuards,
  '0019_stop_limit_orders': stopLimitOrders,
  '0020_index_prices': indexPrices,
  '0021_message_keys': messageKeys,
  '0022_quote_order_qty': quoteOrderQty,
  '0023_prevented_matches': preventedMatches,
  '0024_coin_profiles': coinProfiles,
  '0025_market_tags_big_deals': marketTagsBigDeals,
  '0026_chain_explorers': chainExplorers,
  '0027_job_leases': jobLeases,
  '0028_core_products': coreProducts,
  '0029_margin': margin,
  '0030_futures_contracts': futuresContracts,
  '0031_listen_key_accounts': listenKeyAccounts,
  '0032_futures_user_config': futuresUserConfig,
  '0033_futures_positions': futuresPositions,
  '0034_futures_prices': futuresPrices,
  '0035_futures_triggers': futuresTriggers,
  '0036_futures_liquidations': futuresLiquidations,
  '0037_futures_deliveries': futuresDeliveries,
  '0038_futures_coupons': futuresCoupons,
  '0039_partial_liquidations': partialLiquidations,
};

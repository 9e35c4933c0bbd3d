import { ErrorCode } from '@opex/contract/error-codes';
import type { Contract } from '../catalog/contracts.ts';
import { findLiveContractById, LIVE, listContracts } from '../catalog/contracts.ts';
import type { FuturesRules } from '../core/futures/futures-rules.ts';
import { futuresSymbol } from '../core/futures/futures-rules.ts';
import type { MarketSpec } from '../core/market-spec.ts';
import { ledgerFromUnits } from '../ledger/ledger-units.ts';
import { CallError } from '../platform/call-error.ts';
import type { Services } from '../services.ts';

/**
 * A live contract with its book in the core: what the co calls act on. The catalogue row names it; the core's spec
 * (refreshed within seconds of a listing) carries its trading rules.
 */
export interface LiveContract {
  contract: Contract;
  symbol: string;
  spec: MarketSpec & { futures: FuturesRules };
}

export async function liveContract(services: Services, contractId: number): Promise<LiveContract> {
  const contract = await findLiveContractById(services.database.db, contractId);
  if (!contract) throw new CallError(ErrorCode.notFound, 'contractId: no listed contract has this id.');
  const symbol = futuresSymbol(contract.contract_name);
  let spec = services.core.market(symbol);
  if (!spec) {
    await services.core.reloadMarkets();
    spec = services.core.market(symbol);
  }
  if (!spec?.futures) throw new CallError(ErrorCode.notFound, 'contractId: this contract is not trading yet.');
  return { contract, symbol, spec: spec as LiveContract['spec'] };
}

/** Every live contract by its book's symbol (delisted ones' orders and positions keep their rows but no book). */
export async function contractsBySymbol(services: Services): Promise<Map<string, Contract>> {
  const contracts = await listContracts(services.database.db, LIVE);
  return new Map(contracts.map((c) => [futuresSymbol(c.contract_name), c]));
}

/**
 * The price positions are valued at. Until the mark price service serves a contract, its last trade price stands
 * in (null before the first trade).
 */
export interface ContractMarks {
  markOf(symbol: string): bigint | null;
  indexOf(symbol: string): bigint | null;
}

export function lastPriceMarks(services: Services): ContractMarks {
  const last = (symbol: string) => {
    const book = services.core.book(symbol);
    const spec = services.core.market(symbol);
    return book && spec && book.lastPrice > 0 ? ledgerFromUnits(book.lastPrice, spec.pricePrecision) : null;
  };
  return { markOf: last, indexOf: last };
}

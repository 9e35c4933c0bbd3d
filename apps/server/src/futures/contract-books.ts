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

/** The prices positions are valued at (futures/contract-prices.ts serves them). */
export interface ContractMarks {
  markOf(symbol: string): bigint | null;
  indexOf(symbol: string): bigint | null;
}

/**
 * The price a contract's positions are valued at now: its mark, or before the mark service has one (no index price
 * yet) its last trade price; null before both.
 */
export function valuationPrice(services: Services, marks: ContractMarks, symbol: string): bigint | null {
  const mark = marks.markOf(symbol);
  if (mark !== null) return mark;
  const book = services.core.book(symbol);
  const spec = services.core.market(symbol);
  return book && spec && book.lastPrice > 0 ? ledgerFromUnits(book.lastPrice, spec.pricePrecision) : null;
}

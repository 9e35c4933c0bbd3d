import {
  fundingRateList,
  indexPriceKline,
  PRICE_KLINE_PAGE,
  publicMarketInfo,
  tagPriceKline,
} from '@opex/contract/calls/co-common';
import type { FastifyInstance } from 'fastify';
import type { Contract } from '../../catalog/contracts.ts';
import { futuresSymbol } from '../../core/futures/futures-rules.ts';
import type { PriceKind } from '../../db/tables/futures-prices.ts';
import { shownPrice } from '../../futures/contract-prices.ts';
import { fundingPage, lastRates, predictedRate } from '../../futures/funding-store.ts';
import { barsBefore } from '../../futures/price-bars.ts';
import { ledgerOf } from '../../ledger/ledger-units.ts';
import { bindCall } from '../../platform/call-binding.ts';
import type { Services } from '../../services.ts';

/**
 * The co host's price calls (contract-notes-products.md §1.1): a contract's index and mark price now with its
 * funding rates, both prices' one-minute bars, and its settled funding history.
 */
export function registerCoPriceCalls(
  app: FastifyInstance,
  services: Services,
  contractOf: (id: number) => Promise<Contract>,
) {
  const { db } = services.database;
  const { contractPrices } = services;

  bindCall(app, services, publicMarketInfo, async ({ contractId }) => {
    const contract = await contractOf(contractId);
    const symbol = futuresSymbol(contract.contract_name);
    const price = (units: bigint | null) => shownPrice(units, contract.price_precision);
    const rates = contract.delivery_time === null ? await fundingRates(contract) : { current: '0', next: '0' };
    return {
      tagPrice: price(contractPrices.markOf(symbol)),
      indexPrice: price(contractPrices.indexOf(symbol)),
      currentFundRate: rates.current,
      nextFundRate: rates.next,
    };
  });

  /** The last settled rate, and the running interval's rate predicted from its samples so far. */
  const fundingRates = async (contract: Contract) => {
    const [last, next] = await Promise.all([lastRates(db), predictedRate(db, contract, services.clock.now())]);
    return { current: last.get(contract.id) ?? '0', next: next.rate };
  };

  const bars =
    (kind: PriceKind) =>
    async ({ contractId, beginTime }: { contractId: number; beginTime?: number }) => {
      const contract = await contractOf(contractId);
      const rows = await barsBefore(db, contract.id, kind, beginTime, PRICE_KLINE_PAGE);
      const price = (text: string) => shownPrice(ledgerOf(text), contract.price_precision);
      return {
        records: rows.map((r) => ({
          mtime: Number(r.open_time),
          open: price(r.open),
          high: price(r.high),
          low: price(r.low),
          close: price(r.close),
        })),
      };
    };
  bindCall(app, services, indexPriceKline, bars('index'));
  bindCall(app, services, tagPriceKline, bars('mark'));

  bindCall(app, services, fundingRateList, async ({ contractId, page, limit }) => {
    const contract = await contractOf(contractId);
    const { rows, count } = await fundingPage(db, contract.id, page, limit);
    const historyList = rows.map((r) => ({
      id: Number(r.id),
      ctime: Number(r.funding_time),
      contractName: contract.contract_name,
      amount: r.rate,
    }));
    return {
      historyList,
      brokenLineList: [...historyList].reverse().map((r) => ({ ctime: r.ctime, amount: r.amount })),
      count,
    };
  });
}

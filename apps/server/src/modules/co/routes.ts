import { coPublicInfo, getLadderInfo, indexPriceWeightList } from '@opex/contract/calls/co-common';
import { ErrorCode } from '@opex/contract/error-codes';
import { CO_WS_PATH } from '@opex/contract/realtime';
import type { FastifyInstance } from 'fastify';
import { listCoins } from '../../catalog/coins.ts';
import { findLiveContractById, LIVE, listBrackets, listContracts } from '../../catalog/contracts.ts';
import { listMarkets, marketName } from '../../catalog/markets.ts';
import { sendFuturesNotices } from '../../futures/futures-notices.ts';
import { watchFuturesRisk } from '../../futures/liquidation-watch.ts';
import { bindCall } from '../../platform/call-binding.ts';
import { CallError } from '../../platform/call-error.ts';
import { indexSources } from '../../prices/index-price-table.ts';
import type { Services } from '../../services.ts';
import { registerCoAccount } from './co-account.ts';
import { registerCoInsuranceCalls } from './co-insurance.ts';
import { registerCoOrderCalls } from './co-order.ts';
import { registerCoPositionCalls } from './co-position.ts';
import { registerCoPriceCalls } from './co-prices.ts';
import { registerCoTriggerCalls } from './co-trigger.ts';
import { registerCoUserCalls } from './co-user.ts';
import { contractView, ladderView } from './contract-views.ts';
import { triggerKits } from './trigger-create.ts';
import { TriggerWatch } from './trigger-watch.ts';

/** A coin's digits where the coin is unknown (platform.md §9: futures default coin precision). */
const DEFAULT_COIN_PRECISION = 4;

/**
 * The co host: the public catalogue (contracts, their brackets and index composition), the futures account, the
 * user settings, orders, conditional orders (and the trigger watch that fires them) and positions.
 */
export async function registerCoModule(app: FastifyInstance, services: Services) {
  const { db } = services.database;
  const marks = services.contractPrices;
  registerCoAccount(app, services, marks);
  const watch = await TriggerWatch.start(services);
  app.addHook('onClose', async () => watch.stop());
  const triggers = { services, watch, marks };
  triggerKits.set(services, triggers);
  registerCoOrderCalls(app, services, triggers);
  registerCoTriggerCalls(app, triggers);
  registerCoPositionCalls(app, services, marks);
  registerCoInsuranceCalls(app, services);
  const stopRiskWatch = watchFuturesRisk(services);
  const stopNotices = sendFuturesNotices(services);
  app.addHook('onClose', async () => {
    stopRiskWatch();
    stopNotices();
  });

  const contractOf = async (id: number) => {
    const contract = await findLiveContractById(db, id);
    if (!contract) throw new CallError(ErrorCode.notFound, 'contractId: no listed contract has this id.');
    return contract;
  };
  registerCoUserCalls(app, services, contractOf);
  registerCoPriceCalls(app, services, contractOf);

  bindCall(app, services, coPublicInfo, async () => {
    const [contracts, coins, wsUrl] = await Promise.all([
      listContracts(db, LIVE),
      listCoins(db),
      services.settings.get<string>('coWsUrl', CO_WS_PATH),
    ]);
    const precision = new Map(coins.map((c) => [c.symbol, c.show_precision]));
    return {
      contractList: contracts.map((c) => contractView(c, precision.get(c.margin_coin) ?? DEFAULT_COIN_PRECISION)),
      marginCoinList: [...new Set(contracts.map((c) => c.margin_coin))],
      wsUrl,
      currentTimeMillis: services.clock.now(),
    };
  });

  bindCall(app, services, getLadderInfo, async ({ contractId }) => {
    const contract = await contractOf(contractId);
    return ladderView(await listBrackets(db, contract.id));
  });

  bindCall(app, services, indexPriceWeightList, async ({ contractId, page, limit }) => {
    const contract = await contractOf(contractId);
    const [table, markets] = await Promise.all([services.prices.current(), listMarkets(db)]);
    const bySymbol = new Map(markets.map((m) => [m.symbol, m]));
    const sources = indexSources(table, bySymbol, contract.base, contract.quote);
    const records = sources.map((symbol, i) => {
      const market = bySymbol.get(symbol);
      return { id: i + 1, name: market ? marketName(market) : symbol, weightRate: '1' };
    });
    return { records: records.slice((page - 1) * limit, page * limit) };
  });
}

import { type addressFailures, depositCoins, depositList, getChargeAddress } from '@opex/contract/calls/deposit';
import { ErrorCode } from '@opex/contract/error-codes';
import type { FastifyInstance } from 'fastify';
import { findCoin, listCoins } from '../../catalog/coins.ts';
import { findChain, findCoinChain, listChains, listCoinChains } from '../../chains/chain-config.ts';
import { depositAddressFor } from '../../chains/deposit-addresses.ts';
import { depositRecordOf } from '../../chains/deposit-records.ts';
import { runModuleJobs } from '../../jobs/module-jobs.ts';
import { bindCall } from '../../platform/call-binding.ts';
import { CallError } from '../../platform/call-error.ts';
import type { Services } from '../../services.ts';

/**
 * /assets/recharge: the coins and chains that take deposits, the caller's address, the caller's deposits; and the
 * deposit watcher, polling the chains every CHAIN_POLL_MS (0: only when a test polls).
 */
export async function registerDepositModule(app: FastifyInstance, services: Services) {
  const { db } = services.database;
  const { deposits } = services;
  await runModuleJobs(app, services.jobs, [
    {
      name: 'deposit-watch',
      everyMs: services.config.chainPollMs,
      // Deposits a crash left mid-credit are settled before the first round.
      takeOver: () => deposits.processor.recover(),
      run: () => deposits.pollOnce(),
    },
  ]);

  bindCall(app, services, depositCoins, async () => {
    const chains = new Map((await listChains(db)).map((c) => [c.chain, c]));
    const coinChains = await listCoinChains(db);
    const coins = await listCoins(db);
    return {
      coins: coins.flatMap((coin) => {
        const offered = coinChains.filter((cc) => cc.coin === coin.symbol && chains.has(cc.chain));
        if (offered.length === 0) return [];
        return [
          {
            symbol: coin.symbol,
            name: coin.name,
            icon: coin.icon,
            showPrecision: coin.show_precision,
            depositOpen: coin.deposit_open,
            chains: offered.map((cc) => {
              const chain = chains.get(cc.chain)!;
              return {
                chain: cc.chain,
                name: chain.name,
                minDeposit: cc.min_deposit,
                confirmations: chain.confirmations,
                needMemo: cc.need_memo,
              };
            }),
          },
        ];
      }),
    };
  });

  bindCall(app, services, getChargeAddress, async (input, ctx) => {
    // is_deposit_open pauses every deposit at once: no address is handed out (coins already on their way still land).
    if (!(await services.settings.switchOn('is_deposit_open'))) throw new CallError(ErrorCode.depositsPaused);
    const coin = await findCoin(db, input.symbol);
    if (!coin) throw new CallError(ErrorCode.coinNotFound);
    if (!coin.deposit_open) throw new CallError(ErrorCode.depositClosed);
    const chainId = input.chain ?? (await listCoinChains(db, { coin: coin.symbol }))[0]?.chain;
    const coinChain = chainId ? await findCoinChain(db, coin.symbol, chainId) : undefined;
    const chain = chainId ? await findChain(db, chainId) : undefined;
    if (!coinChain || !chain) throw new CallError(ErrorCode.depositChainUnknown);
    const issued = await depositAddressFor(db, services.clock, ctx.userId, chain, coinChain);
    return {
      symbol: coin.symbol,
      chain: chain.chain,
      state: issued.state,
      address: issued.address,
      memo: issued.memo,
      needMemo: coinChain.need_memo,
      minDeposit: coinChain.min_deposit,
      confirmations: chain.confirmations,
      // Written only by depositAddressFor, from a DerivationError's reason.
      error: issued.error as (typeof addressFailures)[number] | '',
    };
  });

  bindCall(app, services, depositList, async (input, ctx) => {
    let query = db.selectFrom('deposits').where('user_id', '=', ctx.userId);
    if (input.symbol) query = query.where('coin', '=', input.symbol);
    const { count } = await query.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
    const rows = await query
      .selectAll()
      .orderBy('id', 'desc')
      .limit(input.pageSize)
      .offset((input.page - 1) * input.pageSize)
      .execute();
    return {
      count: Number(count),
      financeList: rows.map(depositRecordOf),
    };
  });
}

import Big from 'big.js';
import type { FastifyInstance } from 'fastify';
import { exchangeAccount } from '../read-model/account-ref.ts';
import { accountBalances } from '../read-model/balance-reads.ts';
import type { Services } from '../services.ts';
import { allMarkets, findMarket } from './exchange-info.ts';
import { binanceSymbol } from './market-format.ts';
import { verifySigned } from './signed-request.ts';

/**
 * What a default Binance client (CCXT's `binance` with its default options) asks of `/sapi` while it loads and
 * trades spot: the system status, the trade fees, the coin configuration (our coins and chains with their deposit
 * and withdrawal switches, the caller's balances) and the cross margin pair list, empty: only isolated margin exists
 * here (margin-routes.ts). Signed where Binance signs them (USER_DATA), read with the key's `read` permission.
 */
const balanceText = (value: string) => new Big(value).toFixed(8);

export function registerWalletRoutes(scope: FastifyInstance, services: Services): void {
  const { db } = services.database;

  scope.get('/v1/system/status', async () => ({ status: 0, msg: 'normal' }));

  scope.get('/v1/asset/tradeFee', async (request) => {
    const { params } = await verifySigned(services, request, 'read');
    const symbol = params.optional('symbol');
    params.done();
    const specs = symbol === undefined ? await allMarkets(services) : [await findMarket(services, symbol)];
    return specs.flatMap((spec) =>
      spec
        ? [
            {
              symbol: binanceSymbol(spec),
              makerCommission: spec.makerFee.toFixed(),
              takerCommission: spec.takerFee.toFixed(),
            },
          ]
        : [],
    );
  });

  scope.get('/v1/capital/config/getall', async (request) => {
    const { userId, params } = await verifySigned(services, request, 'read');
    params.done();
    const [coins, deposit, withdraw, chains, balances] = await Promise.all([
      db.selectFrom('coins').selectAll().orderBy('sort').orderBy('symbol').execute(),
      db.selectFrom('coin_chains').selectAll().orderBy('sort').execute(),
      db.selectFrom('withdraw_coin_chains').selectAll().orderBy('chain').execute(),
      db.selectFrom('chains').select(['chain', 'name', 'confirmations']).execute(),
      accountBalances(db, exchangeAccount(userId)),
    ]);
    const chainOf = new Map(chains.map((c) => [c.chain, c]));
    const held = new Map(balances.map((b) => [b.coin.toLowerCase(), b]));
    return coins.map((coin) => {
      const key = coin.symbol.toLowerCase();
      const depositChains = deposit.filter((d) => d.coin.toLowerCase() === key);
      const withdrawChains = withdraw.filter((w) => w.coin.toLowerCase() === key);
      const names = [...new Set([...depositChains.map((d) => d.chain), ...withdrawChains.map((w) => w.chain)])];
      const unit = new Big(1).div(new Big(10).pow(coin.scale)).toFixed(coin.scale);
      const networkList = names.map((chain, i) => {
        const d = depositChains.find((c) => c.chain === chain);
        const w = withdrawChains.find((c) => c.chain === chain);
        return {
          network: chain.toUpperCase(),
          coin: coin.symbol.toUpperCase(),
          name: chainOf.get(chain)?.name ?? chain,
          isDefault: coin.main_chain_type ? coin.main_chain_type.toUpperCase() === chain.toUpperCase() : i === 0,
          depositEnable: coin.deposit_open === 1 && d !== undefined,
          withdrawEnable: coin.withdraw_open === 1 && w !== undefined,
          depositDesc: '',
          withdrawDesc: '',
          specialTips: '',
          resetAddressStatus: false,
          addressRegex: '',
          memoRegex: d?.need_memo ? '^[0-9A-Za-z]{1,64}$' : '',
          withdrawFee: w?.fee ?? '0',
          withdrawMin: w?.min_amount ?? '0',
          withdrawMax: w?.daily_limit_basic ?? '0',
          withdrawIntegerMultiple: unit,
          depositDust: d?.min_deposit ?? '0',
          minConfirm: chainOf.get(chain)?.confirmations ?? 0,
          unLockConfirm: 0,
          sameAddress: d?.need_memo === 1,
          estimatedArrivalTime: 0,
          busy: false,
          contractAddressUrl: '',
          contractAddress: d?.contract ?? '',
        };
      });
      const balance = held.get(key);
      return {
        coin: coin.symbol.toUpperCase(),
        name: coin.name,
        depositAllEnable: networkList.some((n) => n.depositEnable),
        withdrawAllEnable: networkList.some((n) => n.withdrawEnable),
        free: balanceText(balance?.available ?? '0'),
        locked: balanceText(balance?.locked ?? '0'),
        freeze: '0',
        withdrawing: '0',
        ipoing: '0',
        ipoable: '0',
        storage: '0',
        isLegalMoney: coin.is_fiat === 1,
        trading: true,
        networkList,
      };
    });
  });

  // Cross margin does not exist here: no cross pairs.
  scope.get('/v1/margin/allPairs', async () => []);
}

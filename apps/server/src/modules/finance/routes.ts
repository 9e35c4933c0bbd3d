import { accountBalance, accountBalanceV5 } from '@opex/contract/calls/finance';
import {
  fiatBalance,
  financeAccountTypeBalance,
  financeOtcTransfer,
  otcAccountList,
} from '@opex/contract/calls/finance-transfer';
import type { FastifyInstance } from 'fastify';
import { bindCall } from '../../platform/call-binding.ts';
import type { Services } from '../../services.ts';
import { accountBalances } from './account-balance.ts';
import { transferBetweenAccounts } from './account-transfer.ts';

/** The balance calls of every account type and transfers between them (deposits and withdrawals: own issue). */
export async function registerFinanceModule(app: FastifyInstance, services: Services) {
  const db = services.database.db;
  const indexPrices = () => services.prices.current();
  for (const call of [accountBalanceV5, accountBalance]) {
    bindCall(app, services, call, async (input, ctx) =>
      accountBalances(db, ctx.userId, input.coinSymbols, await indexPrices()),
    );
  }

  bindCall(app, services, financeAccountTypeBalance, async (input, ctx) => ({
    accountType: input.accountType,
    ...(await accountBalances(db, ctx.userId, input.coinSymbols, await indexPrices(), input.accountType)),
  }));

  bindCall(app, services, fiatBalance, async (input, ctx) => ({
    accountType: 'b2c' as const,
    ...(await accountBalances(db, ctx.userId, input.coinSymbols, await indexPrices(), 'b2c')),
  }));

  bindCall(app, services, otcAccountList, async (_input, ctx) => {
    const otc = await accountBalances(db, ctx.userId, undefined, await indexPrices(), 'otc');
    return {
      totalBalance: otc.totalBalance,
      totalBalanceSymbol: otc.totalBalanceSymbol,
      allCoinMap: Object.values(otc.allCoinMap).map((c) => ({
        coinSymbol: c.coinName,
        normal: c.normal_balance,
        lock: c.lock_balance,
        total: c.total_balance,
        btcValuation: c.allBtcValuatin,
        sort: c.sort,
        showPrecision: c.showPrecision,
      })),
    };
  });

  bindCall(app, services, financeOtcTransfer, async (input, ctx) =>
    transferBetweenAccounts(services, {
      userId: ctx.userId,
      fromAccount: input.fromAccount,
      toAccount: input.toAccount,
      amount: input.amount,
      coin: input.coinSymbol,
    }),
  );
}

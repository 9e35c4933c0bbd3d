import { accountBalance, accountBalanceV5 } from '@opex/contract/calls/finance';
import type { FastifyInstance } from 'fastify';
import { bindCall } from '../../platform/call-binding.ts';
import type { Services } from '../../platform/services.ts';
import { accountBalances } from './account-balance.ts';

/** The spot balance calls (deposits and withdrawals belong to their own issue). */
export async function registerFinanceModule(app: FastifyInstance, services: Services) {
  const lastPrice = (symbol: string) => services.core.lastPrice(symbol);
  for (const call of [accountBalanceV5, accountBalance]) {
    bindCall(app, services, call, async (input, ctx) =>
      accountBalances(services.database.db, ctx.userId, input.coinSymbols, lastPrice),
    );
  }
}

import {
  LoanStatus,
  leverBorrowHistory,
  leverBorrowNew,
  leverFinanceBalance,
  leverFinanceBorrow,
  leverFinanceReturn,
  leverFinanceSymbolBalance,
  leverFinanceTransfer,
  leverFinanceTransferList,
  leverReturnInfo,
} from '@opex/contract/calls/lever';
import { ErrorCode } from '@opex/contract/error-codes';
import Big from 'big.js';
import type { FastifyInstance } from 'fastify';
import { countedPage, pagePaging } from '../../db/paging.ts';
import { leverAccount } from '../../ledger/accounts.ts';
import { ledgerText, ledgerToBig } from '../../ledger/ledger-units.ts';
import {
  allPairViews,
  loanFigures,
  type MarginReader,
  marginMarket,
  marginMarkets,
  pairPrice,
  pairView,
  priceText,
} from '../../margin/margin-reads.ts';
import { bindCall } from '../../platform/call-binding.ts';
import { CallError } from '../../platform/call-error.ts';
import { btcValue } from '../../prices/index-price-table.ts';
import type { Services } from '../../services.ts';
import { leverPairOf } from './pair-format.ts';

/**
 * A pair's margin account: its balances and risk, borrowing, repaying, transfers with the exchange account, and the
 * loan and transfer records. Money moves only through the core's margin commands; while lever_open is off, money may
 * still leave (repay, transfer out) but nothing new is borrowed or moved in.
 */
export function registerLeverFinance(app: FastifyInstance, services: Services, reader: MarginReader) {
  const { core, clock } = services;
  const db = services.database.db;
  const market = (symbol: string) => {
    const spec = marginMarket(reader, symbol);
    if (!spec) throw new CallError(ErrorCode.marginPairClosed);
    return spec;
  };
  const leverOpen = async () => {
    if (!(await services.settings.switchOn('lever_open'))) throw new CallError(ErrorCode.switchedOff);
  };
  bindCall(app, services, leverFinanceBalance, async (_input, ctx) => {
    const views = await allPairViews(reader, ctx.userId, marginMarkets(reader), clock.now());
    const table = services.prices.latest();
    let total = new Big(0);
    const leverMap: Record<string, ReturnType<typeof leverPairOf>> = {};
    for (const view of views) {
      const pair = leverPairOf(view);
      leverMap[`${view.spec.base}/${view.spec.quote}`] = pair;
      if (view.risk)
        total = total.plus(btcValue(table, view.spec.quote, ledgerToBig(view.risk.assets - view.risk.debt)) ?? 0);
    }
    return { totalBalance: total.toFixed(), totalBalanceSymbol: 'BTC', leverMap };
  });

  bindCall(app, services, leverFinanceSymbolBalance, async (input, ctx) =>
    leverPairOf(await pairView(reader, ctx.userId, market(input.symbol), clock.now())),
  );

  bindCall(app, services, leverFinanceBorrow, async (input, ctx) => {
    await leverOpen();
    const spec = market(input.symbol);
    const outcome = await core.execute('marginBorrow', {
      userId: ctx.userId,
      symbol: spec.symbol,
      coin: input.coin,
      amount: input.amount,
      price: priceText(pairPrice(reader, spec)),
    });
    if (!outcome.ok) throw new CallError(outcome.code);
    return { id: outcome.loanId };
  });

  bindCall(app, services, leverFinanceReturn, async (input, ctx) => {
    const loan = await db
      .selectFrom('margin_loans')
      .select(['symbol', 'status'])
      .where('id', '=', input.id)
      .where('user_id', '=', ctx.userId)
      .executeTakeFirst();
    if (!loan || loan.status !== LoanStatus.open) throw new CallError(ErrorCode.loanNotFound);
    const spec = marginMarket(reader, loan.symbol);
    const outcome = await core.execute('marginRepay', {
      userId: ctx.userId,
      loanId: input.id,
      amount: input.amount,
      price: spec ? priceText(pairPrice(reader, spec)) : null,
    });
    if (!outcome.ok) throw new CallError(outcome.code);
    return { interestPaid: outcome.interestPaid, principalPaid: outcome.principalPaid };
  });

  bindCall(app, services, leverFinanceTransfer, async (input, ctx) => {
    const direction = input.toAccount === '2' ? 'in' : 'out';
    if (direction === 'in') await leverOpen();
    const spec = market(input.symbol);
    const outcome = await core.execute('marginTransfer', {
      userId: ctx.userId,
      symbol: spec.symbol,
      coin: input.coinSymbol,
      amount: input.amount,
      direction,
      price: priceText(pairPrice(reader, spec)),
    });
    if (!outcome.ok) throw new CallError(outcome.code);
    return {};
  });

  bindCall(app, services, leverFinanceTransferList, async (input, ctx) => {
    let query = db
      .selectFrom('ledger_entries')
      .where('owner_id', '=', ctx.userId)
      .where('cause', '=', 'transfer')
      .where('field', '=', 'available');
    query = input.symbol
      ? query.where('account', '=', leverAccount(input.symbol))
      : query.where('account', 'like', 'lever:%');
    if (input.transactionType === 1) query = query.where('delta', 'not like', '-%');
    if (input.transactionType === 2) query = query.where('delta', 'like', '-%');
    const { count, rows } = await countedPage(query, pagePaging(input));
    return {
      count,
      financeList: rows.map((r) => {
        const symbol = r.account.slice('lever:'.length);
        const spec = core.market(symbol.toLowerCase());
        const out = r.delta.startsWith('-');
        return {
          id: Number(r.id),
          createTime: Number(r.created_at),
          symbol,
          showName: spec ? `${spec.base}/${spec.quote}` : symbol,
          coinSymbol: r.coin,
          amount: out ? r.delta.slice(1) : r.delta,
          transferType: out ? 2 : 1,
        };
      }),
    };
  });

  for (const [call, open] of [
    [leverBorrowNew, true],
    [leverBorrowHistory, false],
  ] as const) {
    bindCall(app, services, call, async (input, ctx) => {
      let query = db
        .selectFrom('margin_loans')
        .where('user_id', '=', ctx.userId)
        .where('status', open ? '=' : '<>', LoanStatus.open);
      if (input.symbol) query = query.where('symbol', '=', input.symbol.toUpperCase());
      const { count, rows } = await countedPage(query, pagePaging(input));
      const now = clock.now();
      return {
        count,
        financeList: rows.map((row) => {
          const spec = core.market(row.symbol.toLowerCase());
          const scale = spec?.margin?.coins.get(row.coin)?.scale ?? 8;
          const { principal, interest } = loanFigures(row, scale, now);
          return {
            id: Number(row.id),
            ctime: Number(row.created_at),
            symbol: row.symbol,
            showName: spec ? `${spec.base}/${spec.quote}` : row.symbol,
            coin: row.coin,
            borrowMoney: row.borrowed,
            oweAmount: ledgerText(principal),
            oweInterest: ledgerText(interest),
            interest: row.interest_paid,
            interestRate: row.daily_rate,
            status: row.status,
          };
        }),
      };
    });
  }

  bindCall(app, services, leverReturnInfo, async (input, ctx) => {
    const rows = await db
      .selectFrom('margin_repayments')
      .selectAll()
      .where('loan_id', '=', input.id)
      .where('user_id', '=', ctx.userId)
      .orderBy('id')
      .limit(input.pageSize)
      .execute();
    return {
      financeList: rows.map((r) => ({
        repaymentTime: Number(r.created_at),
        coin: r.coin,
        returnMoney: r.amount,
        interestMoney: r.interest,
        principalMoney: r.principal,
        type: r.type,
      })),
    };
  });
}

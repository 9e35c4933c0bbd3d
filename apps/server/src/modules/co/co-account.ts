import { CoLedgerType, coAccountBalance, coTransactionList, coTransfer } from '@opex/contract/calls/co-account';
import { ErrorCode } from '@opex/contract/error-codes';
import type { FastifyInstance } from 'fastify';
import { findCoin } from '../../catalog/coins.ts';
import { LIVE, listContracts } from '../../catalog/contracts.ts';
import { countedPage, pagePaging } from '../../db/paging.ts';
import { ledgerText, parseLedger, truncateLedger } from '../../ledger/ledger-units.ts';
import { bindCall } from '../../platform/call-binding.ts';
import { CallError } from '../../platform/call-error.ts';
import { accountBalances } from '../../read-model/balance-reads.ts';
import type { Services } from '../../services.ts';

/**
 * The futures account: one `co` account per user, a balance per margin coin. Money moves in and out as one ledger
 * movement through the trading core (both rows or neither), while a listed contract margined in the coin allows it.
 */
export function registerCoAccount(app: FastifyInstance, services: Services) {
  const { db } = services.database;

  /** The live contracts margined in `coin`: transfers follow their fundsIn/fundsOut switches. */
  const contractsOf = async (coin: string) =>
    (await listContracts(db, LIVE)).filter((c) => c.margin_coin.toUpperCase() === coin);

  bindCall(app, services, coTransfer, async (input, ctx) => {
    const contracts = await contractsOf(input.coinSymbol);
    const listed = await findCoin(db, input.coinSymbol);
    if (contracts.length === 0 || !listed)
      throw new CallError(ErrorCode.coinNotFound, `coinSymbol: no listed contract is margined in ${input.coinSymbol}.`);
    const into = input.transferType === 'wallet_to_contract';
    const open = contracts.some((c) => (into ? c.funds_in_status : c.funds_out_status) === 1);
    if (!open) throw new CallError(ErrorCode.switchedOff);
    const units = parseLedger(input.amount);
    if (units === null || truncateLedger(units, listed.scale) !== units)
      throw new CallError(ErrorCode.transferPrecision);
    const exact = ledgerText(units);
    const [from, to] = into ? (['exchange', 'co'] as const) : (['co', 'exchange'] as const);
    const outcome = await services.core.postMovement({
      cause: 'transfer',
      causeId: `co-transfer:${ctx.userId}:${services.clock.now()}:${exact}`,
      memo: `${from}>${to}`,
      postings: [
        { ownerId: ctx.userId, account: from, coin: listed.symbol, field: 'available', delta: `-${exact}` },
        { ownerId: ctx.userId, account: to, coin: listed.symbol, field: 'available', delta: exact },
      ],
    });
    if (!outcome.ok)
      throw new CallError(
        outcome.reason === 'insufficient' ? ErrorCode.insufficientBalance : ErrorCode.tradingUnavailable,
      );
    return {};
  });

  bindCall(app, services, coAccountBalance, async (input, ctx) => {
    const coins = [...new Set((await listContracts(db, LIVE)).map((c) => c.margin_coin.toUpperCase()))].filter(
      (c) => input.marginCoin === undefined || c === input.marginCoin,
    );
    const rows = await accountBalances(db, { userId: ctx.userId, type: 'co' });
    return {
      accounts: coins.map((coin) => {
        const row = rows.find((r) => r.coin === coin);
        const available = row?.available ?? '0';
        const locked = row?.locked ?? '0';
        const total = ledgerText((parseLedger(available) ?? 0n) + (parseLedger(locked) ?? 0n));
        return {
          symbol: coin,
          canUseAmount: available,
          totalAmount: total,
          totalMargin: '0',
          isolateMargin: '0',
          lockAmount: locked,
          realizedAmount: '0',
          unRealizedAmount: '0',
          totalMarginRate: '0',
        };
      }),
    };
  });

  bindCall(app, services, coTransactionList, async (input, ctx) => {
    const endTime = input.endTime ?? services.clock.now();
    const startTime = input.beginTime ?? endTime - LEDGER_DEFAULT_DAYS * DAY_MS;
    let query = db
      .selectFrom('ledger_entries')
      .where('owner_id', '=', ctx.userId)
      .where('account', '=', 'co')
      .where('field', '=', 'available')
      .where('cause', '=', 'transfer');
    if (input.symbol) query = query.where('coin', '=', input.symbol);
    if (input.type === CoLedgerType.transferIn) query = query.where('delta', 'not like', '-%');
    else if (input.type === CoLedgerType.transferOut) query = query.where('delta', 'like', '-%');
    // Funding, fees, loss shares and bonuses come with futures trading: none exist yet.
    else if (input.type !== undefined) return { transList: [], count: 0 };
    const paging = pagePaging({ page: input.page, pageSize: input.limit, startTime, endTime });
    const { count, rows } = await countedPage(query, paging);
    return {
      count,
      transList: rows.map((r) => {
        const out = r.delta.startsWith('-');
        return {
          ctime: Number(r.created_at),
          type: out ? 'Transfer out' : 'Transfer in',
          typeCode: out ? CoLedgerType.transferOut : CoLedgerType.transferIn,
          amount: r.delta,
          contractName: '',
        };
      }),
    };
  });
}

/** The ledger list's window when the page names none (contract-notes §1.4). */
const LEDGER_DEFAULT_DAYS = 14;
const DAY_MS = 86_400_000;

import { CoLedgerType, coAccountBalance, coTransactionList, coTransfer } from '@opex/contract/calls/co-account';
import { ErrorCode } from '@opex/contract/error-codes';
import type { FastifyInstance } from 'fastify';
import { findCoin } from '../../catalog/coins.ts';
import { LIVE, listContracts } from '../../catalog/contracts.ts';
import { countedPage, pagePaging } from '../../db/paging.ts';
import type { ContractMarks } from '../../futures/contract-books.ts';
import { futuresAccount } from '../../futures/futures-account.ts';
import { ledgerText, parseLedger, truncateLedger } from '../../ledger/ledger-units.ts';
import { bindCall } from '../../platform/call-binding.ts';
import { CallError } from '../../platform/call-error.ts';
import type { Services } from '../../services.ts';
import { accountItem } from './co-position.ts';

/**
 * The futures account: one `co` account per user, a balance per margin coin. Money moves in and out as one ledger
 * movement through the trading core (both rows or neither), while a listed contract margined in the coin allows it.
 */
export function registerCoAccount(app: FastifyInstance, services: Services, marks: ContractMarks) {
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
    const coins = [...new Set((await listContracts(db, LIVE)).map((c) => c.margin_coin.toUpperCase()))];
    const accounts = await futuresAccount(services, ctx.userId, marks, coins);
    return {
      accounts: accounts
        .filter((a) => coins.includes(a.coin) && (input.marginCoin === undefined || a.coin === input.marginCoin))
        .map(accountItem),
    };
  });

  bindCall(app, services, coTransactionList, async (input, ctx) => {
    const endTime = input.endTime ?? services.clock.now();
    const startTime = input.beginTime ?? endTime - LEDGER_DEFAULT_DAYS * DAY_MS;
    let query = db
      .selectFrom('ledger_entries')
      .where('owner_id', '=', ctx.userId)
      .where('account', '=', 'co')
      // Margin moving between available and locked is not money in or out of the account.
      .where((eb) =>
        eb.or([
          eb.and([eb('field', '=', 'available'), eb('cause', 'in', ['transfer', 'fee'])]),
          // An isolated position's PnL and funding move its margin (locked); delivery is PnL realized at expiry.
          eb('cause', 'in', ['realized_pnl', 'delivery', 'funding']),
        ]),
      );
    if (input.symbol) query = query.where('coin', '=', input.symbol);
    const kinds = ledgerKinds[input.type ?? 0];
    if (input.type !== undefined && !kinds) return { transList: [], count: 0 };
    if (kinds) {
      query = query.where('cause', 'in', kinds.causes);
      if (kinds.sign === 'in') query = query.where('delta', 'not like', '-%');
      if (kinds.sign === 'out') query = query.where('delta', 'like', '-%');
      if (kinds.memo) query = query.where('memo', '=', kinds.memo);
    }
    const paging = pagePaging({ page: input.page, pageSize: input.limit, startTime, endTime });
    const { count, rows } = await countedPage(query, paging);
    const tradeIds = rows.flatMap((r) => (r.cause_id.startsWith('trade:') ? [Number(r.cause_id.slice(6))] : []));
    const trades = tradeIds.length
      ? await db.selectFrom('trades').select(['id', 'symbol']).where('id', 'in', tradeIds).execute()
      : [];
    // A delivery (delivery:{contract}) and a funding (funding:{contract}:{moment}) name their contract's id.
    const contractIdOf = (causeId: string) => /^(?:delivery|funding):(\d+)/.exec(causeId)?.[1];
    const contractIds = rows.flatMap((r) => contractIdOf(r.cause_id) ?? []).map(Number);
    const contracts = contractIds.length
      ? await db.selectFrom('contracts').select(['id', 'contract_name']).where('id', 'in', contractIds).execute()
      : [];
    const tradeSymbol = new Map(trades.map((t) => [`trade:${t.id}`, t.symbol]));
    const contractName = new Map(contracts.map((c) => [String(c.id), c.contract_name]));
    const nameOf = (causeId: string) => tradeSymbol.get(causeId) ?? contractName.get(contractIdOf(causeId) ?? '') ?? '';
    return {
      count,
      transList: rows.map((r) => {
        const code = kindOf(r.cause, r.memo, r.delta);
        return {
          ctime: Number(r.created_at),
          type: kindNames[code] ?? r.cause,
          typeCode: code,
          amount: r.delta,
          contractName: nameOf(r.cause_id).toUpperCase(),
        };
      }),
    };
  });
}

/** The ledger rows of each kind the list filters by. */
const ledgerKinds: Record<number, { causes: string[]; sign?: 'in' | 'out'; memo?: string }> = {
  [CoLedgerType.transferIn]: { causes: ['transfer'], sign: 'in' },
  [CoLedgerType.transferOut]: { causes: ['transfer'], sign: 'out' },
  [CoLedgerType.realizedPnl]: { causes: ['realized_pnl', 'delivery'] },
  [CoLedgerType.funding]: { causes: ['funding'] },
  [CoLedgerType.openFee]: { causes: ['fee'], memo: 'open' },
  [CoLedgerType.closeFee]: { causes: ['fee'], memo: 'close' },
};

function kindOf(cause: string, memo: string, delta: string): number {
  if (cause === 'transfer') return delta.startsWith('-') ? CoLedgerType.transferOut : CoLedgerType.transferIn;
  if (cause === 'fee') return memo === 'close' ? CoLedgerType.closeFee : CoLedgerType.openFee;
  if (cause === 'funding') return CoLedgerType.funding;
  return CoLedgerType.realizedPnl;
}

/** The original's display text of each kind (the page words it in its language by typeCode). */
const kindNames: Record<number, string> = {
  [CoLedgerType.transferIn]: 'Transfer in',
  [CoLedgerType.transferOut]: 'Transfer out',
  [CoLedgerType.realizedPnl]: 'Realized PnL',
  [CoLedgerType.funding]: 'Funding fee',
  [CoLedgerType.openFee]: 'Opening fee',
  [CoLedgerType.closeFee]: 'Closing fee',
};

/** The ledger list's window when the page names none (contract-notes §1.4). */
const LEDGER_DEFAULT_DAYS = 14;
const DAY_MS = 86_400_000;

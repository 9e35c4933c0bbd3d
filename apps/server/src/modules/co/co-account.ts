import { CoLedgerType, coAccountBalance, coTransactionList, coTransfer } from '@opex/contract/calls/co-account';
import { ErrorCode } from '@opex/contract/error-codes';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { findCoin } from '../../catalog/coins.ts';
import { LIVE, listContracts } from '../../catalog/contracts.ts';
import { futuresAccountsOf } from '../../core/futures/futures-rules.ts';
import { LIQUIDATION_MEMO } from '../../core/futures/futures-state.ts';
import { countedPage, pagePaging } from '../../db/paging.ts';
import type { Database } from '../../db/schema.ts';
import { accountOf, userAssets } from '../../futures/assets-views.ts';
import type { ContractMarks } from '../../futures/contract-books.ts';
import { ledgerText, parseLedger, truncateLedger } from '../../ledger/ledger-units.ts';
import { bindCall } from '../../platform/call-binding.ts';
import { CallError } from '../../platform/call-error.ts';
import type { Services } from '../../services.ts';

/**
 * The futures account: one `co` account per user, a balance per margin coin. Money moves in and out as one ledger
 * movement through the trading core (both rows or neither), while a listed contract margined in the coin allows it.
 */
export function registerCoAccount(app: FastifyInstance, services: Services, marks: ContractMarks) {
  const { db } = services.database;

  /**
   * The live real contracts margined in `coin`: transfers follow their fundsIn/fundsOut switches. Simulated ones
   * count for nothing here: their money is test money in another account, which never moves to a real one.
   */
  const contractsOf = async (coin: string) =>
    (await listContracts(db, LIVE)).filter(
      (c) => c.margin_coin.toUpperCase() === coin && futuresAccountsOf(c.contract_type).user === 'co',
    );

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
    const { accountList, coins } = await userAssets(services, ctx.userId, marks, accountOf(input.simulated));
    return {
      accounts: accountList.filter(
        (a) => coins.includes(a.symbol) && (input.marginCoin === undefined || a.symbol === input.marginCoin),
      ),
    };
  });

  bindCall(app, services, coTransactionList, async (input, ctx) => {
    const endTime = input.endTime ?? services.clock.now();
    const startTime = input.beginTime ?? endTime - LEDGER_DEFAULT_DAYS * DAY_MS;
    let query = db
      .selectFrom('ledger_entries')
      .where('owner_id', '=', ctx.userId)
      .where('account', '=', accountOf(input.simulated))
      // Margin moving between available and locked is not money in or out of the account.
      .where((eb) =>
        eb.or([
          eb.and([eb('field', '=', 'available'), eb('cause', 'in', ['transfer', 'fee', 'coupon'])]),
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
    const contractOf = await contractNames(db, rows);
    return {
      count,
      transList: rows.map((r) => {
        const code = kindOf(r.cause, r.memo, r.delta);
        return {
          ctime: Number(r.created_at),
          type: kindNames[code] ?? r.cause,
          typeCode: code,
          symbol: r.coin,
          amount: r.delta,
          contractName: contractOf.get(r.cause_id) ?? '',
        };
      }),
    };
  });
}

/**
 * The contract each ledger row came from, by its cause id: a fill's (trade:<id>), an auto-deleveraging's
 * (adl:<position id>), a funding payment's (funding:<contract id>:<time>) or a delivery's (delivery:<contract id>).
 */
async function contractNames(
  db: Kysely<Database>,
  rows: readonly { cause_id: string }[],
): Promise<Map<string, string>> {
  const idsOf = (prefix: string) => [
    ...new Set(rows.flatMap((r) => (r.cause_id.startsWith(prefix) ? [Number(r.cause_id.split(':')[1])] : []))),
  ];
  const [tradeIds, positionIds, contractIds] = [
    idsOf('trade:'),
    idsOf('adl:'),
    [...idsOf('funding:'), ...idsOf('delivery:')],
  ];
  const [trades, positions, contracts] = await Promise.all([
    tradeIds.length ? db.selectFrom('trades').select(['id', 'symbol']).where('id', 'in', tradeIds).execute() : [],
    positionIds.length
      ? db.selectFrom('futures_positions').select(['id', 'symbol']).where('id', 'in', positionIds).execute()
      : [],
    contractIds.length
      ? db.selectFrom('contracts').select(['id', 'contract_name']).where('id', 'in', contractIds).execute()
      : [],
  ]);
  const tradeSymbol = new Map(trades.map((t) => [Number(t.id), t.symbol.toUpperCase()]));
  const positionSymbol = new Map(positions.map((p) => [Number(p.id), p.symbol.toUpperCase()]));
  const contractName = new Map(contracts.map((c) => [Number(c.id), c.contract_name]));
  const names = new Map<string, string>();
  for (const { cause_id } of rows) {
    const [prefix, id] = cause_id.split(':');
    const table = { trade: tradeSymbol, adl: positionSymbol, funding: contractName, delivery: contractName }[
      prefix as string
    ];
    const name = table?.get(Number(id));
    if (name) names.set(cause_id, name);
  }
  return names;
}

/** The ledger rows of each kind the list filters by. */
const ledgerKinds: Record<number, { causes: string[]; sign?: 'in' | 'out'; memo?: string }> = {
  [CoLedgerType.transferIn]: { causes: ['transfer'], sign: 'in' },
  [CoLedgerType.transferOut]: { causes: ['transfer'], sign: 'out' },
  [CoLedgerType.realizedPnl]: { causes: ['realized_pnl'], memo: '' },
  [CoLedgerType.funding]: { causes: ['funding'] },
  [CoLedgerType.openFee]: { causes: ['fee'], memo: 'open' },
  [CoLedgerType.closeFee]: { causes: ['fee'], memo: 'close' },
  [CoLedgerType.bonusIssued]: { causes: ['coupon'] },
  [CoLedgerType.liquidation]: { causes: ['realized_pnl', 'fee'], memo: LIQUIDATION_MEMO },
  [CoLedgerType.delivery]: { causes: ['delivery'] },
};

function kindOf(cause: string, memo: string, delta: string): number {
  if (cause === 'transfer') return delta.startsWith('-') ? CoLedgerType.transferOut : CoLedgerType.transferIn;
  if (memo === LIQUIDATION_MEMO) return CoLedgerType.liquidation;
  if (cause === 'fee') return memo === 'close' ? CoLedgerType.closeFee : CoLedgerType.openFee;
  if (cause === 'funding') return CoLedgerType.funding;
  if (cause === 'coupon') return CoLedgerType.bonusIssued;
  if (cause === 'delivery') return CoLedgerType.delivery;
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
  [CoLedgerType.bonusIssued]: 'Bonus issued',
  [CoLedgerType.liquidation]: 'Liquidation',
  [CoLedgerType.delivery]: 'Delivery',
};

/** The ledger list's window when the page names none (contract-notes §1.4). */
const LEDGER_DEFAULT_DAYS = 14;
const DAY_MS = 86_400_000;

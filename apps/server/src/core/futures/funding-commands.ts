import type { OrderBook } from '@opex/engine/order-book';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { SYSTEM_OWNER } from '../../ledger/accounts.ts';
import { ledgerFromUnits, ledgerOf, ledgerText } from '../../ledger/ledger-units.ts';
import type { CorePosting } from '../balance-cache.ts';
import type { BatchEffects } from '../batch-effects.ts';
import type { CommandEntry } from '../command-entry.ts';
import type { CoreState } from '../core-state.ts';
import type { MarketSpec } from '../market-spec.ts';
import { type BookLevel, fundingRate, impactNotional, premiumSample, settleFunding } from './funding.ts';
import { type FundingSchedule, intervalMs, intervalStart, isFundingTime, MINUTE_MS } from './funding-times.ts';
import type { FuturesPosition } from './futures-state.ts';

/**
 * Funding's scheduled core commands (core-schedule.ts). Each minute `premiumSample` samples every perpetual's
 * premium from its book as the core holds it at that moment; each hour `fundingSettle` settles the rate of the
 * interval that ends then for the perpetuals whose funding moment it is, from the interval's stored samples, with
 * the mark price then, and pays it between the contract's open positions (payFunding) in the same batch. Their rows
 * are stored with the task's mark, so a restart neither repeats a moment nor skips a settlement; a minute missed while
 * the server was down has no sample (the book then is gone), and its interval's rate averages the samples it has.
 *
 * The operator's `funding settle` (admin/funding-commands.ts) sends the same command through the core inbox, marked
 * `operator`: its one contract settles at that moment, though it is none of the schedule's, at the rate of the running
 * interval's samples so far (the rate the co host predicts), and the inbox row is marked done in the same commit. It
 * is a settlement of its own: the scheduled one at the interval's end still takes the whole interval's samples.
 */
export interface FundingMoment {
  /** The moment this command stands for (the scheduler's; the core also passes it as `at`). */
  at: number;
  contracts: FundingContract[];
  /** An operator's settlement now, not the schedule's: its contracts settle whether or not `at` is a funding moment. */
  operator?: true;
  /** The core_inbox row an operator's settlement came in, marked done with it. */
  inboxId?: number;
}

export interface FundingContract extends FundingSchedule {
  contractId: number;
  /** The contract's book: e-btc-usdt. */
  symbol: string;
  /** The rate's bound either way, ledger text. */
  cap: string;
  /**
   * Index and mark at this moment, ledger text; null when unknown, or when the moment is sent late (after a
   * restart): a settlement then takes the mark from the minute's stored mark bar.
   */
  index: string | null;
  mark: string | null;
}

export interface FundingOutcome {
  ok: boolean;
  /** Premiums sampled, or intervals settled. */
  count: number;
}

/** The interval's samples (and the stored mark when none came in) for each settlement, read before the batch. */
type Prepared = Map<string, { samples: bigint[]; storedMark: string | null }>;
const settlementKey = (contractId: number, at: number) => `${contractId}:${at}`;
const unavailable = (): FundingOutcome => ({ ok: false, count: 0 });

export function fundingCommands() {
  const prepared: Prepared = new Map();
  const premiumSample: CommandEntry<FundingMoment, FundingOutcome> = {
    owners: () => [],
    needsMarkets: (input, state) => input.contracts.some((c) => !state.markets.has(c.symbol)),
    apply: ({ state, batch }, { at, contracts }) => {
      let count = 0;
      for (const c of contracts) {
        const market = state.markets.get(c.symbol);
        if (c.index === null || !market) continue;
        const premium = sampleOf(market.spec, market.book, ledgerOf(c.index));
        if (premium === null) continue;
        batch.insert('funding_samples', {
          contract_id: c.contractId,
          at,
          premium: ledgerText(premium),
          index_price: c.index,
        });
        count++;
      }
      return { ok: true, count };
    },
    unavailable,
  };
  const fundingSettle: CommandEntry<FundingMoment, FundingOutcome> = {
    prepare: async (db, inputs) => {
      prepared.clear();
      for (const { at, contracts, operator } of inputs) {
        for (const c of contracts) {
          if (operator || isFundingTime(c, at))
            prepared.set(settlementKey(c.contractId, at), await settlementInputs(db, c, at));
        }
      }
    },
    owners: () => [],
    apply: ({ state, batch }, { at, contracts, inboxId }) => {
      if (inboxId !== undefined) batch.inboxDone.push({ id: inboxId, result: 'ok' });
      let count = 0;
      for (const c of contracts) {
        const inputs = prepared.get(settlementKey(c.contractId, at));
        if (!inputs) continue;
        const rate = fundingRate(inputs.samples, BigInt(c.frequencyHours), ledgerOf(c.cap));
        const mark = c.mark ?? inputs.storedMark;
        batch.insert('funding_rates', {
          contract_id: c.contractId,
          funding_time: at,
          rate: ledgerText(rate),
          mark,
          samples: inputs.samples.length,
        });
        if (mark !== null) payFunding(state, batch, c, ledgerOf(mark), rate, at);
        count++;
      }
      return { ok: true, count };
    },
    unavailable,
  };
  return { premiumSample, fundingSettle };
}

/** The premium of the book now at the contract's impact notional (its top leverage's), or null when too thin. */
export function sampleOf(spec: MarketSpec, book: OrderBook, index: bigint): bigint | null {
  const rules = spec.futures;
  if (!rules || index <= 0n) return null;
  const levels = (side: OrderBook['bids']): BookLevel[] => {
    const out: BookLevel[] = [];
    for (let level = side.best(); level !== -1; level = side.worse(level)) {
      out.push([
        ledgerFromUnits(side.price[level] as number, spec.pricePrecision),
        BigInt(side.volume[level] as number),
      ]);
    }
    return out;
  };
  // No brackets yet: no leverage is offered, so the notional is that of 1x.
  const notional = impactNotional(rules.brackets[0]?.maxLeverage ?? 1n);
  return premiumSample(rules.terms, { bids: levels(book.bids), asks: levels(book.asks) }, index, notional);
}

/** The samples of the interval up to `at`: the whole interval ending at a funding moment, else the running one's so far. */
async function settlementInputs(db: Kysely<Database>, c: FundingContract, at: number) {
  const from = isFundingTime(c, at) ? at - intervalMs(c) : intervalStart(c, at);
  const rows = await db
    .selectFrom('funding_samples')
    .select('premium')
    .where('contract_id', '=', c.contractId)
    .where('at', '>=', from)
    .where('at', '<', at)
    .orderBy('at')
    .execute();
  const bar =
    c.mark === null
      ? await db
          .selectFrom('futures_price_klines')
          .select('close')
          .where('contract_id', '=', c.contractId)
          .where('kind', '=', 'mark')
          .where('open_time', '=', at - MINUTE_MS)
          .executeTakeFirst()
      : undefined;
  return { samples: rows.map((r) => ledgerOf(r.premium)), storedMark: bar?.close ?? null };
}

/**
 * Pays one funding between the contract's open positions at `mark` (funding.ts settleFunding: payers' amounts rounded
 * up, receivers' down). A cross position pays from and is paid into the account's available balance, an isolated
 * one its own margin; what a payer cannot cover and the rounding's leftover are the insurance fund's, so the
 * postings sum to zero. Each payment is a ledger row (cause funding, id funding:contract:moment).
 */
export function payFunding(
  state: CoreState,
  batch: BatchEffects,
  c: FundingContract,
  mark: bigint,
  rate: bigint,
  at: number,
) {
  const market = state.markets.get(c.symbol);
  const rules = market?.spec.futures;
  if (!rules || rate === 0n) return;
  const positions = [...state.futures.positionsOf(c.symbol)];
  if (positions.length === 0) return;
  const { payments } = settleFunding(rules.terms, positions, mark, rate, rules.marginScale);
  const coin = rules.marginCoin;
  const { user: account, insurance } = rules.accounts;
  const postings: CorePosting[] = [];
  let total = 0n;
  for (const [i, payment] of payments.entries()) {
    const p = positions[i] as FuturesPosition;
    let amount = payment.amount;
    if (amount === 0n) continue;
    const isolated = p.marginMode === 2;
    if (amount < 0n) {
      // What it can pay: its margin (isolated), or the available balance and then its margin (cross).
      const available = isolated ? 0n : state.balances.get(p.userId, account, coin).available;
      const fromAvailable = smaller(-amount, available);
      const fromMargin = smaller(-amount - fromAvailable, p.margin);
      if (fromAvailable > 0n)
        postings.push({ ownerId: p.userId, account, coin, field: 'available', delta: -fromAvailable });
      if (fromMargin > 0n) postings.push({ ownerId: p.userId, account, coin, field: 'locked', delta: -fromMargin });
      p.margin -= fromMargin;
      amount = -(fromAvailable + fromMargin);
    } else {
      postings.push({
        ownerId: p.userId,
        account,
        coin,
        field: isolated ? 'locked' : 'available',
        delta: amount,
      });
      if (isolated) p.margin += amount;
    }
    p.funding += amount;
    p.updatedAt = at;
    batch.positions.set(p.id, p);
    total += amount;
  }
  if (total !== 0n)
    postings.push({ ownerId: SYSTEM_OWNER, account: insurance, coin, field: 'available', delta: -total });
  // One posting per payment: a big contract's settlement is one pass, checked once.
  state.balances.post('funding', `funding:${c.contractId}:${at}`, postings, at, batch.ledger);
}

const smaller = (a: bigint, b: bigint) => (a < b ? a : b);

import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedContract } from '../../../test/futures-fixtures.ts';
import { openTestDatabase, type TestDatabase } from '../../../test/harness.ts';
import { SYSTEM_OWNER } from '../../ledger/accounts.ts';
import { ledgerText } from '../../ledger/ledger-units.ts';
import { payFunding } from './funding-commands.ts';
import { indexedCandidates, scannedCandidates } from './futures-liquidation.ts';
import type { FuturesRules } from './futures-rules.ts';
import { isLiquidatable } from './liquidation.ts';
import { FuturesHarness, futuresProblems } from './testing/futures-harness.ts';

/**
/**
 * Futures under seeded random order streams and price paths, in memory through the core's own commands (orders,
 * cancels, mark moves, funding, isolated margin and leverage changes; the brackets' low caps take positions into the
 * upper brackets, so liquidations go partly by bracket), on a real perpetual and a simulated one (its money in co_sim)
 * traded by the same users: after every event the positions net to zero, no position is flat or holds negative
 * margin, every co and co_sim locked balance is what orders and positions on it hold, every batch only moves money
 * (per coin), never between simulated and real accounts, and each funding sums to zero; after a mark move no isolated
 * position is left liquidatable while another user holds the other side, and the liquidation index found every
 * position and cross account that valuing them all finds; and a replay of the same commands gives the same state
 * hash. FUTURES_PROPERTY_STEPS sets the steps (10^5 in CI); longer runs under bench/.
 */
const STEPS = Number(process.env.FUTURES_PROPERTY_STEPS ?? 100_000);
const STEPS_PER_RUN = 1_000;
/** The real contract and the simulated one; a step names one by its place here. */
const SYMBOLS = ['e-btc-usdt', 's-btc-usdt'] as const;
const contract = fc.constantFrom(0, 1);
const MAKER = 100;
const TRADERS = [1, 2, 3, 4, 5, 6];
const TIERS = '400:125:0.004,1000:100:0.006,3000:50:0.01,1000000:20:0.02';
/** Traders 4-6 trade in hedge mode; even traders isolated. */
const hedge = (t: number) => t >= 4;
const isolated = (t: number) => t % 2 === 0;

const step = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant('order' as const),
      c: contract,
      trader: fc.constantFrom(...TRADERS),
      side: fc.constantFrom('BUY' as const, 'SELL' as const),
      type: fc.constantFrom(1 as const, 2 as const, 3 as const, 4 as const, 5 as const),
      /** Per mille from the mark. */
      offset: fc.integer({ min: -30, max: 30 }),
      volume: fc.integer({ min: 1, max: 40 }),
      leverage: fc.integer({ min: 1, max: 60 }),
      close: fc.boolean(),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('cancel' as const), c: contract, trader: fc.constantFrom(...TRADERS) }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('price' as const), c: contract, move: fc.integer({ min: -60, max: 60 }) }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('funding' as const),
      c: contract,
      rate: fc.integer({ min: -75, max: 75 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('leverage' as const),
      c: contract,
      trader: fc.constantFrom(...TRADERS),
      leverage: fc.integer({ min: 1, max: 60 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('margin' as const),
      c: contract,
      trader: fc.constantFrom(...TRADERS.filter(isolated)),
      amount: fc.integer({ min: -40, max: 40 }),
    }),
  },
);
type Step = typeof step extends fc.Arbitrary<infer S> ? S : never;

describe('futures under random order streams and price paths', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase('sqlite');
    // Low caps, so positions reach the upper brackets and liquidations there go partly by bracket.
    await seedContract(database.db, {}, TIERS);
    await seedContract(database.db, { contract_type: 'S', sort: 2 }, TIERS);
  });
  afterAll(() => database.close());

  const load = async () => {
    const h = await FuturesHarness.load(database, [SYSTEM_OWNER, MAKER, ...TRADERS]);
    const funds: [number, string][] = [
      [MAKER, '100000000'],
      ...TRADERS.map((t): [number, string] => [t, String(500 + t * 300)]),
    ];
    // Real money from outside, the simulated account's from its faucet (as a coupon is).
    for (const [user, amount] of funds)
      for (const [account, source] of [
        ['co', 'external'],
        ['co_sim', 'sim_faucet'],
      ] as const)
        h.run(
          'movement',
          {
            movement: {
              cause: 'operator_credit',
              causeId: `seed-${user}-${account}`,
              postings: [
                { ownerId: user, account, coin: 'USDT', field: 'available', delta: amount },
                { ownerId: SYSTEM_OWNER, account: source, coin: 'USDT', field: 'available', delta: `-${amount}` },
              ],
            },
          },
          0,
        );
    return h;
  };

  it('keeps open interest, margins and money whole after every event, and replays to the same state', async () => {
    const seen = { fills: 0, liquidations: 0, partial: 0, adl: 0, funding: 0, leverage: 0 };
    let steps = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: STEPS_PER_RUN, maxLength: STEPS_PER_RUN }), async (path) => {
        const first = await load();
        const markets = SYMBOLS.map((symbol) => new Market(first, symbol));
        for (const m of markets) m.quote(0);
        for (const [i, s] of path.entries()) {
          const before = first.state.nextTradeId;
          if (apply(first, markets[s.c] as Market, s, i + 1)) seen.leverage++;
          seen.fills += first.state.nextTradeId - before;
          const problems = futuresProblems(first, [MAKER, ...TRADERS], 'USDT');
          if (s.kind === 'price') problems.push(...unliquidated(first, (markets[s.c] as Market).symbol));
          if (problems.length) throw new Error(`step ${i} ${JSON.stringify(s)}: ${problems.join('; ')}`);
        }
        steps += path.length;
        const again = await load();
        const replays = SYMBOLS.map((symbol) => new Market(again, symbol));
        for (const m of replays) m.quote(0);
        for (const [i, s] of path.entries()) apply(again, replays[s.c] as Market, s, i + 1);
        expect(again.stateHash()).toBe(first.stateHash());
        for (const b of first.batches)
          for (const row of b.ledger) {
            if (row.cause === 'funding') seen.funding++;
            if (String(row.cause_id).startsWith('adl:')) seen.adl++;
          }
        for (const b of first.batches)
          for (const row of b.inserts.get('futures_liquidations') ?? []) {
            seen.liquidations++;
            if ((row as { kind: string }).kind === 'partial') seen.partial++;
          }
      }),
      {
        numRuns: Math.max(1, Math.round(STEPS / STEPS_PER_RUN)),
        seed: Number(process.env.FUTURES_PROPERTY_SEED ?? 20261127),
      },
    );
    console.log(`futures property: ${steps} steps`, seen);
    expect(steps).toBeGreaterThanOrEqual(STEPS);
    expect(seen.fills).toBeGreaterThan(0);
    expect(seen.liquidations).toBeGreaterThan(0);
    expect(seen.partial).toBeGreaterThan(0);
    expect(seen.leverage).toBeGreaterThan(0);
    expect(seen.adl).toBeGreaterThan(0);
    expect(seen.funding).toBeGreaterThan(0);
  }, 600_000);
});

/** A contract's mark price path and the maker's ladder around it (5 levels a side, 30 contracts each). */
class Market {
  /** The mark in whole USDT. */
  mark = 20_000n;
  private rules: FuturesRules;
  constructor(
    private readonly h: FuturesHarness,
    readonly symbol: string,
  ) {
    this.rules = h.state.markets.get(symbol)?.spec.futures as FuturesRules;
  }

  quote(at: number) {
    this.h.run('futuresCancelAll', { userId: MAKER, symbol: this.symbol }, at);
    for (let level = 1n; level <= 5n; level++) {
      for (const side of ['BUY', 'SELL'] as const) {
        const price = side === 'BUY' ? this.mark - level * 10n : this.mark + level * 10n;
        this.h.run(
          'futuresPlace',
          order(this.symbol, MAKER, side, 1, price.toString(), '30', 20, 1, 'both', false),
          at,
        );
      }
    }
  }

  get markLedger() {
    return this.mark * 10n ** 18n;
  }
  get terms() {
    return this.rules;
  }
}

function order(
  symbol: string,
  userId: number,
  side: 'BUY' | 'SELL',
  kind: 1 | 2 | 3 | 4 | 5,
  price: string,
  volume: string,
  leverage: number,
  marginMode: number,
  positionSide: 'both' | 'long' | 'short',
  reduceOnly: boolean,
) {
  return {
    userId,
    symbol,
    side,
    kind,
    ...(kind === 2 ? {} : { price }),
    volume,
    intent: { positionSide, reduceOnly, leverage, marginMode },
    clientOrderId: null,
  };
}

/** Applies a step; true when it was a leverage change the core made. */
function apply(h: FuturesHarness, market: Market, s: Step, at: number): boolean {
  const { symbol } = market;
  if (s.kind === 'leverage') return h.run('futuresLeverage', { userId: s.trader, symbol, leverage: s.leverage }, at).ok;
  if (s.kind === 'order') {
    const price = (market.mark * BigInt(1000 + s.offset)) / 1000n;
    // Hedge: a buy opens the long or closes the short; one-way closes only with the reduce-only tick.
    const side = hedge(s.trader) ? ((s.side === 'BUY') !== s.close ? 'long' : 'short') : 'both';
    h.run(
      'futuresPlace',
      order(
        symbol,
        s.trader,
        s.side,
        s.type,
        price.toString(),
        String(s.volume),
        s.leverage,
        isolated(s.trader) ? 2 : 1,
        side,
        s.close,
      ),
      at,
    );
  } else if (s.kind === 'cancel') {
    h.run('futuresCancelAll', { userId: s.trader, symbol }, at);
  } else if (s.kind === 'price') {
    market.mark = (market.mark * BigInt(1000 + s.move)) / 1000n;
    if (market.mark < 1000n) market.mark = 1000n;
    market.quote(at);
    // The index finds every position and account that valuing them all finds.
    h.state.futures.marks.set(symbol, market.markLedger);
    const indexed = indexedCandidates(h.state, [symbol], new Set());
    const scanned = scannedCandidates(h.state, [symbol], new Set());
    const ids = new Set(indexed.isolated.map((p) => p.id));
    for (const p of scanned.isolated) if (!ids.has(p.id)) throw new Error(`the index missed position ${p.id}`);
    for (const account of scanned.cross.keys())
      if (!indexed.cross.has(account)) throw new Error(`the index missed cross account ${account}`);
    h.run('futuresRiskCheck', { marks: [{ symbol, mark: ledgerText(market.markLedger) }] }, at);
  } else if (s.kind === 'funding') {
    const contract = {
      contractId: market.terms.contractId,
      symbol,
      frequencyHours: 8,
      startHour: 0,
      cap: '0.0075',
      index: null,
      mark: null,
    };
    h.apply(at, (state, batch) =>
      payFunding(state, batch, contract, market.markLedger, BigInt(s.rate) * 10n ** 14n, at),
    );
  } else {
    for (const p of h.state.futures.positions.values()) {
      if (p.userId !== s.trader || p.symbol !== symbol) continue;
      h.run(
        'futuresMargin',
        { userId: s.trader, positionId: p.id, amount: String(s.amount || 1), mark: ledgerText(market.markLedger) },
        at,
      );
    }
  }
  return false;
}

/** Isolated positions still liquidatable at the mark while another user holds the other side (ADL could close them). */
function unliquidated(h: FuturesHarness, symbol: string): string[] {
  const rules = h.state.markets.get(symbol)?.spec.futures as FuturesRules;
  const mark = h.state.futures.marks.get(symbol) as bigint;
  const positions = [...h.state.futures.positionsOf(symbol)];
  return positions
    .filter(
      (p) =>
        p.marginMode === 2 &&
        isLiquidatable(
          {
            terms: rules.terms,
            brackets: rules.brackets,
            qty: p.qty,
            entry: p.entry,
            backing: { mode: 'isolated', margin: p.margin },
          },
          mark,
        ) &&
        positions.some((q) => q.userId !== p.userId && (p.qty > 0n ? q.qty < 0n : q.qty > 0n)),
    )
    .map((p) => `position ${p.id} is liquidatable at ${mark}`);
}

import { depth } from '../depth.ts';
import { decodeEvents } from '../event-decoder.ts';
import type { MarketRules } from '../market-rules.ts';
import { OrderBook } from '../order-book.ts';
import { restore, snapshot } from '../snapshot.ts';
import { stateHash } from '../state-hash.ts';
import { bookViolation } from './book-invariants.ts';
import { commandStream, type StreamOptions } from './command-stream.ts';
import { OrderAccounting } from './order-accounting.ts';
import { ReferenceBook } from './reference-book.ts';

export interface DifferentialRun {
  seed: number;
  commands: number;
  rules: MarketRules;
  stream?: StreamOptions;
  /** Compare L2 and L3 and check invariants after every n-th command (events are compared after each). */
  checkEvery?: number;
  /** Swap the fast book for a restored copy of its snapshot every n commands; 0 never. */
  restoreEvery?: number;
}

export interface DifferentialResult {
  hash: string;
  events: number;
}

/**
 * Feeds one seeded command stream to the fast book and the reference book and throws at the first difference in
 * events, L2 (at every merge step), L3 or an invariant; at the end checks order accounting and that replaying the
 * stream into a fresh book gives the same state hash.
 */
export function runDifferential(run: DifferentialRun): DifferentialResult {
  const { seed, commands, rules } = run;
  const checkEvery = run.checkEvery ?? 1;
  const restoreEvery = run.restoreEvery ?? 0;
  let fast = new OrderBook(rules);
  const reference = new ReferenceBook(rules);
  const accounting = new OrderAccounting();
  const next = commandStream(seed, run.stream);
  let events = 0;
  for (let i = 1; i <= commands; i++) {
    const cmd = next();
    fast.apply(cmd);
    const got = decodeEvents(fast.events);
    const want = reference.apply(cmd);
    const fail = (what: string, detail: unknown): never => {
      throw new Error(`seed ${seed}, command ${i} ${JSON.stringify(cmd)}: ${what}\n${JSON.stringify(detail, null, 1)}`);
    };
    if (JSON.stringify(got) !== JSON.stringify(want)) fail('events differ', { got, want });
    events += got.length;
    accounting.consume(got);
    if (i % checkEvery === 0) {
      const broken = bookViolation(fast);
      if (broken) fail(broken, {});
      for (const step of rules.depthSteps) {
        const l2 = depth(fast, step);
        const expected = reference.depth(step, rules.depthLevels);
        if (JSON.stringify([l2.bids, l2.asks]) !== JSON.stringify([expected.bids, expected.asks])) {
          fail(`L2 differs at step ${step}`, { got: l2, want: expected });
        }
      }
      const l3 = snapshot(fast).orders.map(({ id, owner, price, remaining, seq, flags }) => ({
        id,
        owner,
        side: (flags & 1) === 0 ? 'buy' : 'sell',
        price,
        remaining,
        seq,
      }));
      if (JSON.stringify(l3) !== JSON.stringify(reference.restingOrders())) fail('L3 differs', {});
    }
    if (restoreEvery > 0 && i % restoreEvery === 0) {
      const before = stateHash(fast);
      fast = restore(JSON.parse(JSON.stringify(snapshot(fast))));
      if (stateHash(fast) !== before) fail('state hash changed by snapshot and restore', {});
    }
  }
  const live = new Map<number, number>();
  const s = snapshot(fast);
  for (const o of [...s.orders, ...s.triggers]) live.set(o.id, o.remaining);
  accounting.check(live);
  const hash = stateHash(fast);
  const replayed = new OrderBook(rules);
  const replay = commandStream(seed, run.stream);
  for (let i = 0; i < commands; i++) replayed.apply(replay());
  if (stateHash(replayed) !== hash) throw new Error(`seed ${seed}: replay gives another state hash`);
  return { hash, events };
}

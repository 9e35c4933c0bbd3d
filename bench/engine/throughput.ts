import { type BenchEngine, opex, peer, preparePeer } from './engines.ts';
import { generateWorkload, OP_PLACE, type Workload } from './workload.ts';

/**
 * `npm run bench:engine`: our engine against nodejs-order-book on the same generated orders, in one process.
 * Prints throughput (limit orders per second, cancels included in the time), the ratio, our latency per operation,
 * throughput across the run as the book deepens, and memory per resting order; the last line is one JSON object.
 * Run with --expose-gc.
 */
const ORDERS = Number(process.env.BENCH_ORDERS ?? 1_000_000);
const PASSES = 3;
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run node with --expose-gc');

const nowNs = (): bigint => process.hrtime.bigint();

/** Median wall time of replaying the whole workload on a fresh book, in ns. */
function timeRuns<B>(engine: BenchEngine<B>, w: Workload): { ns: number; book: B } {
  const times: number[] = [];
  let book = engine.create();
  for (let pass = 0; pass < PASSES; pass++) {
    gc?.();
    book = engine.create();
    const start = nowNs();
    engine.replay(book, w, 0, w.ops);
    times.push(Number(nowNs() - start));
  }
  times.sort((a, b) => a - b);
  return { ns: times[PASSES >> 1] as number, book };
}

const perSecond = (count: number, ns: number): number => Math.round((count * 1e9) / ns);

/** Throughput per tenth of the workload on one book, to see whether it holds up as the book deepens. */
function deciles(w: Workload): number[] {
  gc?.();
  const book = opex.create();
  const rates: number[] = [];
  const tenth = Math.ceil(w.ops / 10);
  for (let from = 0; from < w.ops; from += tenth) {
    const to = Math.min(w.ops, from + tenth);
    let orders = 0;
    for (let i = from; i < to; i++) if (w.kind[i] === OP_PLACE) orders++;
    const start = nowNs();
    opex.replay(book, w, from, to);
    rates.push(perSecond(orders, Number(nowNs() - start)));
  }
  return rates;
}

function percentile(sorted: Float64Array, p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 1000))] as number;
}

/** Each operation timed alone with hrtime; the timer's own cost is measured and reported, not subtracted. */
function latency(w: Workload) {
  const book = opex.create();
  const place = new Float64Array(w.ops);
  const cancel = new Float64Array(w.ops);
  let places = 0;
  let cancels = 0;
  for (let i = 0; i < w.ops; i++) {
    const start = nowNs();
    opex.replay(book, w, i, i + 1);
    const ns = Number(nowNs() - start);
    if (w.kind[i] === OP_PLACE) place[places++] = ns;
    else cancel[cancels++] = ns;
  }
  const timer = new Float64Array(100_000);
  for (let i = 0; i < timer.length; i++) {
    const start = nowNs();
    timer[i] = Number(nowNs() - start);
  }
  const summary = (all: Float64Array) => {
    all.sort();
    return { p50_ns: percentile(all, 500), p99_ns: percentile(all, 990), p999_ns: percentile(all, 999) };
  };
  const both = new Float64Array(places + cancels);
  both.set(place.subarray(0, places));
  both.set(cancel.subarray(0, cancels), places);
  return {
    all: summary(both),
    place: summary(place.subarray(0, places)),
    cancel: summary(cancel.subarray(0, cancels)),
    timer_p50_ns: summary(timer).p50_ns,
  };
}

const heap = (): number => {
  const m = process.memoryUsage();
  return m.heapUsed + m.external;
};

/** Heap and buffer growth from an empty process state to the book after the workload, per resting order. */
function bytesPerResting<B>(engine: BenchEngine<B>, w: Workload, resting: number): number {
  gc?.();
  gc?.();
  const before = heap();
  const book = engine.create();
  engine.replay(book, w, 0, w.ops);
  gc?.();
  gc?.();
  const bytes = heap() - before;
  engine.volumes(book);
  return Math.round(bytes / resting);
}

function variant(w: Workload) {
  opex.replay(opex.create(), w, 0, Math.min(w.ops, 300_000));
  const ours = timeRuns(opex, w);
  const byTenth = deciles(w);
  const ourLatency = latency(w);
  // Our measurements first, then the peer's inputs (its string ids) and its runs: neither engine is timed beside
  // the other's data.
  preparePeer(w);
  const theirs = timeRuns(peer, w);
  const [ourBids, ourAsks] = opex.volumes(ours.book);
  const [peerBids, peerAsks] = peer.volumes(theirs.book);
  if (ourBids !== peerBids || ourAsks !== peerAsks) {
    throw new Error(`${w.name}: books differ at the end: ours ${ourBids}/${ourAsks}, peer ${peerBids}/${peerAsks}`);
  }
  const resting = ours.book.orderCount;
  const result = {
    ops: w.ops,
    resting_at_end: resting,
    opex: { limits_per_s: perSecond(w.orders, ours.ns) },
    peer: { limits_per_s: perSecond(w.orders, theirs.ns) },
    ratio: Math.round((theirs.ns * 10) / ours.ns) / 10,
    opex_limits_per_s_by_tenth: byTenth,
    opex_latency: ourLatency,
    bytes_per_resting_order: {
      opex: bytesPerResting(opex, w, resting),
      peer: bytesPerResting(peer, w, resting),
    },
  };
  console.log(
    `\nvariant ${w.name}: ${w.orders} limit orders, ${w.ops - w.orders} cancels, ${resting} resting at the end`,
  );
  console.log(`  opex               ${result.opex.limits_per_s.toLocaleString('en')} limit orders/s`);
  console.log(`  nodejs-order-book  ${result.peer.limits_per_s.toLocaleString('en')} limit orders/s`);
  console.log(`  ratio              ${result.ratio}×`);
  console.log(
    `  opex by tenth      ${result.opex_limits_per_s_by_tenth.map((r) => (r / 1e6).toFixed(1)).join(' ')} M/s`,
  );
  const l = result.opex_latency;
  console.log(
    `  opex latency (ns)  all p50 ${l.all.p50_ns} p99 ${l.all.p99_ns} p99.9 ${l.all.p999_ns}; ` +
      `place p99 ${l.place.p99_ns}; cancel p99 ${l.cancel.p99_ns}; timer alone p50 ${l.timer_p50_ns}`,
  );
  console.log(
    `  bytes/resting      opex ${result.bytes_per_resting_order.opex}, peer ${result.bytes_per_resting_order.peer}`,
  );
  return result;
}

console.log(`node ${process.version}, ${ORDERS.toLocaleString('en')} limit orders per variant, median of ${PASSES}`);
const a = variant(generateWorkload('a (unbounded)', ORDERS));
const b = variant(generateWorkload('b (at most 10,000 resting)', ORDERS, 10_000));
console.log(JSON.stringify({ a, b }));

import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { generateWorkload, type Workload } from './workload.ts';

/**
 * The benchmark's workloads (a: unbounded, b: at most 10,000 resting), cached in /tmp between tuning runs because
 * generating one runs a book. The cache holds only what generateWorkload produced; BENCH_CACHE=0 regenerates.
 */
const HEADER = 200;

export function cachedWorkload(variant: 'a' | 'b'): Workload {
  const file = `/tmp/opex-bench-workload-${variant}.bin`;
  if (process.env.BENCH_CACHE !== '0' && existsSync(file)) return read(file);
  const w =
    variant === 'a'
      ? generateWorkload('a (unbounded)', 1_000_000)
      : generateWorkload('b (at most 10,000 resting)', 1_000_000, 10_000);
  const head = Buffer.alloc(HEADER, ' ');
  head.write(JSON.stringify({ name: w.name, orders: w.orders, ops: w.ops }));
  const part = (a: Uint8Array | Float64Array | Int32Array) => Buffer.from(a.buffer, 0, w.ops * a.BYTES_PER_ELEMENT);
  writeFileSync(file, Buffer.concat([head, part(w.kind), part(w.id), part(w.side), part(w.price), part(w.qty)]));
  return w;
}

function read(file: string): Workload {
  const buf = readFileSync(file);
  const meta = JSON.parse(buf.subarray(0, HEADER).toString().trim()) as { name: string; orders: number; ops: number };
  let at = HEADER;
  const take = (bytesPer: number): ArrayBuffer => {
    const n = meta.ops * bytesPer;
    const copy = new Uint8Array(n);
    copy.set(buf.subarray(at, at + n));
    at += n;
    return copy.buffer;
  };
  return {
    name: meta.name,
    orders: meta.orders,
    ops: meta.ops,
    kind: new Uint8Array(take(1)),
    id: new Float64Array(take(8)),
    side: new Uint8Array(take(1)),
    price: new Int32Array(take(4)),
    qty: new Int32Array(take(4)),
  };
}

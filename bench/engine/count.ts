import { opex } from './engines.ts';
import { cachedWorkload } from './workload-cache.ts';

/**
 * For instruction counts under valgrind (stable on a loaded machine, unlike time): one warm-up replay, then REPS
 * timed-nothing replays of a variant on fresh books, of its first OPS operations (all by default; 500,000 is
 * representative and three times quicker under valgrind). Run it with REPS = 0 and REPS = 2; half the difference of
 * the two instruction totals is the cost of one replay:
 *   valgrind --tool=callgrind --callgrind-out-file=/dev/null node --single-threaded --import tsx \
 *     engine/count.ts b 2 [ops]
 */
const variant = process.argv[2] === 'a' ? 'a' : 'b';
const reps = Number(process.argv[3] ?? 0);
const w = cachedWorkload(variant);
const ops = Math.min(w.ops, Number(process.argv[4] ?? w.ops));
opex.replay(opex.create(), w, 0, ops);
for (let r = 0; r < reps; r++) opex.replay(opex.create(), w, 0, ops);

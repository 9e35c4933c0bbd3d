import { opex } from './engines.ts';
import { cachedWorkload } from './workload-cache.ts';

/**
 * For instruction counts under valgrind (stable on a loaded machine, unlike time): one warm-up replay, then REPS
 * timed-nothing replays of a variant on fresh books. Run it with REPS = 0 and REPS = n; the difference of the two
 * instruction totals over n is the cost of one replay. See count.sh.
 */
const variant = process.argv[2] === 'a' ? 'a' : 'b';
const reps = Number(process.argv[3] ?? 0);
const w = cachedWorkload(variant);
opex.replay(opex.create(), w, 0, w.ops);
for (let r = 0; r < reps; r++) opex.replay(opex.create(), w, 0, w.ops);

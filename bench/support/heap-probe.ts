import fs from 'node:fs';
import v8 from 'node:v8';
import { isMainThread } from 'node:worker_threads';

/**
 * Preloaded into a measured server (`node --import bench/dist/heap-probe.mjs`, see main-thread-meter.ts): counts the
 * bytes the main thread's V8 heap allocated, which V8 does not report directly. What each collection freed (used
 * heap before it minus after it, from v8.GCProfiler) plus the growth of the used heap is what was allocated. On
 * SIGUSR2 it writes the running total to the file named by BENCH_HEAP_PROBE_FILE, so a reader can take deltas.
 * Workers run preloads too; the writer thread's heap is its own and not the main thread's, so they skip it.
 */
const file = process.env.BENCH_HEAP_PROBE_FILE;
if (isMainThread && file) {
  const usedHeap = () => v8.getHeapStatistics().used_heap_size;
  const startUsed = usedHeap();
  let freed = 0;
  let reads = 0;
  let profiler = new v8.GCProfiler();
  profiler.start();
  process.on('SIGUSR2', () => {
    const stats = profiler.stop()?.statistics ?? [];
    profiler = new v8.GCProfiler();
    profiler.start();
    for (const gc of stats) freed += gc.beforeGC.heapStatistics.usedHeapSize - gc.afterGC.heapStatistics.usedHeapSize;
    reads++;
    // Written whole, then renamed over the file: a reader never sees half of it.
    fs.writeFileSync(`${file}.tmp`, JSON.stringify({ reads, allocatedBytes: freed + usedHeap() - startUsed }));
    fs.renameSync(`${file}.tmp`, file);
  });
}

import fs from 'node:fs';
import path from 'node:path';
import { compileToDist, distDir } from './compile.ts';
import { mainThreadCpuMs } from './process-usage.ts';

/** What a measured server's main thread has used since it started: CPU time and bytes its V8 heap allocated. */
export interface MainThreadTotals {
  cpuMs: number;
  allocatedBytes: number;
}

/**
 * Measures a server process's main thread, the one that runs HTTP, sessions, validation and the trading core: CPU
 * from /proc (the process's own thread, not the writer's or GC helpers'), allocation from heap-probe.ts preloaded
 * into it. Give the server `nodeArgs` and `env`, then take `read()` before and after a phase.
 */
export class MainThreadMeter {
  private reads = 0;
  private pid = 0;

  private constructor(
    readonly nodeArgs: string[],
    private readonly file: string,
  ) {}

  /** Compiles the probe (the server may run without tsx) and names the file it answers in, inside `dir`. */
  static async prepare(dir: string): Promise<MainThreadMeter> {
    await compileToDist(['support/heap-probe.ts']);
    return new MainThreadMeter(['--import', path.join(distDir, 'heap-probe.mjs')], path.join(dir, 'heap-probe.json'));
  }

  get env(): Record<string, string> {
    return { BENCH_HEAP_PROBE_FILE: this.file };
  }

  attach(pid: number): void {
    this.pid = pid;
  }

  /** Asks the probe for its total (SIGUSR2) and waits up to 5 s for its answer. */
  async read(): Promise<MainThreadTotals> {
    const cpuMs = mainThreadCpuMs(this.pid);
    const wanted = ++this.reads;
    process.kill(this.pid, 'SIGUSR2');
    const deadline = Date.now() + 5000;
    for (;;) {
      const answer = this.answer();
      if (answer && answer.reads >= wanted) return { cpuMs, allocatedBytes: answer.allocatedBytes };
      if (Date.now() > deadline) throw new Error('the heap probe did not answer: was it preloaded into the server?');
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }

  private answer(): { reads: number; allocatedBytes: number } | undefined {
    try {
      return JSON.parse(fs.readFileSync(this.file, 'utf8'));
    } catch {
      return undefined;
    }
  }
}

import fs from 'node:fs';

/** CPU time (ms, user + system) from a /proc stat file, at Linux's 100 clock ticks a second. */
function cpuMsOf(statFile: string): number {
  const fields = fs.readFileSync(statFile, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

/** Resident set size and CPU time (ms, user + system, all threads) of a process, from /proc. */
export function processUsage(pid: number): { rssMb: number; cpuMs: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const rssKb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return { rssMb: Math.round(rssKb / 1024), cpuMs: cpuMsOf(`/proc/${pid}/stat`) };
}

/** CPU time (ms, user + system) of a process's main thread alone: the thread whose id is the process's. */
export function mainThreadCpuMs(pid: number): number {
  return cpuMsOf(`/proc/${pid}/task/${pid}/stat`);
}

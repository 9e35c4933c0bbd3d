import fs from 'node:fs';

/** Resident set size and CPU time (ms, user + system, all threads) of a process, from /proc. */
export function processUsage(pid: number): { rssMb: number; cpuMs: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const rssKb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  const ticks = Number(fields[11]) + Number(fields[12]);
  return { rssMb: Math.round(rssKb / 1024), cpuMs: (ticks * 1000) / 100 };
}

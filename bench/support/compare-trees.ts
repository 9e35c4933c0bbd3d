import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * Before and after in one session: a benchmark run against another checkout (BASE_TREE, "base") and this one
 * ("this"), alternately, RUNS times each (3 by default), so a slow spell of a shared machine falls on both. Each
 * run is a fresh process whose last line of output is one JSON object; the figures named by a bench's metrics are
 * printed per run, then as medians side by side with this/base. Each run's whole output is kept in a log directory.
 */

/** One figure of a run; Result is the shape of the run's JSON object. */
export interface Metric<Result> {
  name: string;
  pick: (result: Result) => number;
  /** Which way is better; an informational figure (the peer's, the same code in both trees) has none. */
  better?: 'higher' | 'lower';
}

export interface TreeBench<Result> {
  name: string;
  metrics: Metric<Result>[];
  /** Work before the runs (a compile), once per tree; label is 'base' or 'this'. */
  prepare?: (tree: string, label: string) => Promise<void>;
  /** The command of one run against a tree. */
  command: (tree: string, label: string) => { args: string[]; cwd: string; env?: Record<string, string> };
}

/** A median no worse than this share counts as unchanged: the issue's bar for before and after. */
const TOLERANCE = 0.05;
const thisTree = path.resolve(import.meta.dirname, '../..');

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

const format = (value: number) =>
  Math.abs(value) >= 100 ? Math.round(value).toLocaleString('en') : String(Number(value.toPrecision(3)));

function verdict(better: Metric<unknown>['better'], ratio: number): string {
  if (!better) return '';
  const worse = better === 'higher' ? ratio < 1 - TOLERANCE : ratio > 1 + TOLERANCE;
  return worse ? `  worse by more than ${TOLERANCE * 100}%` : '';
}

/** Runs one command, keeps its output in `log`, and returns its last line parsed. */
async function runOnce(command: ReturnType<TreeBench<unknown>['command']>, log: string): Promise<unknown> {
  const child = spawn(process.execPath, command.args, {
    cwd: command.cwd,
    env: { ...process.env, ...command.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const out = fs.createWriteStream(log);
  let stdout = '';
  child.stdout.on('data', (chunk) => {
    stdout += String(chunk);
    out.write(chunk);
  });
  child.stderr.on('data', (chunk) => out.write(chunk));
  const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
  await new Promise((resolve) => out.end(resolve));
  const last = stdout.trim().split('\n').at(-1) ?? '';
  if (code !== 0 || !last.startsWith('{')) throw new Error(`a run failed (exit ${code}); its output: ${log}`);
  return JSON.parse(last);
}

export async function compareTrees<Result>(bench: TreeBench<Result>): Promise<void> {
  const baseTree = process.env.BASE_TREE;
  if (!baseTree) throw new Error('set BASE_TREE to the checkout to compare against (with its node_modules)');
  const trees = [
    { label: 'base', tree: path.resolve(baseTree) },
    { label: 'this', tree: thisTree },
  ];
  const runs = Number(process.env.RUNS ?? 3);
  const logDir = fs.mkdtempSync(path.join(os.tmpdir(), `opex-${bench.name}-compare-`));
  console.log(`${bench.name} compare: base ${trees[0]?.tree}, this ${thisTree}; ${runs} runs each, alternately`);
  console.log(`each run's output: ${logDir}`);
  for (const { tree, label } of trees) await bench.prepare?.(tree, label);
  const figures = new Map(trees.map(({ label }) => [label, bench.metrics.map(() => [] as number[])]));
  const started = performance.now();
  for (let run = 1; run <= runs; run++) {
    for (const { tree, label } of trees) {
      const result = (await runOnce(bench.command(tree, label), path.join(logDir, `${label}-${run}.txt`))) as Result;
      const picked = bench.metrics.map((metric) => metric.pick(result));
      for (const [i, value] of picked.entries()) figures.get(label)?.[i]?.push(value);
      const seconds = Math.round((performance.now() - started) / 1000);
      console.log(
        `run ${run} ${label} (${seconds}s in): ${bench.metrics.map((m, i) => `${m.name} ${format(picked[i] as number)}`).join(', ')}`,
      );
    }
  }
  console.log(`\nmedians of ${runs} runs (this/base; a figure worse by more than ${TOLERANCE * 100}% is marked):`);
  const width = Math.max(...bench.metrics.map((m) => m.name.length));
  bench.metrics.forEach((metric, i) => {
    const base = figures.get('base')?.[i] as number[];
    const ours = figures.get('this')?.[i] as number[];
    const ratio = median(ours) / median(base);
    console.log(
      `  ${metric.name.padEnd(width)}  base ${format(median(base))} [${base.map(format).join(', ')}]  this ${format(median(ours))} [${ours.map(format).join(', ')}]  this/base ${ratio.toFixed(3)}${verdict(metric.better, ratio)}`,
    );
  });
}

import path from 'node:path';
import { build } from 'esbuild';
import { nodeModulesExternal } from '../../apps/server/build/build-server.ts';

/**
 * `tsx support/compile.ts engine/throughput.ts ...`: benchmarks compiled to plain JavaScript in bench/dist/, as the
 * server runs in production (apps/server's build), and then run by plain node. Run through tsx instead, loading the
 * CommonJS peer (nodejs-order-book) makes V8 check every typed-array access of the whole process for a detached
 * buffer: about 17% more instructions for our engine, which production does not pay.
 */
const benchDir = path.resolve(import.meta.dirname, '..');
await build({
  entryPoints: process.argv.slice(2).map((entry) => path.resolve(benchDir, entry)),
  outdir: path.join(benchDir, 'dist'),
  outExtension: { '.js': '.mjs' },
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  plugins: [nodeModulesExternal],
  logLevel: 'warning',
});

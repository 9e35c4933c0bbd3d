import path from 'node:path';
import { build, type Plugin } from 'esbuild';
import { nodeModulesExternal } from '../../apps/server/build/build-server.ts';

/**
 * `tsx support/compile.ts engine/throughput.ts ...`: benchmarks compiled to plain JavaScript in bench/dist/, as the
 * server runs in production (apps/server's build), and then run by plain node. Run through tsx instead, loading the
 * CommonJS peer (nodejs-order-book) makes V8 check every typed-array access of the whole process for a detached
 * buffer: about 17% more instructions for our engine, which production does not pay.
 */
const benchDir = path.resolve(import.meta.dirname, '..');
export const distDir = path.join(benchDir, 'dist');

/** Our workspace packages (@opex/*) taken from another checkout, so this benchmark runs that checkout's code. */
function workspaceFrom(tree: string): Plugin {
  const resolveDir = path.join(tree, 'bench');
  return {
    name: 'workspace-from',
    setup(builder) {
      builder.onResolve({ filter: /^@opex\// }, async (args) => {
        if (args.pluginData === resolveDir) return undefined;
        const found = await builder.resolve(args.path, { kind: args.kind, resolveDir, pluginData: resolveDir });
        return found.errors.length > 0 ? { errors: found.errors } : { path: found.path };
      });
    },
  };
}

export interface CompileOptions {
  /** Where the .mjs files go; bench/dist/ by default. */
  outdir?: string;
  /** A checkout (with its node_modules) whose @opex/* packages to compile in instead of this one's. */
  workspaceTree?: string;
}

/** Compiles entries (paths relative to bench/) to <outdir>/<name>.mjs. */
export async function compileToDist(entries: string[], options: CompileOptions = {}): Promise<void> {
  await build({
    entryPoints: entries.map((entry) => path.resolve(benchDir, entry)),
    outdir: options.outdir ?? distDir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    plugins: [...(options.workspaceTree ? [workspaceFrom(options.workspaceTree)] : []), nodeModulesExternal],
    logLevel: 'warning',
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename)
  await compileToDist(process.argv.slice(2));

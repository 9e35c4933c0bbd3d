import fs from 'node:fs';
import path from 'node:path';
import { build, type Plugin } from 'esbuild';

/**
 * `npm run build -w apps/server`: the server compiled to plain JavaScript, so it starts without compiling
 * TypeScript on every start (tsx spent about 0.9 s of a start):
 *  - dist/main.mjs: src/main.ts and everything it imports from src/ and packages/* (@opex/contract, @opex/engine),
 *    bundled into one ES module for Node 20;
 *  - dist/sqlite-writer-thread.mjs: the SQLite writer thread's own entry (core-writer.ts starts it from the file
 *    next to the running bundle);
 *  - a source map next to each, so with `node --enable-source-maps` stack traces point at the .ts files.
 * Packages from node_modules are not bundled: they stay imports, resolved from apps/server/dist as from src/.
 * Paths the server computes from import.meta (config.ts: ../../web/dist) resolve alike, dist/ being at src/'s depth.
 */
export const serverDir = path.resolve(import.meta.dirname, '..');
export const distDir = path.join(serverDir, 'dist');
export const compiledMain = path.join(distDir, 'main.mjs');

/** Bare imports stay external, except our workspace packages, which export TypeScript sources. */
export const nodeModulesExternal: Plugin = {
  name: 'node-modules-external',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@opex/') ? undefined : { path: args.path, external: true },
    );
  },
};

export interface BuildResult {
  /** Files written to dist/ (names only). */
  files: string[];
  ms: number;
}

/**
 * Compiles the server into dist/. Each file is written under a temporary name and renamed into place, so a server
 * starting from dist/ while another build runs never reads a half-written file.
 */
export async function buildServer(): Promise<BuildResult> {
  const started = performance.now();
  const result = await build({
    entryPoints: {
      main: path.join(serverDir, 'src/main.ts'),
      'sqlite-writer-thread': path.join(serverDir, 'src/core/sqlite-writer-thread.ts'),
    },
    outdir: distDir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    sourcemap: true,
    plugins: [nodeModulesExternal],
    logLevel: 'warning',
    legalComments: 'none',
    write: false,
  });
  fs.mkdirSync(distDir, { recursive: true });
  const files: string[] = [];
  for (const output of result.outputFiles) {
    const scratch = `${output.path}.${process.pid}.tmp`;
    fs.writeFileSync(scratch, output.contents);
    fs.renameSync(scratch, output.path);
    files.push(path.relative(distDir, output.path));
  }
  return { files: files.sort(), ms: Math.round(performance.now() - started) };
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  const { files, ms } = await buildServer();
  console.log(`server compiled in ${ms} ms: ${files.map((f) => path.join('apps/server/dist', f)).join(', ')}`);
}

// Writes docs/calls.md, the index of every call: spec name -> contract file -> server handler -> web files and pages.
// It reads the contract's definitions themselves (run under tsx) and finds the rest by what the code does, not where
// it lives: a server file binds a call when it passes it to a binder (a function taking a `C extends CallDef`), a web
// file uses a call when it imports its value. `--check` regenerates in memory and fails if docs/calls.md differs.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import ts from 'typescript';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const CONTRACT_SRC = join(root, 'packages/contract/src');
const CALLS_DIR = join(CONTRACT_SRC, 'calls');
const SERVER_SRC = join(root, 'apps/server/src');
const WEB_SRC = join(root, 'apps/web/src');
const OUTPUT = join(root, 'docs/calls.md');

const rel = (file) => relative(root, file).split('\\').join('/');
const isTest = (file) => /\.test\.tsx?$|[/\\]test-setup\.ts$|[/\\]testing[/\\]/.test(file);

function sourceFiles(dir) {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name) && !e.name.endsWith('.d.ts'))
    .map((e) => join(e.parentPath, e.name))
    .filter((file) => !/[/\\]node_modules[/\\]/.test(file) && !isTest(file))
    .sort();
}

const parsed = new Map();
function parse(file) {
  if (!parsed.has(file)) {
    const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
    parsed.set(file, ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, kind));
  }
  return parsed.get(file);
}

/** The file an import specifier names: relative paths and the contract's `@opex/contract/<path>` exports. */
function resolveImport(fromFile, spec) {
  let base;
  if (spec.startsWith('.')) base = resolve(dirname(fromFile), spec);
  else if (spec.startsWith('@opex/contract/')) base = join(CONTRACT_SRC, spec.slice('@opex/contract/'.length));
  else return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')]) {
    if (existsSync(candidate) && /\.tsx?$/.test(candidate)) return candidate;
  }
  return null;
}

/** The contract's calls, keyed `<file>#<export>`, read from the modules themselves so defaults apply as at runtime. */
async function contractCalls() {
  const calls = new Map();
  for (const file of sourceFiles(CALLS_DIR)) {
    const mod = await import(pathToFileURL(file).href);
    for (const [exportName, value] of Object.entries(mod)) {
      const isCall = value && typeof value === 'object' && 'request' in value && 'reply' in value && 'host' in value;
      if (isCall) calls.set(`${file}#${exportName}`, { ...value, file, exportName, server: [], web: [], pages: [] });
    }
  }
  return calls;
}

/**
 * A file's imports: local name -> `<file>#<export>` (or `<file>#*` for a namespace), value imports only unless
 * `withTypes` (a type-only import uses no call at runtime).
 */
function importsOf(file, withTypes = false) {
  const names = new Map();
  for (const stmt of parse(file).statements) {
    if (!ts.isImportDeclaration(stmt) || !stmt.importClause) continue;
    const target = resolveImport(file, stmt.moduleSpecifier.text);
    const clause = stmt.importClause;
    if (!target || (clause.isTypeOnly && !withTypes)) continue;
    const bindings = clause.namedBindings;
    if (bindings && ts.isNamespaceImport(bindings)) names.set(bindings.name.text, `${target}#*`);
    if (bindings && ts.isNamedImports(bindings)) {
      for (const el of bindings.elements) {
        if (el.isTypeOnly && !withTypes) continue;
        names.set(el.name.text, `${target}#${(el.propertyName ?? el.name).text}`);
      }
    }
  }
  return names;
}

function walk(node, visit) {
  visit(node);
  ts.forEachChild(node, (child) => walk(child, visit));
}

/** Server functions that bind a call: `<file>#<name>` -> the index of their `C extends CallDef` parameter. */
function binders(files) {
  const found = new Map();
  for (const file of files) {
    for (const stmt of parse(file).statements) {
      if (!ts.isFunctionDeclaration(stmt) || !stmt.name || !stmt.typeParameters) continue;
      const exported = stmt.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
      const callParams = stmt.typeParameters
        .filter((p) => p.constraint?.getText() === 'CallDef')
        .map((p) => p.name.text);
      const index = stmt.parameters.findIndex((p) => p.type && callParams.includes(p.type.getText()));
      if (exported && index >= 0) found.set(`${file}#${stmt.name.text}`, index);
    }
  }
  return found;
}

/** Marks a binder that passes its own call parameter on (a wrapper around bindCall): its callers are the bindings. */
const DELEGATES = Symbol('delegates');
const only = (found) => (found === DELEGATES ? [] : found);

/**
 * The calls an expression stands for, followed through the code's own scopes: a call imported from the contract,
 * a list of them, a const holding one, a loop variable over a list (`for (const [call, kind] of pairs)`), or a
 * parameter of a local helper (the calls its callers pass). `at` holds the file, its imports and the known calls.
 */
function callsOf(expr, at, depth = 0) {
  if (depth > 8) return [];
  if (ts.isPropertyAccessExpression(expr) && ts.isIdentifier(expr.expression)) {
    const ns = at.imports.get(expr.expression.text);
    const key = ns?.endsWith('#*') ? `${ns.slice(0, -1)}${expr.name.text}` : null;
    return key && at.calls.has(key) ? [key] : [];
  }
  if (ts.isAsExpression(expr) || ts.isSatisfiesExpression(expr)) return callsOf(expr.expression, at, depth + 1);
  if (ts.isArrayLiteralExpression(expr)) return expr.elements.flatMap((el) => only(callsOf(el, at, depth + 1)));
  if (!ts.isIdentifier(expr)) return [];
  const found = declarationOf(expr, expr.text);
  if (found?.init) return callsOf(found.init, at, depth + 1);
  if (found?.loop) return listItems(found.loop.expression, found.position, at, depth + 1);
  if (found?.fn) {
    const name = functionName(found.fn);
    if (name && at.binders.has(name)) return DELEGATES;
    const results = [];
    walk(parse(at.file), (node) => {
      if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === name) {
        const arg = node.arguments[found.index];
        if (arg) results.push(...only(callsOf(arg, at, depth + 1)));
      }
    });
    return results;
  }
  const imported = at.imports.get(expr.text);
  return imported && at.calls.has(imported) ? [imported] : [];
}

/** What `name` is declared as where `node` uses it: the nearest loop variable, parameter or const. */
function declarationOf(node, name) {
  for (let scope = node.parent; scope; scope = scope.parent) {
    if (ts.isForOfStatement(scope) && ts.isVariableDeclarationList(scope.initializer)) {
      const position = loopPosition(scope.initializer.declarations[0].name, name);
      if (position !== null) return { loop: scope, position };
    }
    if (ts.isFunctionLike(scope)) {
      const index = scope.parameters.findIndex((p) => ts.isIdentifier(p.name) && p.name.text === name);
      if (index >= 0) return { fn: scope, index };
    }
    if (ts.isBlock(scope) || ts.isSourceFile(scope)) {
      for (const stmt of scope.statements) {
        if (!ts.isVariableStatement(stmt)) continue;
        const decl = stmt.declarationList.declarations.find((d) => ts.isIdentifier(d.name) && d.name.text === name);
        if (decl?.initializer) return { init: decl.initializer };
      }
    }
  }
  return null;
}

/** A function's name: its own, or that of the const it is assigned to. */
function functionName(fn) {
  if (fn.name && ts.isIdentifier(fn.name)) return fn.name.text;
  return ts.isVariableDeclaration(fn.parent) && ts.isIdentifier(fn.parent.name) ? fn.parent.name.text : null;
}

/** Where a loop's variable `name` sits: -1 for the item itself, i for the i-th of a destructured tuple, else null. */
function loopPosition(binding, name) {
  if (ts.isIdentifier(binding)) return binding.text === name ? -1 : null;
  if (!ts.isArrayBindingPattern(binding)) return null;
  const index = binding.elements.findIndex((el) => ts.isBindingElement(el) && el.name.getText() === name);
  return index >= 0 ? index : null;
}

/** The calls in a list a loop runs over; `position` picks the element of each tuple (-1: the items themselves). */
function listItems(expr, position, at, depth) {
  if (ts.isIdentifier(expr)) {
    const found = declarationOf(expr, expr.text);
    return found?.init ? listItems(found.init, position, at, depth + 1) : [];
  }
  const list = ts.isAsExpression(expr) || ts.isSatisfiesExpression(expr) ? expr.expression : expr;
  if (!ts.isArrayLiteralExpression(list)) return [];
  return list.elements.flatMap((el) => {
    const item = position >= 0 && ts.isArrayLiteralExpression(el) ? el.elements[position] : el;
    return item ? only(callsOf(item, at, depth + 1)) : [];
  });
}

function bindServer(calls) {
  const files = sourceFiles(SERVER_SRC);
  const binding = binders(files);
  const problems = [];
  for (const file of files) {
    const imports = importsOf(file);
    const local = new Map([...imports].filter(([, target]) => binding.has(target)));
    if (local.size === 0) continue;
    const own = new Set([...binding.keys()].filter((key) => key.startsWith(`${file}#`)).map((k) => k.split('#')[1]));
    const at = { file, imports, calls, binders: own };
    walk(parse(file), (node) => {
      if (!ts.isCallExpression(node) || !ts.isIdentifier(node.expression) || !local.has(node.expression.text)) return;
      const arg = node.arguments[binding.get(local.get(node.expression.text))];
      const bound = arg ? callsOf(arg, at) : [];
      if (bound === DELEGATES) return;
      if (bound.length === 0) {
        const { line } = parse(file).getLineAndCharacterOfPosition(node.getStart());
        problems.push(`${rel(file)}:${line + 1}: cannot tell which call ${node.expression.text} binds`);
      }
      for (const key of bound) if (!calls.get(key).server.includes(file)) calls.get(key).server.push(file);
    });
  }
  return problems;
}

/** Web files that import a call's value, and the pages (`*Page.tsx`, `*Pages.tsx`) or the shell that load them. */
function useWeb(calls) {
  const files = sourceFiles(WEB_SRC);
  const importers = new Map(files.map((f) => [f, new Set()]));
  for (const file of files) {
    const targets = new Set([...importsOf(file).values()].map((t) => t.slice(0, t.lastIndexOf('#'))));
    walk(parse(file), (node) => {
      const dynamic = ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword;
      const spec = dynamic && node.arguments[0];
      const target = spec && ts.isStringLiteral(spec) && resolveImport(file, spec.text);
      if (target) targets.add(target);
    });
    for (const target of targets) importers.get(target)?.add(file);
  }
  const isPage = (file) => /Pages?\.tsx$/.test(file);
  const pagesOf = (file) => {
    const pages = new Set();
    const seen = new Set([file]);
    const queue = [file];
    while (queue.length > 0) {
      const current = queue.shift();
      if (isPage(current)) {
        pages.add(current.replace(/^.*[/\\]/, '').replace(/\.tsx$/, ''));
        continue;
      }
      if (importers.get(current).size === 0) pages.add('shell (every page)');
      for (const next of importers.get(current)) if (!seen.has(next) && seen.add(next)) queue.push(next);
    }
    return pages;
  };
  for (const file of files) {
    for (const target of new Set(importsOf(file).values())) {
      const call = calls.get(target);
      if (!call) continue;
      call.web.push(file);
      call.pages = [...new Set([...call.pages, ...pagesOf(file)])].sort();
    }
  }
}

const code = (items, from) => (items.length ? items.map((f) => `\`${relative(from, f)}\``).join(', ') : '—');

function render(calls) {
  const lines = [
    '# Calls index',
    '',
    'Every call of the spec: where its schemas are (`packages/contract/src/calls/`), the server file that binds it',
    '(under `apps/server/src/`), the web files that call it (under `apps/web/src/`) and the pages that load those.',
    'Generated by `npm run calls` (scripts/calls-index.mjs); `npm test` fails when it is out of date. Do not edit.',
  ];
  const hosts = [...new Set([...calls.values()].map((c) => c.host))];
  for (const host of hosts) {
    const ofHost = [...calls.values()].filter((c) => c.host === host);
    lines.push('', `## ${host} (\`${ofHost[0] && callPrefix(ofHost[0])}\`)`);
    for (const file of [...new Set(ofHost.map((c) => c.file))]) {
      lines.push('', `### ${relative(CALLS_DIR, file).replace(/\.ts$/, '')}`, '');
      lines.push(
        '| Call | Method | Access | Contract export | Server | Web | Pages |',
        '|---|---|---|---|---|---|---|',
      );
      for (const c of ofHost.filter((call) => call.file === file).sort((a, b) => a.name.localeCompare(b.name))) {
        const access = c.writes ? `${c.access}, writes` : c.access;
        const pages = c.pages.length ? c.pages.join(', ') : '—';
        lines.push(
          `| \`${c.name}\` | ${c.method} | ${access} | \`${c.exportName}\` | ${code(c.server, SERVER_SRC)} | ${code(c.web, WEB_SRC)} | ${pages} |`,
        );
      }
    }
  }
  return `${lines.join('\n')}\n`;
}

const { callPath } = await import(pathToFileURL(join(CONTRACT_SRC, 'call.ts')).href);
const callPrefix = (call) => callPath({ ...call, name: '' }).replace(/\/$/, '');

const calls = await contractCalls();
const problems = bindServer(calls);
useWeb(calls);
if (problems.length > 0) {
  console.error(`calls-index: ${problems.join('; ')}`);
  process.exit(1);
}
const text = render(calls);
if (process.argv.includes('--check')) {
  const current = existsSync(OUTPUT) ? readFileSync(OUTPUT, 'utf8') : '';
  if (current !== text) {
    console.error('docs/calls.md is out of date: run `npm run calls` and commit it.');
    process.exit(1);
  }
} else {
  writeFileSync(OUTPUT, text);
  console.log(`docs/calls.md: ${calls.size} calls`);
}

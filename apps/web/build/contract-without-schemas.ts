import type { Plugin } from 'vite';

const CONTRACT_MODULE = /[\\/]packages[\\/]contract[\\/]src[\\/].*\.ts$/;

interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';
}

const FUNCTION = new Set(['FunctionExpression', 'ArrowFunctionExpression', 'FunctionDeclaration']);

/** The nodes of `node` outside function bodies (what runs when the module loads). */
function* moduleLevel(node: Node): Generator<Node> {
  if (FUNCTION.has(node.type)) return;
  yield node;
  for (const value of Object.values(node)) {
    if (Array.isArray(value)) {
      for (const item of value) if (isNode(item)) yield* moduleLevel(item);
    } else if (isNode(value)) yield* moduleLevel(value);
  }
}

/** Values of the `request` and `reply` properties of call definitions (and of the shared parts spread into them). */
function schemaValues(program: Node): Node[] {
  const found: Node[] = [];
  for (const node of moduleLevel(program)) {
    const key = node.key as Node | undefined;
    if (node.type === 'Property' && key?.type === 'Identifier' && (key.name === 'request' || key.name === 'reply'))
      found.push(node.value as Node);
  }
  return found;
}

/** Initialisers of top-level `const`s that run code (calls, spreads): schema builders and call definitions. */
function runningInitialisers(program: Node): Node[] {
  const found: Node[] = [];
  for (let statement of program.body as Node[]) {
    if (statement.type === 'ExportNamedDeclaration' && isNode(statement.declaration)) statement = statement.declaration;
    if (statement.type !== 'VariableDeclaration') continue;
    for (const declarator of statement.declarations as Node[]) {
      const init = declarator.init;
      if (!isNode(init)) continue;
      for (const node of moduleLevel(init)) {
        if (['CallExpression', 'NewExpression', 'SpreadElement'].includes(node.type)) {
          found.push(init);
          break;
        }
      }
    }
  }
  return found;
}

/**
 * The web app sends calls by their name, host and method and never validates a request or reply with the
 * contract's zod schemas (the server does). So in the web build the contract's call definitions lose their schemas
 * and the schema builders are declared pure: zod and every schema the app does not use at run time leave the
 * bundle, while types still come from the full contract. Only `vite build` does this; tests run the real modules.
 */
export function contractWithoutSchemas(): Plugin {
  return {
    name: 'opex:contract-without-schemas',
    apply: 'build',
    transform(code, id) {
      if (!CONTRACT_MODULE.test(id) || !code.includes('zod')) return null;
      const program = this.parse(code) as unknown as Node;
      // Each initialiser becomes a pure immediately-called function: dropped with its zod calls when unused.
      const edits = [
        ...schemaValues(program).map((node) => ({ start: node.start, end: node.end, text: 'undefined' })),
        ...runningInitialisers(program).flatMap((node) => [
          { start: node.start, end: node.start, text: '/* @__PURE__ */ (() => (' },
          { start: node.end, end: node.end, text: '))()' },
        ]),
      ].sort((a, b) => b.start - a.start);
      let out = code;
      for (const edit of edits) out = out.slice(0, edit.start) + edit.text + out.slice(edit.end);
      return { code: out, map: null };
    },
  };
}

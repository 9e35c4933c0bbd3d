// @vitest-environment node
import path from 'node:path';
import { build, type Rollup } from 'vite';
import { expect, it } from 'vitest';
import { contractWithoutSchemas } from './contract-without-schemas.ts';

const ENTRY = '\0entry.js';

/** Bundles `source` (an entry importing the contract) as the web build does, with or without the plugin. */
async function bundle(source: string, plugins = [contractWithoutSchemas()]): Promise<string> {
  const output = (await build({
    configFile: false,
    root: path.resolve(import.meta.dirname, '..'),
    logLevel: 'silent',
    plugins: [
      {
        name: 'entry',
        resolveId: (id) => (id === 'entry' ? ENTRY : null),
        load: (id) => (id === ENTRY ? source : null),
      },
      ...plugins,
    ],
    build: { write: false, minify: false, rolldownOptions: { input: 'entry', preserveEntrySignatures: 'strict' } },
  })) as Rollup.RollupOutput;
  return output.output.map((file) => (file.type === 'chunk' ? file.code : '')).join('\n');
}

const entry = `
import { orderCreate, OrderStatus } from '@opex/contract/calls/order';
import { optionalUpdateSymbol } from '@opex/contract/calls/optional';
import { channels } from '@opex/contract/realtime';
export const used = [orderCreate, optionalUpdateSymbol, OrderStatus.filled, channels.depth('btcusdt', 0)];
`;

it('leaves zod and the schemas out of the web bundle, keeping what the app reads of each call', async () => {
  const code = await bundle(entry);
  expect(code).not.toMatch(/ZodError|a positive decimal number|market symbols such as btcusdt/);
  const { used } = await import(`data:text/javascript,${encodeURIComponent(code)}`);
  expect(used[0]).toMatchObject({ name: 'order/create', host: 'ex', method: 'POST', access: 'login', writes: true });
  expect(used[1]).toMatchObject({ name: 'optional/update_symbol', access: 'login', writes: true });
  expect(used[2]).toBe(2);
  expect(used[3]).toBe('market_btcusdt_depth_step0');
});

it('is what takes them out: without it the same bundle carries zod', async () => {
  expect(await bundle(entry, [])).toMatch(/a positive decimal number/);
});

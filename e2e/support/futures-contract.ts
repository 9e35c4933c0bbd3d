import { type APIRequestContext, expect } from '@playwright/test';
import { admin } from './admin.ts';

/**
 * A perpetual of a test's own: a new coin `base` margined in USDT (0.01 base coin a contract, prices at 2 decimals,
 * two brackets), with the futures switch on. Returns the contract's name (E-FSD-USDT).
 */
export async function addPerpetual(base: string): Promise<string> {
  await admin(...['coin', 'add', '--symbol', base, '--name', base, '--show-precision', '4', '--scale', '8']);
  await admin('switch', 'set', 'indep_co_switch', '1');
  // biome-ignore format: the command line reads best as written
  await admin('contract', 'add', '--base', base, '--quote', 'USDT', '--type', 'E', '--side', 'linear', '--multiplier', '0.01',
    '--price-precision', '2', '--max-limit-volume', '100000', '--max-market-money', '1000000', '--maker-fee', '0.0002',
    '--taker-fee', '0.0005', '--depth', '2,1', '--sort', '900');
  const name = `E-${base}-USDT`;
  await admin('contract', 'brackets', name, '--tiers', '50000:50:0.01,250000:20:0.025');
  return name;
}

/** A co-host call that must succeed, as the logged-in context makes it. */
export async function coCall(request: APIRequestContext, name: string, data: object): Promise<unknown> {
  const state = await request.storageState();
  const xsrf = state.cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const reply = await request.post(`/fe-co-api/${name}`, { headers: { 'X-XSRF-TOKEN': xsrf }, data });
  const body = (await reply.json()) as { code: string; msg?: string; data: unknown };
  expect(body.code, `${name}: ${body.msg}`).toBe('0');
  return body.data;
}

import { type APIRequestContext, expect } from '@playwright/test';
import { admin } from './admin.ts';
import { loginFromAnotherDevice } from './api-login.ts';
import { registerByApi } from './api-register.ts';
import { call } from './margin-market.ts';

/** A contract's terms where a test needs others than addPerpetual's (a contract's price precision and its depth go together). */
export interface ContractTerms {
  multiplier?: string;
  pricePrecision?: string;
  /** The book's merge steps as decimal places. */
  depth?: string;
  /** How far a limit price may stray from the last price, a fraction. */
  priceRange?: string;
}

/**
 * A perpetual of a test's own: a new coin `base` margined in USDT (by default 0.01 base coin a contract, prices at
 * 2 decimals, two brackets: 50x up to 50,000 USDT at 1% maintenance, 20x up to 250,000 at 2.5%); the global setup
 * switches futures on. Returns the contract's name (E-FSD-USDT).
 */
export async function addPerpetual(base: string, terms: ContractTerms = {}): Promise<string> {
  const { multiplier = '0.01', pricePrecision = '2', depth = '2,1', priceRange = '0.05' } = terms;
  await admin(...['coin', 'add', '--symbol', base, '--name', base, '--show-precision', '4', '--scale', '8']);
  // biome-ignore format: the command line reads best as written
  await admin('contract', 'add', '--base', base, '--quote', 'USDT', '--type', 'E', '--side', 'linear', '--multiplier', multiplier,
    '--price-precision', pricePrecision, '--max-limit-volume', '100000', '--max-market-money', '1000000', '--maker-fee', '0.0002',
    '--taker-fee', '0.0005', '--depth', depth, '--price-range', priceRange, '--sort', '900');
  const name = `E-${base}-USDT`;
  await admin('contract', 'brackets', name, '--tiers', '50000:50:0.01,250000:20:0.025');
  return name;
}

/**
 * A new trader with a futures account holding `usdt` USDT (credited to the exchange account by the operator, then
 * moved in), logged in on `request`'s context. Returns the account's e-mail.
 */
export async function futuresTrader(request: APIRequestContext, prefix: string, usdt: string): Promise<string> {
  const trader = await registerByApi(request, prefix);
  await loginFromAnotherDevice(request, trader.email, trader.password);
  await admin(...['credit', '--user', trader.email, '--coin', 'USDT', '--amount', usdt, '--reason', 'futures e2e']);
  await coCall(request, 'user/create_co_id', {});
  await call(request, 'contract/co_transfer', { transferType: 'wallet_to_contract', amount: usdt, coinSymbol: 'USDT' });
  return trader.email;
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

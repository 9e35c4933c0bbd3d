import Big from 'big.js';
import type { FastifyInstance } from 'fastify';
import { permissionsOf } from '../modules/openapi/api-keys.ts';
import { exchangeAccount } from '../read-model/account-ref.ts';
import { accountBalances } from '../read-model/balance-reads.ts';
import type { Services } from '../services.ts';
import { binanceErrors } from './binance-error.ts';
import { allMarkets, findMarket } from './exchange-info.ts';
import { binanceSymbol } from './market-format.ts';
import { type SignedCaller, verifySigned } from './signed-request.ts';

/**
 * GET /api/v3/account: the key owner's spot (exchange account) balances in Binance's shape, free and locked, every
 * listed coin included unless omitZeroBalances=true; GET /api/v3/account/commission: a market's fee rates.
 */
/** Binance prints balances with 8 decimals; a coin with finer units keeps them all. */
const balanceText = (value: string) => {
  const v = new Big(value);
  const digits = Math.max(8, v.c.length - v.e - 1);
  return v.toFixed(digits);
};
/** A rate as Binance's integer commission fields: units of 0.01 %. */
const basisPoints = (rate: Big) => Number(rate.times(10_000).round(0, Big.roundDown).toFixed(0));

export function registerOpenApiAccountRoutes(scope: FastifyInstance, services: Services): void {
  scope.get('/account', async (request) => accountInformation(services, await verifySigned(services, request, 'read')));
  scope.get('/account/commission', async (request) => {
    const { params } = await verifySigned(services, request, 'read');
    const spec = await findMarket(services, params.required('symbol'));
    params.done();
    if (!spec) throw binanceErrors.badSymbol();
    const zero = '0.00000000';
    return {
      symbol: binanceSymbol(spec),
      standardCommission: {
        maker: spec.makerFee.toFixed(8),
        taker: spec.takerFee.toFixed(8),
        buyer: zero,
        seller: zero,
      },
      specialCommission: { maker: zero, taker: zero, buyer: zero, seller: zero },
      taxCommission: { maker: zero, taker: zero, buyer: zero, seller: zero },
      discount: { enabledForAccount: false, enabledForSymbol: false, discountAsset: 'BNB', discount: zero },
    };
  });
}

/** GET /api/v3/account and the WebSocket API's account.status. */
export async function accountInformation(services: Services, { userId, key, params }: SignedCaller) {
  const { db } = services.database;
  const omit = params.optional('omitZeroBalances');
  params.done();
  if (omit !== undefined && omit !== 'true' && omit !== 'false') throw binanceErrors.illegal('omitZeroBalances');
  const [coins, rows, markets] = await Promise.all([
    db.selectFrom('coins').select(['symbol', 'sort']).orderBy('sort').orderBy('symbol').execute(),
    accountBalances(db, exchangeAccount(userId)),
    allMarkets(services),
  ]);
  const held = new Map(rows.map((r) => [r.coin.toUpperCase(), r]));
  const assets = [...new Set([...coins.map((c) => c.symbol.toUpperCase()), ...held.keys()])];
  const balances = assets
    .map((asset) => {
      const row = held.get(asset);
      return { asset, free: balanceText(row?.available ?? '0'), locked: balanceText(row?.locked ?? '0') };
    })
    .filter((b) => omit !== 'true' || new Big(b.free).gt(0) || new Big(b.locked).gt(0));
  // Fees are set per market; the account-wide figures are the first market's.
  const first = markets[0];
  const maker = first?.makerFee ?? new Big(0);
  const taker = first?.takerFee ?? new Big(0);
  const canTrade = permissionsOf(key).includes('trade');
  return {
    makerCommission: basisPoints(maker),
    takerCommission: basisPoints(taker),
    buyerCommission: 0,
    sellerCommission: 0,
    commissionRates: {
      maker: maker.toFixed(8),
      taker: taker.toFixed(8),
      buyer: '0.00000000',
      seller: '0.00000000',
    },
    canTrade,
    // API keys cannot withdraw here; deposits are made on the web pages.
    canWithdraw: false,
    canDeposit: true,
    brokered: false,
    requireSelfTradePrevention: false,
    preventSor: false,
    updateTime: rows.reduce((latest, r) => Math.max(latest, Number(r.updated_at)), 0),
    accountType: 'SPOT',
    balances,
    permissions: ['SPOT'],
    uid: userId,
  };
}

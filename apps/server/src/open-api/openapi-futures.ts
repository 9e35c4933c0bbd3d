import {
  array,
  decimal,
  endTime,
  fromId,
  int,
  limit,
  type Operation,
  object,
  operation,
  type Param,
  param,
  type Schema,
  startTime,
  str,
  symbol,
} from './openapi-parts.ts';

/**
 * The OpenAPI paths of the futures families (docs/open-api.md): USD-M under /fapi (linear contracts, quantities in
 * the base coin) and COIN-M under /dapi (inverse contracts, quantities in contracts), public market data and the
 * signed account, orders, algo orders and listen keys, for the document in openapi-document.ts. Each path is listed
 * under each family that serves it.
 */
type Family = 'fapi' | 'dapi';
type Method = 'get' | 'post' | 'put' | 'delete';

interface Entry extends Operation {
  /** The path after the family, with its version: /v1/depth. */
  path: string | Record<Family, string>;
  method: Method;
  tag: 'Futures market data' | 'Futures trading' | 'Futures user data stream';
  only?: Family;
}

const optionalSymbol = { ...symbol, required: false, description: 'One contract; without it all.' };
const pair = param('pair', { type: 'string', example: 'BTCUSD' }, 'Base and quote: every contract of the pair.');
const interval = param('interval', { type: 'string', example: '1m' }, 'K-line interval, as Binance names them.', true);
const orderId = param('orderId', { type: 'integer', format: 'int64' }, 'The order id; or origClientOrderId.');
const origClientOrderId = param('origClientOrderId', { type: 'string' }, 'The client id it was placed with.');
const algoId = param('algoId', { type: 'integer', format: 'int64' }, 'The algo order id; or clientAlgoId.');
const quantity = decimal('fapi: base coin, whole contracts (LOT_SIZE.stepSize); dapi: contracts');
const orderParams: Param[] = [
  symbol,
  param('side', { type: 'string', enum: ['BUY', 'SELL'] }, 'Order side.', true),
  param('positionSide', { type: 'string', enum: ['BOTH', 'LONG', 'SHORT'] }, 'BOTH in one-way mode (the default).'),
  param(
    'type',
    {
      type: 'string',
      enum: ['LIMIT', 'MARKET', 'STOP', 'STOP_MARKET', 'TAKE_PROFIT', 'TAKE_PROFIT_MARKET', 'TRAILING_STOP_MARKET'],
    },
    'LIMIT and MARKET go to the book; the others become conditional orders (orderId = algo id + 1000000000000).',
    true,
  ),
  param(
    'timeInForce',
    { type: 'string', enum: ['GTC', 'IOC', 'FOK', 'GTX'] },
    'GTX is post-only (-5022 if it would take).',
  ),
  param('quantity', quantity, 'Order size.'),
  param('price', decimal('Limit price, whole ticks'), 'LIMIT, STOP and TAKE_PROFIT.'),
  param('reduceOnly', { type: 'string', enum: ['true', 'false'] }, 'Only reduce the position (-2022 if it cannot).'),
  param('closePosition', { type: 'string', enum: ['true', 'false'] }, 'Close the whole position (conditional orders).'),
  param('stopPrice', decimal('Trigger price'), 'STOP, STOP_MARKET, TAKE_PROFIT, TAKE_PROFIT_MARKET.'),
  param('activationPrice', decimal('Trailing stop activation price'), 'TRAILING_STOP_MARKET.'),
  param('callbackRate', decimal('Percent, 0.1 to 5', '1'), 'TRAILING_STOP_MARKET.'),
  param('workingType', { type: 'string', enum: ['MARK_PRICE', 'CONTRACT_PRICE'] }, 'The price a trigger watches.'),
  param('newClientOrderId', { type: 'string', maxLength: 36 }, 'Your id for the order.'),
];
const order = object({
  orderId: int('Order id'),
  symbol: str('Contract symbol', 'BTCUSDT'),
  status: str('NEW, PARTIALLY_FILLED, FILLED, CANCELED, EXPIRED'),
  clientOrderId: str('Client id'),
  price: decimal('Price'),
  avgPrice: decimal('Average fill price'),
  origQty: decimal('Quantity'),
  executedQty: decimal('Filled'),
  type: str('Order type'),
  side: str('BUY or SELL'),
  positionSide: str('BOTH, LONG or SHORT'),
  reduceOnly: { type: 'boolean' },
  stopPrice: decimal('Trigger price (conditional orders)'),
  time: int('Epoch ms'),
  updateTime: int('Epoch ms'),
});
const orders = array(order);
const algo = object({
  algoId: int('Algo order id'),
  clientAlgoId: str('opex-algo-<algoId>'),
  algoType: str('CONDITIONAL'),
  orderType: str('STOP, STOP_MARKET, TAKE_PROFIT, TAKE_PROFIT_MARKET or TRAILING_STOP_MARKET'),
  algoStatus: str('NEW, CANCELED, FINISHED, REJECTED, EXPIRED'),
  triggerPrice: decimal('Trigger price'),
  quantity: decimal('Quantity'),
});
const any = (description: string): Schema => ({ type: 'object', description, additionalProperties: true });
const list = (description: string): Schema => ({ ...array({ type: 'object' }), description });
const ok = object({ code: int('200'), msg: str('success') });

const market = (path: Entry['path'], summary: string, params: Param[], reply: Schema, description?: string): Entry => ({
  path,
  method: 'get',
  tag: 'Futures market data',
  summary,
  params,
  reply,
  ...(description ? { description } : {}),
});
const signed = (
  method: Method,
  path: Entry['path'],
  summary: string,
  params: Param[],
  reply: Schema,
  extra: Partial<Entry> = {},
): Entry => ({
  path,
  method,
  tag: 'Futures trading',
  summary,
  params,
  reply,
  signed: method === 'get' ? 'read' : 'trade',
  ...extra,
});

const entries: Entry[] = [
  market('/v1/ping', 'Test connectivity', [], object({})),
  market('/v1/time', 'Server time', [], object({ serverTime: int('Epoch ms') })),
  market(
    '/v1/exchangeInfo',
    'Contracts, with their filters',
    [],
    any(
      'symbols: each contract with contractType (PERPETUAL, CURRENT_QUARTER... and CURRENT_WEEK, NEXT_WEEK for weekly contracts), deliveryDate, marginAsset, pricePrecision, quantityPrecision, contractSize (dapi) and filters PRICE_FILTER, LOT_SIZE, MARKET_LOT_SIZE, MIN_NOTIONAL.',
    ),
  ),
  market(
    '/v1/depth',
    'Order book',
    [symbol, limit(500, 1000)],
    any('lastUpdateId, E, T, bids, asks; dapi adds symbol and pair.'),
  ),
  market(
    '/v1/trades',
    'Recent trades',
    [symbol, limit(500, 1000)],
    list('id, price, qty, quoteQty (dapi baseQty), time, isBuyerMaker.'),
  ),
  market('/v1/historicalTrades', 'Older trades', [symbol, fromId, limit(500, 1000)], list('As trades.')),
  market(
    '/v1/aggTrades',
    'Aggregate trades',
    [symbol, fromId, startTime, endTime, limit(500, 1000)],
    list('a, p, q, f, l, T, m.'),
  ),
  market(
    '/v1/klines',
    'K-lines',
    [symbol, interval, startTime, endTime, limit(500, 1500)],
    list('Binance K-line arrays.'),
  ),
  market(
    '/v1/continuousKlines',
    'K-lines of a pair and contract type',
    [
      { ...pair, required: true },
      param('contractType', { type: 'string' }, 'PERPETUAL, CURRENT_QUARTER...', true),
      interval,
      startTime,
      endTime,
      limit(500, 1500),
    ],
    list('Binance K-line arrays.'),
  ),
  market(
    '/v1/markPriceKlines',
    'Mark price K-lines',
    [symbol, interval, startTime, endTime, limit(500, 1500)],
    list('Volumes are 0.'),
  ),
  market(
    '/v1/indexPriceKlines',
    'Index price K-lines',
    [{ ...pair, required: true }, interval, startTime, endTime, limit(500, 1500)],
    list('Volumes are 0.'),
  ),
  market(
    '/v1/premiumIndex',
    'Mark and index price, funding',
    [optionalSymbol, pair],
    any(
      'markPrice, indexPrice, estimatedSettlePrice, lastFundingRate (predicted for nextFundingTime), interestRate, nextFundingTime, time; an array without symbol (dapi: always).',
    ),
  ),
  market(
    '/v1/fundingRate',
    'Funding rate history',
    [optionalSymbol, startTime, endTime, limit(100, 1000)],
    list('symbol, fundingRate, fundingTime, markPrice.'),
  ),
  market(
    '/v1/fundingInfo',
    'Funding settings per contract',
    [],
    list('symbol, adjustedFundingRateCap, adjustedFundingRateFloor, fundingIntervalHours.'),
  ),
  market(
    '/v1/ticker/24hr',
    '24 h tickers',
    [optionalSymbol, pair],
    any('One ticker, or an array without symbol (dapi: always).'),
  ),
  market('/v1/ticker/price', 'Last prices', [optionalSymbol, pair], any('symbol, price, time.')),
  { ...market('/v2/ticker/price', 'Last prices', [optionalSymbol], any('symbol, price, time.')), only: 'fapi' },
  market(
    '/v1/ticker/bookTicker',
    'Best bid and ask',
    [optionalSymbol, pair],
    any('symbol, bidPrice, bidQty, askPrice, askQty, time.'),
  ),
  market(
    '/v1/openInterest',
    'Open interest',
    [symbol],
    object({ symbol: str('Contract'), openInterest: decimal('Open long positions'), time: int('Epoch ms') }),
  ),
  market(
    '/v1/insuranceBalance',
    'The insurance fund',
    [optionalSymbol],
    any(
      '{symbols, assets: [{asset, marginBalance, updateTime}]} per margin coin: one object with symbol, an array without.',
    ),
  ),
  signed(
    'get',
    { fapi: '/v2/account', dapi: '/v1/account' },
    'Account: balances and positions',
    [],
    any('assets (walletBalance, unrealizedProfit, marginBalance, availableBalance...) and positions.'),
  ),
  { ...signed('get', '/v3/account', 'Account (v3)', [], any('Totals, assets and positions.')), only: 'fapi' },
  signed(
    'get',
    { fapi: '/v2/balance', dapi: '/v1/balance' },
    'Balances of the margin coins',
    [],
    list('asset, balance, crossWalletBalance, crossUnPnl, availableBalance, maxWithdrawAmount.'),
  ),
  { ...signed('get', '/v3/balance', 'Balances (v3)', [], list('As v2.')), only: 'fapi' },
  signed(
    'get',
    { fapi: '/v2/positionRisk', dapi: '/v1/positionRisk' },
    'Positions',
    [optionalSymbol],
    list(
      'symbol, positionSide, positionAmt, entryPrice, markPrice, unRealizedProfit, liquidationPrice, leverage, marginType, isolatedMargin...',
    ),
  ),
  {
    ...signed(
      'get',
      '/v3/positionRisk',
      'Positions (v3)',
      [optionalSymbol],
      list('As v2 with initialMargin, maintMargin, adl.'),
    ),
    only: 'fapi',
  },
  signed(
    'post',
    '/v1/leverage',
    'Set the leverage of a contract',
    [symbol, param('leverage', { type: 'integer' }, '1 to the top bracket (-4028 above).', true)],
    object({ leverage: int('Leverage'), symbol: str('Contract') }),
    {
      description:
        "Also while holding: the position's and open orders' margin is held again at it. -2027 holdings above the new leverage's bracket, -2028 too little balance for a lower one, -4161 an open isolated position's lowered.",
    },
  ),
  signed(
    'post',
    '/v1/marginType',
    'Set the margin type of a contract',
    [symbol, param('marginType', { type: 'string', enum: ['ISOLATED', 'CROSSED'] }, 'Margin type.', true)],
    ok,
    { description: '-4046 "No need to change margin type.", -4047 open orders, -4048 a position.' },
  ),
  signed('get', '/v1/positionSide/dual', 'Position mode', [], object({ dualSidePosition: { type: 'boolean' } })),
  signed(
    'post',
    '/v1/positionSide/dual',
    'Set the position mode (hedge or one-way) for every contract of the family',
    [param('dualSidePosition', { type: 'string', enum: ['true', 'false'] }, 'true: hedge mode.', true)],
    ok,
    { description: '-4059 "No need to change position side.", -4067 open orders, -4068 a position.' },
  ),
  signed(
    'post',
    '/v1/positionMargin',
    'Move margin into (type 1) or out of (type 2) an isolated position',
    [
      symbol,
      param('positionSide', { type: 'string' }, 'BOTH, LONG or SHORT.'),
      param('amount', decimal('Amount'), 'In the margin coin.', true),
      param('type', { type: 'integer', enum: [1, 2] }, '1 add, 2 reduce.', true),
    ],
    any('amount, code, msg, type.'),
  ),
  signed(
    'get',
    '/v1/positionMargin/history',
    'Margin moved into and out of isolated positions',
    [
      symbol,
      param('type', { type: 'integer', enum: [1, 2] }, '1 added, 2 removed.'),
      startTime,
      endTime,
      limit(500, 500),
    ],
    list('symbol, type, deltaType USER_ADJUST, amount, asset, time, positionSide.'),
  ),
  signed(
    'get',
    '/v1/commissionRate',
    'Fee rates of a contract',
    [symbol],
    object({ symbol: str('Contract'), makerCommissionRate: decimal('Maker'), takerCommissionRate: decimal('Taker') }),
  ),
  signed(
    'get',
    { fapi: '/v1/leverageBracket', dapi: '/v2/leverageBracket' },
    'Leverage brackets',
    [optionalSymbol],
    list(
      'symbol, brackets: bracket, initialLeverage, notionalCap (dapi qtyCap), notionalFloor, maintMarginRatio, cum.',
    ),
  ),
  signed(
    'get',
    '/v1/income',
    'Income history',
    [
      optionalSymbol,
      param(
        'incomeType',
        { type: 'string' },
        'TRANSFER, REALIZED_PNL, FUNDING_FEE, COMMISSION, INSURANCE_CLEAR, DELIVERED_SETTELMENT.',
      ),
      startTime,
      endTime,
      limit(100, 1000),
    ],
    list('symbol, incomeType, income, asset, time, tranId, tradeId.'),
  ),
  signed(
    'get',
    '/v1/adlQuantile',
    'Auto-deleveraging ranks',
    [optionalSymbol],
    list('symbol, adlQuantile {LONG, SHORT, BOTH, HEDGE}.'),
  ),
  signed(
    'get',
    '/v1/forceOrders',
    'Your liquidation orders',
    [
      optionalSymbol,
      param(
        'autoCloseType',
        { type: 'string', enum: ['LIQUIDATION', 'ADL'] },
        'ADL finds none: auto-deleveraging places no orders here.',
      ),
      startTime,
      endTime,
      limit(50, 100),
    ],
    orders,
  ),
  signed('post', '/v1/order', 'Place an order', orderParams, order, {
    description:
      'Refusals: -2019 margin, -2021 would trigger at once, -2022 reduce-only, -5021 FOK, -5022 post-only, -4061 position side, -1111 precision, -4016 price range.',
  }),
  signed('get', '/v1/order', 'An order', [symbol, orderId, origClientOrderId], order),
  signed('delete', '/v1/order', 'Cancel an order', [symbol, orderId, origClientOrderId], order),
  signed(
    'put',
    '/v1/order',
    'Amend an order (cancelled and placed again: a new orderId)',
    [
      symbol,
      orderId,
      origClientOrderId,
      param('side', { type: 'string' }, 'BUY or SELL.', true),
      param('quantity', quantity, 'New size.', true),
      param('price', decimal('New price'), 'New price.', true),
    ],
    order,
  ),
  signed('get', '/v1/openOrder', 'An open order', [symbol, orderId, origClientOrderId], order),
  signed(
    'get',
    '/v1/openOrders',
    'Open orders of the book (conditional ones are algo orders)',
    [optionalSymbol],
    orders,
  ),
  signed('delete', '/v1/allOpenOrders', 'Cancel all open orders of a contract', [symbol], ok),
  signed(
    'get',
    '/v1/allOrders',
    'Orders of a contract',
    [symbol, orderId, startTime, endTime, limit(500, 1000)],
    orders,
  ),
  signed(
    'get',
    '/v1/userTrades',
    'Your fills',
    [symbol, fromId, startTime, endTime, limit(500, 1000)],
    list(
      'id, orderId, side, price, qty, realizedPnl, quoteQty (dapi baseQty), commission, commissionAsset, time, positionSide, buyer, maker.',
    ),
  ),
  signed(
    'post',
    '/v1/batchOrders',
    'Place up to 5 orders',
    [param('batchOrders', { type: 'string' }, 'A JSON array of order parameters.', true)],
    list('Each an order or {code, msg}.'),
  ),
  signed(
    'delete',
    '/v1/batchOrders',
    'Cancel up to 10 orders',
    [
      symbol,
      param('orderIdList', { type: 'string' }, 'A JSON array of ids.'),
      param('origClientOrderIdList', { type: 'string' }, 'A JSON array of client ids.'),
    ],
    list('Each an order or {code, msg}.'),
  ),
  signed(
    'post',
    '/v1/countdownCancelAll',
    "Cancel a contract's open orders unless called again within countdownTime",
    [symbol, param('countdownTime', { type: 'integer' }, 'Milliseconds; 0 stops the countdown.', true)],
    object({ symbol: str('Contract'), countdownTime: str('Milliseconds') }),
  ),
  signed(
    'post',
    '/v1/algoOrder',
    'Place a conditional (algo) order',
    [
      ...orderParams.filter((p) => p.name !== 'stopPrice'),
      param('algoType', { type: 'string', enum: ['CONDITIONAL'] }, 'CONDITIONAL.', true),
      param('triggerPrice', decimal('Trigger price'), 'The trigger.'),
      param('clientAlgoId', { type: 'string' }, 'Not kept: the order answers to opex-algo-<algoId>.'),
    ],
    algo,
  ),
  signed(
    'get',
    '/v1/algoOrder',
    'An algo order',
    [algoId, param('clientAlgoId', { type: 'string' }, 'opex-algo-<algoId>.')],
    algo,
  ),
  signed(
    'delete',
    '/v1/algoOrder',
    'Cancel an algo order',
    [algoId, param('clientAlgoId', { type: 'string' }, 'opex-algo-<algoId>.')],
    object({ algoId: int('Algo id'), code: str('200'), msg: str('success') }),
  ),
  signed('get', '/v1/openAlgoOrders', 'Open algo orders', [optionalSymbol], array(algo)),
  signed('delete', '/v1/algoOpenOrders', 'Cancel all algo orders of a contract', [symbol], ok),
  ...(['post', 'put', 'delete'] as const).map(
    (method): Entry => ({
      path: '/v1/listenKey',
      method,
      tag: 'Futures user data stream',
      summary: {
        post: 'Your listen key',
        put: 'Keep your listen key alive 60 more minutes',
        delete: 'Close your listen key',
      }[method],
      description:
        method === 'post'
          ? 'The API key header alone. Stream it at /fstream/ws/<listenKey> or /fstream/private/ws?listenKey=<listenKey> (dapi: /dstream/...): ACCOUNT_UPDATE (reason m: ORDER, DEPOSIT, WITHDRAW, FUNDING_FEE, MARGIN_TRANSFER, ADMIN_DEPOSIT), ORDER_TRADE_UPDATE, ALGO_UPDATE, MARGIN_CALL, and listenKeyExpired if it lapses.'
          : 'listenKey may be left out: your live key of the family. None: -1125 This listenKey does not exist.',
      params: method === 'post' ? [] : [param('listenKey', { type: 'string' }, 'Your listen key.')],
      reply: method === 'delete' ? object({}) : object({ listenKey: str('60 letters and digits') }),
      keyOnly: true,
    }),
  ),
];

/** Every entry under each family that serves it: /fapi/v1/depth, /dapi/v1/depth... */
export const futuresPaths: Record<string, Partial<Record<Method, ReturnType<typeof operation>>>> = {};
for (const family of ['fapi', 'dapi'] as const) {
  for (const { path, method, tag, only, ...op } of entries) {
    if (only && only !== family) continue;
    const full = `/${family}${typeof path === 'string' ? path : path[family]}`;
    const described = family === 'dapi' ? { ...op, summary: `${op.summary} (COIN-M)` } : op;
    futuresPaths[full] = { ...futuresPaths[full], [method]: operation(tag, described) };
  }
}

/** The transfer between spot and the futures account, under /sapi. */
export const futuresTransferPath = {
  '/sapi/v1/futures/transfer': {
    post: operation('Futures trading', {
      summary: 'Move a margin coin between spot and futures',
      description: 'type 1 spot to USD-M, 2 back, 3 spot to COIN-M, 4 back: both are the one futures account here.',
      params: [
        param('asset', { type: 'string', example: 'USDT' }, 'A margin coin.', true),
        param('amount', decimal('Amount'), 'At most the coin’s decimals.', true),
        param('type', { type: 'integer', enum: [1, 2, 3, 4] }, 'Direction.', true),
      ],
      reply: object({ tranId: int('Transfer id') }),
      signed: 'trade',
    }),
  },
};

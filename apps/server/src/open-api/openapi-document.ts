// Over 400 lines: the Open API's OpenAPI document, as data.
import type { FastifyInstance } from 'fastify';
import { ORDER_TYPES, TIME_IN_FORCE } from './exchange-info.ts';
import { klineIntervals } from './market-format.ts';
import { futuresPaths, futuresTransferPath } from './openapi-futures.ts';
import { marginPaths } from './openapi-margin.ts';
import {
  array,
  decimal,
  endTime,
  families,
  fromId,
  int,
  limit,
  market,
  object,
  oneOrMany,
  optionalSymbol,
  orderLookup,
  orderParams,
  param,
  ref,
  type Schema,
  startTime,
  str,
  symbol,
  symbols,
  trading,
  userStream,
} from './openapi-parts.ts';

/**
 * The OpenAPI 3 document of the whole Open API, public and signed (spot `/api/v3`, margin and wallet `/sapi`,
 * futures `/fapi` and `/dapi`), served at `/api/v3/openapi.json`. It describes Binance's APIs as this server
 * implements them (the differences are said where they are), so a
 * trader can point a Binance client here, or generate one.
 */

const schemas: Record<string, Schema> = {
  Error: {
    type: 'object',
    required: ['code', 'msg'],
    properties: {
      code: int(
        'Binance error code: -1100 illegal characters, -1102 mandatory parameter, -1104 unread parameters, -1120 bad interval, -1121 bad symbol, -1013 filter failure, -1021 timestamp, -1022 signature, -2010 order rejected, -2011 cancel rejected, -2013 no such order, -2015 key, IP or permission, -1125 listen key, -2021 and -2022 cancel-replace; margin: -3003 no cross margin account, -3006 above what may be borrowed, -3013 below the least loan, -3015 repay above what is owed, -3016 below the least repayment, -3020 transfer out above what may leave, -3023 liquidating, -3027 not a margin asset, -3028 not a margin pair, -3041 balance not enough, -3042 no index price',
        -1121,
      ),
      msg: str("What went wrong, in Binance's words.", 'Invalid symbol.'),
    },
  },
  Filter: {
    type: 'object',
    description:
      'PRICE_FILTER (minPrice, maxPrice, tickSize), LOT_SIZE and MARKET_LOT_SIZE (minQty, maxQty, stepSize), NOTIONAL (minNotional: the least a MARKET BUY by quote amount may spend; limit orders have no notional minimum) and MIN_NOTIONAL.',
    properties: {
      filterType: { type: 'string', enum: ['PRICE_FILTER', 'LOT_SIZE', 'MARKET_LOT_SIZE', 'NOTIONAL', 'MIN_NOTIONAL'] },
    },
    additionalProperties: true,
  },
  Symbol: object({
    symbol: str('Market symbol', 'BTCUSDT'),
    status: { type: 'string', enum: ['TRADING', 'BREAK'] },
    baseAsset: str('Base coin', 'BTC'),
    baseAssetPrecision: int('Digits of the base coin'),
    quoteAsset: str('Quote coin', 'USDT'),
    quotePrecision: int('Digits of the quote coin'),
    quoteAssetPrecision: int('Digits of the quote coin'),
    orderTypes: array({ type: 'string', enum: [...ORDER_TYPES] }),
    timeInForce: array({ type: 'string', enum: [...TIME_IN_FORCE] }),
    isSpotTradingAllowed: { type: 'boolean' },
    permissionSets: array(array({ type: 'string' })),
    filters: array(ref('Filter')),
  }),
  ExchangeInfo: object({
    timezone: str('Always UTC', 'UTC'),
    serverTime: int('Epoch milliseconds'),
    rateLimits: {
      ...array({ type: 'object' }),
      description:
        'The order-entry bucket as an ORDERS limit (limit orders per intervalNum seconds); no request-weight limit is enforced.',
    },
    exchangeFilters: array({ type: 'object' }),
    symbols: array(ref('Symbol')),
  }),
  Depth: object({
    lastUpdateId: int('Update id this book is as of; diff stream events continue from lastUpdateId + 1'),
    bids: array(array({ type: 'string' })),
    asks: array(array({ type: 'string' })),
  }),
  Trade: object({
    id: int('Trade id'),
    price: decimal('Price'),
    qty: decimal('Base quantity'),
    quoteQty: decimal('Quote amount'),
    time: int('Epoch milliseconds'),
    isBuyerMaker: { type: 'boolean' },
    isBestMatch: { type: 'boolean' },
  }),
  AggTrade: {
    ...object({
      a: int('Aggregate id'),
      p: decimal('Price'),
      q: decimal('Quantity'),
      f: int('First trade id'),
      l: int('Last trade id'),
      T: int('Epoch milliseconds'),
      m: { type: 'boolean', description: 'Buyer was the maker' },
      M: { type: 'boolean' },
    }),
    description: 'The fills of one taker order at one price; a (the aggregate id) is its first trade id.',
  },
  Kline: {
    type: 'array',
    description:
      '[open time, open, high, low, close, volume, close time, quote volume, number of trades, taker buy base volume, taker buy quote volume, "0"]. Trade counts and taker-buy volumes are not kept with candles and are sent as 0.',
    items: { oneOf: [{ type: 'integer' }, { type: 'string' }] },
  },
  Ticker24hr: object(
    Object.fromEntries(
      [
        'priceChange',
        'priceChangePercent',
        'weightedAvgPrice',
        'prevClosePrice',
        'lastPrice',
        'lastQty',
        'bidPrice',
        'bidQty',
        'askPrice',
        'askQty',
        'openPrice',
        'highPrice',
        'lowPrice',
        'volume',
        'quoteVolume',
      ]
        .map((k): [string, Schema] => [k, decimal(k)])
        .concat([
          ['symbol', str('Market symbol', 'BTCUSDT')],
          ['openTime', int('Window start, epoch ms')],
          ['closeTime', int('Window end, epoch ms')],
          ['firstId', int('First trade id in the window (-1: none)')],
          ['lastId', int('Last trade id in the window (-1: none)')],
          ['count', int('Trades in the window')],
        ]),
    ),
  ),
  PriceTicker: object({ symbol: str('Market symbol'), price: decimal('Last price') }),
  BookTicker: object({
    symbol: str('Market symbol'),
    bidPrice: decimal('Best bid'),
    bidQty: decimal('Best bid quantity'),
    askPrice: decimal('Best ask'),
    askQty: decimal('Best ask quantity'),
  }),
  Order: object({
    symbol: str('Market symbol'),
    orderId: int('Order id'),
    clientOrderId: str('Your id for it'),
    transactTime: int('Epoch milliseconds'),
    price: decimal('Limit price'),
    origQty: decimal('Quantity ordered'),
    executedQty: decimal('Quantity filled'),
    cummulativeQuoteQty: decimal('Quote turnover filled'),
    status: {
      type: 'string',
      enum: ['NEW', 'PARTIALLY_FILLED', 'FILLED', 'CANCELED', 'REJECTED', 'EXPIRED', 'EXPIRED_IN_MATCH'],
    },
    timeInForce: { type: 'string', enum: [...TIME_IN_FORCE] },
    type: { type: 'string', enum: [...ORDER_TYPES] },
    side: { type: 'string', enum: ['BUY', 'SELL'] },
    fills: array(
      object({
        price: decimal('Price'),
        qty: decimal('Quantity'),
        commission: decimal('Fee'),
        commissionAsset: str('Fee coin'),
        tradeId: int('Trade id'),
      }),
    ),
    preventedMatchId: int('EXPIRED_IN_MATCH only: the prevented match that expired it'),
    preventedQuantity: decimal('EXPIRED_IN_MATCH only: the rest it expired with'),
    preventedMatches: array(
      object({
        preventedMatchId: int('Prevented match id'),
        makerOrderId: int('Your resting order'),
        price: decimal('Its price'),
        makerPreventedQuantity: decimal('Its remaining quantity then'),
      }),
    ),
  }),
  PreventedMatch: object({
    symbol: str('Market symbol'),
    preventedMatchId: int('Prevented match id'),
    takerOrderId: int('The incoming order'),
    makerSymbol: str('Market symbol'),
    makerOrderId: int('The resting order'),
    tradeGroupId: int('-1: no trade groups'),
    selfTradePreventionMode: { type: 'string', enum: ['EXPIRE_TAKER', 'EXPIRE_MAKER', 'EXPIRE_BOTH'] },
    price: decimal("The resting order's price"),
    makerPreventedQuantity: decimal("The resting order's remaining quantity then"),
    transactTime: int('Epoch milliseconds'),
  }),
  Account: object({
    canTrade: { type: 'boolean' },
    canWithdraw: { type: 'boolean' },
    canDeposit: { type: 'boolean' },
    accountType: str('SPOT', 'SPOT'),
    balances: array(object({ asset: str('Coin'), free: decimal('Available'), locked: decimal('Held by open orders') })),
    permissions: array({ type: 'string' }),
  }),
  MyTrade: object({
    symbol: str('Market symbol'),
    id: int('Trade id'),
    orderId: int('Your order'),
    price: decimal('Price'),
    qty: decimal('Quantity'),
    quoteQty: decimal('Quote amount'),
    commission: decimal('Fee'),
    commissionAsset: str('Fee coin'),
    time: int('Epoch milliseconds'),
    isBuyer: { type: 'boolean' },
    isMaker: { type: 'boolean' },
    isBestMatch: { type: 'boolean' },
  }),
};

const paths = {
  '/api/v3/ping': { get: market({ summary: 'Test connectivity', params: [], reply: object({}) }) },
  '/api/v3/time': {
    get: market({ summary: 'Server time', params: [], reply: object({ serverTime: int('Epoch ms') }) }),
  },
  '/api/v3/exchangeInfo': {
    get: market({
      summary: 'Markets, their status and filters',
      params: [
        optionalSymbol,
        symbols,
        param('permissions', { type: 'string' }, 'Only markets with these permissions (all are SPOT).'),
        param('symbolStatus', { type: 'string', enum: ['TRADING', 'BREAK'] }, 'Only markets in this status.'),
        param('showPermissionSets', { type: 'boolean' }, 'Accepted; permission sets are always shown.'),
      ],
      reply: ref('ExchangeInfo'),
    }),
  },
  '/api/v3/depth': {
    get: market({
      summary: 'Order book',
      description:
        'Every price level (not merged). Keep a local book with the <symbol>@depth streams from lastUpdateId.',
      params: [symbol, limit(100, 5000)],
      reply: ref('Depth'),
    }),
  },
  '/api/v3/trades': {
    get: market({
      summary: 'Recent trades, oldest first',
      params: [symbol, limit(500, 1000)],
      reply: array(ref('Trade')),
    }),
  },
  '/api/v3/historicalTrades': {
    get: market({
      summary: 'Older trades from an id (no API key needed)',
      params: [symbol, limit(500, 1000), fromId],
      reply: array(ref('Trade')),
    }),
  },
  '/api/v3/aggTrades': {
    get: market({
      summary: 'Aggregate trades',
      description: 'fromId, or startTime/endTime, or neither for the most recent.',
      params: [symbol, fromId, startTime, endTime, limit(500, 1000)],
      reply: array(ref('AggTrade')),
    }),
  },
  ...Object.fromEntries(
    ['/api/v3/klines', '/api/v3/uiKlines'].map((path) => [
      path,
      {
        get: market({
          summary: 'K-lines (candlesticks), oldest first',
          description:
            'With startTime the first `limit` candles from it; otherwise the last `limit` up to endTime. UTC only.',
          params: [
            symbol,
            param('interval', { type: 'string', enum: Object.keys(klineIntervals) }, 'Candle length.', true),
            startTime,
            endTime,
            param('timeZone', { type: 'string', enum: ['0', '+00:00'] }, 'Only UTC.'),
            limit(500, 1000),
          ],
          reply: array(ref('Kline')),
        }),
      },
    ]),
  ),
  '/api/v3/avgPrice': {
    get: market({
      summary: 'Average price of the last 5 minutes',
      params: [symbol],
      reply: object({
        mins: int('Minutes', 5),
        price: decimal('Volume-weighted average'),
        closeTime: int('Last trade, epoch ms'),
      }),
    }),
  },
  '/api/v3/ticker/24hr': {
    get: market({
      summary: 'Rolling 24 h statistics',
      params: [
        optionalSymbol,
        symbols,
        param('type', { type: 'string', enum: ['FULL', 'MINI'] }, 'MINI leaves out changes, averages and the book.'),
      ],
      reply: oneOrMany('Ticker24hr'),
    }),
  },
  '/api/v3/ticker': {
    get: market({
      summary: 'Rolling window statistics',
      description:
        'Over windowSize (1m-59m, 1h-23h, 1d-7d; default 1d): the window opens on a minute and closes now. symbol or symbols is required.',
      params: [
        optionalSymbol,
        symbols,
        param('windowSize', { type: 'string', default: '1d', example: '4h' }, 'The window: 1m-59m, 1h-23h, 1d-7d.'),
        param('type', { type: 'string', enum: ['FULL', 'MINI'] }, 'MINI leaves out the changes and the average.'),
      ],
      reply: oneOrMany('Ticker24hr'),
    }),
  },
  '/api/v3/ticker/price': {
    get: market({ summary: 'Last price', params: [optionalSymbol, symbols], reply: oneOrMany('PriceTicker') }),
  },
  '/api/v3/ticker/bookTicker': {
    get: market({ summary: 'Best bid and ask', params: [optionalSymbol, symbols], reply: oneOrMany('BookTicker') }),
  },
  '/api/v3/account': {
    get: trading({
      summary: "Balances of the key's owner",
      params: [param('omitZeroBalances', { type: 'boolean' }, 'true: leave out coins with nothing free or locked.')],
      reply: ref('Account'),
      signed: 'read',
    }),
  },
  '/api/v3/order': {
    post: trading({
      summary: 'Place an order',
      description:
        "Placed through the trading core, like the web app's orders. LIMIT needs timeInForce (GTC, IOC, FOK); LIMIT_MAKER is refused (-2010) when it would take. MARKET buys by quoteOrderQty (the quote amount to spend) or by quantity (the base quantity, priced against the book when placed and locked at that cost), and sells by quantity or by quoteOrderQty (the quote amount to receive: the whole lots the bids resting when placed pay for it, best bid first, never more; none is MARKET_LOT_SIZE). A retry with the same newClientOrderId answers the first order (client ids are unique per account for good). Replies: ACK, RESULT or FULL (with fills; the default for LIMIT and MARKET). Unfilled rests of MARKET, IOC and FOK orders are EXPIRED; a MARKET order takes nothing beyond the market's price band (PERCENT_PRICE_BY_SIDE) and its rest is EXPIRED.",
      params: orderParams,
      reply: ref('Order'),
      signed: 'trade',
    }),
    delete: trading({
      summary: 'Cancel an order',
      description: 'An order that is not open (or not yours) is -2011 Unknown order sent.',
      params: [...orderLookup, param('newClientOrderId', { type: 'string' }, 'An id for this cancel.')],
      reply: ref('Order'),
      signed: 'trade',
    }),
    get: trading({ summary: 'One order', params: orderLookup, reply: ref('Order'), signed: 'read' }),
  },
  '/api/v3/order/test': {
    post: trading({
      summary: 'Check an order without placing it',
      description: 'Every parameter and filter is checked as for POST /order; nothing is placed. Answers {}.',
      params: [
        ...orderParams,
        param('computeCommissionRates', { type: 'boolean' }, "true: answer the market's fee rates instead of {}."),
      ],
      reply: object({}),
      signed: 'trade',
    }),
  },
  '/api/v3/order/cancelReplace': {
    post: trading({
      summary: 'Cancel an order and place another',
      description:
        'Cancels the order named by cancelOrderId or cancelOrigClientOrderId, then places the new order (parameters as POST /order). cancelReplaceMode STOP_ON_FAILURE places nothing when the cancel fails; ALLOW_FAILURE places it anyway. A bad new order refuses the request and cancels nothing. Both done: 200. One half failed: -2021 (HTTP 409); both failed, or the cancel stopped it: -2022 (HTTP 400); each with data = this reply, a failed half as its {code, msg}.',
      params: [
        ...orderParams,
        param('cancelReplaceMode', { type: 'string', enum: ['STOP_ON_FAILURE', 'ALLOW_FAILURE'] }, 'See above.', true),
        param(
          'cancelOrderId',
          { type: 'integer', format: 'int64' },
          'The order to cancel; or cancelOrigClientOrderId.',
        ),
        param('cancelOrigClientOrderId', { type: 'string' }, 'The client id of the order to cancel.'),
        param('cancelNewClientOrderId', { type: 'string' }, 'An id for the cancel.'),
      ],
      reply: object({
        cancelResult: { type: 'string', enum: ['SUCCESS', 'FAILURE'] },
        newOrderResult: { type: 'string', enum: ['SUCCESS', 'FAILURE', 'NOT_ATTEMPTED'] },
        cancelResponse: ref('Order'),
        newOrderResponse: ref('Order'),
      }),
      signed: 'trade',
    }),
  },
  '/api/v3/rateLimit/order': {
    get: trading({
      summary: 'Your order-entry budget',
      description:
        'The bucket every order and cancel draws on (ORDER_RATE_BURST orders at once, refilled at ORDER_RATE_PER_S): limit orders per intervalNum seconds (the time to refill it), count of them taken and not yet refilled. Empty when the limit is off.',
      params: [],
      reply: array(
        object({
          rateLimitType: str('ORDERS', 'ORDERS'),
          interval: str('SECOND', 'SECOND'),
          intervalNum: int('Seconds'),
          limit: int('Orders'),
          count: int('Taken'),
        }),
      ),
      signed: 'read',
    }),
  },
  '/api/v3/userDataStream': {
    post: userStream({
      summary: 'Your listen key',
      description:
        'The API key header alone, no signature. The same key while it lives, extended 60 minutes; stream it at /ws/<listenKey> or /stream?streams=<listenKey>: executionReport, outboundAccountPosition, balanceUpdate, and listenKeyExpired if it lapses.',
      params: [],
      reply: object({ listenKey: str('60 letters and digits') }),
      keyOnly: true,
    }),
    put: userStream({
      summary: 'Keep a listen key alive 60 more minutes',
      description: 'Unknown, lapsed or not yours: -1125 This listenKey does not exist.',
      params: [param('listenKey', { type: 'string' }, 'The listen key.', true)],
      reply: object({}),
      keyOnly: true,
    }),
    delete: userStream({
      summary: 'Close a listen key',
      params: [param('listenKey', { type: 'string' }, 'The listen key.', true)],
      reply: object({}),
      keyOnly: true,
    }),
  },
  '/sapi/v1/system/status': {
    get: families({
      summary: 'System status',
      params: [],
      reply: object({ status: int('0: normal'), msg: str('normal') }),
    }),
  },
  '/sapi/v1/asset/tradeFee': {
    get: families({
      summary: 'Fee rates per market',
      params: [optionalSymbol],
      reply: array(
        object({
          symbol: str('Market'),
          makerCommission: decimal('Maker rate'),
          takerCommission: decimal('Taker rate'),
        }),
      ),
      signed: 'read',
    }),
  },
  '/sapi/v1/capital/config/getall': {
    get: families({
      summary: 'Coins, their chains and your balances',
      description:
        "Each coin with its networkList: a chain it can be deposited or withdrawn on, whether each is switched on, the withdrawal fee and minimum, the chain's confirmations.",
      params: [],
      reply: array({ type: 'object' }),
      signed: 'read',
    }),
  },
  '/sapi/v1/margin/allPairs': {
    get: families({
      summary: 'Cross margin pairs: none (only isolated margin exists here)',
      params: [],
      reply: array({ type: 'object' }),
    }),
  },
  ...marginPaths,
  ...futuresPaths,
  ...futuresTransferPath,
  '/api/v3/openOrders': {
    get: trading({ summary: 'Open orders', params: [optionalSymbol], reply: array(ref('Order')), signed: 'read' }),
    delete: trading({
      summary: 'Cancel all open orders of a market',
      description: 'With no open order in the market the answer is -2011, as on Binance.',
      params: [symbol],
      reply: array(ref('Order')),
      signed: 'trade',
    }),
  },
  '/api/v3/account/commission': {
    get: trading({
      summary: "A market's fee rates",
      params: [symbol],
      reply: object({
        symbol: str('Market symbol'),
        standardCommission: object({ maker: decimal('Maker rate'), taker: decimal('Taker rate') }),
      }),
      signed: 'read',
    }),
  },
  '/api/v3/allOrders': {
    get: trading({
      summary: 'Orders of a market',
      params: [symbol, param('orderId', { type: 'integer' }, 'From this id.'), startTime, endTime, limit(500, 1000)],
      reply: array(ref('Order')),
      signed: 'read',
    }),
  },
  '/api/v3/myTrades': {
    get: trading({
      summary: 'Your trades in a market',
      params: [
        symbol,
        param('orderId', { type: 'integer' }, 'Of this order.'),
        startTime,
        endTime,
        fromId,
        limit(500, 1000),
      ],
      reply: array(ref('MyTrade')),
      signed: 'read',
    }),
  },
  '/api/v3/myPreventedMatches': {
    get: trading({
      summary: 'Matches self-trade prevention stopped',
      params: [
        symbol,
        param('preventedMatchId', { type: 'integer' }, 'This match; or send orderId.'),
        param('orderId', { type: 'integer' }, 'The matches of this order (taker or maker).'),
        param('fromPreventedMatchId', { type: 'integer' }, 'With orderId: from this match id.'),
        limit(500, 1000),
      ],
      reply: array(ref('PreventedMatch')),
      signed: 'read',
    }),
  },
};

export const openApiDocument = {
  openapi: '3.0.3',
  info: {
    title: 'Open API',
    version: '3',
    description: [
      "Binance's spot API (REST /api/v3 and market streams), so the bots and libraries that speak it work here unchanged.",
      'Signed calls: send the API key in the X-MBX-APIKEY header, timestamp (and optionally recvWindow) as parameters,',
      'and signature = hex HMAC-SHA256 of the raw query string or form body as sent, keyed by the API secret.',
      "Errors are always {code, msg} with Binance's codes and HTTP statuses.",
      'Market streams: WebSocket /ws (or /ws/<anything>) sends raw events, /stream?streams=a/b wraps them as {stream, data};',
      'requests {method: SUBSCRIBE | UNSUBSCRIBE | LIST_SUBSCRIPTIONS, params, id} are answered {result, id}.',
      'Streams: <symbol>@depth, <symbol>@depth@100ms (diffs with U and u continuing the REST depth lastUpdateId),',
      '<symbol>@depth5|10|20[@100ms], <symbol>@trade, <symbol>@aggTrade, <symbol>@kline_<interval>, <symbol>@miniTicker,',
      '<symbol>@ticker, <symbol>@bookTicker, !miniTicker@arr, !ticker@arr. Heartbeat: WebSocket ping frames.',
      'User data: WebSocket API /ws-api/v3, {id, method: userDataStream.subscribe.signature, params: {apiKey, timestamp, signature}}',
      '(signature over the other parameters sorted by name) sends {subscriptionId, event} with executionReport and',
      'outboundAccountPosition events; ping, time, userDataStream.unsubscribe, userDataStream.start, .ping and .stop',
      '(listen keys), order.place, order.cancel, order.status and account.status are answered too.',
      "Listen keys (POST /api/v3/userDataStream; a margin pair's: /sapi/v1/userDataStream/isolated, or a listen token",
      '/sapi/v1/userListenToken with userDataStream.subscribe.listenToken) stream at /ws/<listenKey>. Isolated margin is /sapi/v1/margin (borrow-repay,',
      'isolated/account, order...) and /sapi/v1/asset/transfer, as Binance serves them.',
      'Futures: USD-M under /fapi (linear contracts, quantities in the base coin) and COIN-M under /dapi (inverse, in contracts),',
      'signed the same way; their streams at /fstream and /dstream (/ws, /stream, and /public, /market, /private under them),',
      'the user data stream by listen key (/fapi/v1/listenKey, /dapi/v1/listenKey). Every reply carries X-MBX-USED-WEIGHT-1M',
      '(each request weighs 1, per address per minute; no weight limit is enforced).',
      'Other /api, /sapi, /fapi, /dapi, /eapi and /papi paths answer 404 {code: -1000, msg: "Unknown endpoint."}.',
    ].join(' '),
  },
  tags: [
    { name: 'Market data' },
    { name: 'Trading' },
    { name: 'User data stream' },
    { name: 'Isolated margin' },
    { name: 'Futures market data' },
    { name: 'Futures trading' },
    { name: 'Futures user data stream' },
    { name: 'Other Binance families' },
  ],
  components: {
    securitySchemes: {
      ApiKey: {
        type: 'apiKey',
        in: 'header',
        name: 'X-MBX-APIKEY',
        description: 'The API key; the call also carries timestamp and signature parameters (HMAC-SHA256).',
      },
    },
    schemas,
  },
  paths,
};

/** Served with the base path the server runs under as its server URL. */
export function registerOpenApiDocument(scope: FastifyInstance, basePath: string): void {
  const document = { ...openApiDocument, servers: [{ url: basePath || '/' }] };
  scope.get('/openapi.json', async (_request, reply) => {
    // Readable from the web app's page and from tools on other origins (it holds nothing private).
    reply.header('access-control-allow-origin', '*');
    return document;
  });
}

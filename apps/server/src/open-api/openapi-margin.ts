import {
  array,
  decimal,
  endTime,
  fromId,
  int,
  limit,
  object,
  operation,
  orderLookup,
  orderParams,
  type Param,
  param,
  ref,
  type Schema,
  startTime,
  str,
  symbol,
} from './openapi-parts.ts';

/**
 * The OpenAPI paths of Binance's isolated margin endpoints under /sapi (margin-routes.ts, margin-order-routes.ts)
 * and of its user data stream (listen-keys.ts), for the document in openapi-document.ts.
 */
const margin = (op: Parameters<typeof operation>[1]) => operation('Isolated margin', op);

const isIsolated = param(
  'isIsolated',
  { type: 'string', enum: ['TRUE'] },
  'TRUE: only isolated margin exists here; FALSE or none (cross margin) is -3003.',
  true,
);
const isolatedSymbol = param('isolatedSymbol', { type: 'string', example: 'BTCUSDT' }, 'An isolated pair.', true);
const asset = param('asset', { type: 'string', example: 'USDT' }, 'One of the pair’s two coins.', true);
const amount = param('amount', decimal('Amount of the asset'), 'At most the coin’s decimals.', true);
const withIsolated = (params: Param[]) => [...params, isIsolated];
const listenKey = param('listenKey', { type: 'string' }, 'The pair’s listen key.', true);
const tran = object({ tranId: int('Id of the loan, repayment or transfer'), clientTag: str('Always empty', '') });

const coinAsset = object({
  asset: str('Coin', 'USDT'),
  borrowEnabled: { type: 'boolean' },
  borrowed: decimal('Principal owed'),
  free: decimal('Available'),
  interest: decimal('Interest owed (what repaying all takes beyond the principal)'),
  locked: decimal('Held by open orders'),
  netAsset: decimal('totalAsset - borrowed - interest'),
  netAssetOfBtc: decimal('netAsset valued in BTC at index prices'),
  repayEnabled: { type: 'boolean' },
  totalAsset: decimal('free + locked'),
});

const isolatedAccount = object({
  assets: array(
    object({
      baseAsset: coinAsset,
      quoteAsset: coinAsset,
      symbol: str('Pair', 'BTCUSDT'),
      isolatedCreated: { type: 'boolean' },
      enabled: { type: 'boolean' },
      marginLevel: decimal('Assets over debt at the index price; 999 while nothing is owed'),
      marginLevelStatus: {
        type: 'string',
        enum: ['EXCESSIVE', 'NORMAL', 'MARGIN_CALL', 'FORCE_LIQUIDATION'],
        description:
          'EXCESSIVE: at or above the transfer line (or nothing owed); MARGIN_CALL: below the warning line; FORCE_LIQUIDATION: at or below the liquidation line.',
      },
      marginRatio: str('The pair’s leverage', '3'),
      indexPrice: decimal('Index price, quote per base'),
      liquidatePrice: decimal('Index price at which the pair is liquidated; 0 when none'),
      liquidateRate: decimal('The liquidation line (assets over debt)'),
      tradeEnabled: { type: 'boolean' },
    }),
  ),
  totalAssetOfBtc: decimal('Without symbols: every pair’s assets in BTC'),
  totalLiabilityOfBtc: decimal('Without symbols: every pair’s debt in BTC'),
  totalNetAssetOfBtc: decimal('Without symbols: their difference'),
});

const pair = object({
  symbol: str('Pair', 'BTCUSDT'),
  base: str('Base coin', 'BTC'),
  quote: str('Quote coin', 'USDT'),
  isMarginTrade: { type: 'boolean' },
  isBuyAllowed: { type: 'boolean' },
  isSellAllowed: { type: 'boolean' },
});

const isolatedOrder = { allOf: [ref('Order'), object({ isIsolated: { type: 'boolean', enum: [true] } })] };
const isolatedTrade = { allOf: [ref('MyTrade'), object({ isIsolated: { type: 'boolean', enum: [true] } })] };
const orders: Schema = array(isolatedOrder);

export const marginPaths = {
  '/sapi/v1/margin/borrow-repay': {
    post: margin({
      summary: 'Borrow or repay on an isolated pair',
      description:
        'BORROW: a new loan paid into the pair’s margin account, within what its collateral and leverage allow (-3006 beyond, -3013 below the coin’s least loan). REPAY: the coin’s loans on the pair, oldest first, interest first; more than is owed is -3015, more than the account holds -3041. Interest accrues by the millisecond: an amount that covered everything owed at some moment of the request’s recvWindow repays everything, so the debt a bot has just read settles the loans in full.',
      params: withIsolated([
        asset,
        symbol,
        amount,
        param('type', { type: 'string', enum: ['BORROW', 'REPAY'] }, 'Borrow or repay.', true),
      ]),
      reply: tran,
      signed: 'trade',
    }),
  },
  '/sapi/v1/asset/transfer': {
    post: margin({
      summary: 'Move a coin between the spot account and an isolated pair',
      description:
        'MAIN_ISOLATED_MARGIN (toSymbol) moves in; ISOLATED_MARGIN_MAIN (fromSymbol) moves out, only while the pair’s risk stays at or above its transfer line (-3020). Other types are -1130.',
      params: [
        param('type', { type: 'string', enum: ['MAIN_ISOLATED_MARGIN', 'ISOLATED_MARGIN_MAIN'] }, 'Direction.', true),
        asset,
        amount,
        param('toSymbol', { type: 'string' }, 'The pair moved into (MAIN_ISOLATED_MARGIN).'),
        param('fromSymbol', { type: 'string' }, 'The pair moved out of (ISOLATED_MARGIN_MAIN).'),
      ],
      reply: object({ tranId: int('Id of the transfer'), clientTag: str('Always empty', '') }),
      signed: 'trade',
    }),
  },
  '/sapi/v1/margin/isolated/account': {
    get: margin({
      summary: 'Your isolated pairs',
      description: 'Balances, debt and risk per pair, from the same figures the trading core decides with.',
      params: [param('symbols', { type: 'string', example: 'BTCUSDT,ETHUSDT' }, 'Up to 5 pairs, comma separated.')],
      reply: isolatedAccount,
      signed: 'read',
    }),
  },
  '/sapi/v1/margin/isolated/pair': {
    get: margin({ summary: 'One isolated pair', params: [symbol], reply: pair, signed: 'read' }),
  },
  '/sapi/v1/margin/isolated/allPairs': {
    get: margin({
      summary: 'The isolated pairs',
      params: [{ ...symbol, required: false }],
      reply: array(pair),
      signed: 'read',
    }),
  },
  '/sapi/v1/margin/isolatedMarginData': {
    get: margin({
      summary: 'Leverage and daily interest rates of the isolated pairs',
      description: 'borrowLimit is what you may borrow of the coin now (there are no VIP levels here).',
      params: [param('vipLevel', { type: 'integer' }, 'Read, not used.'), { ...symbol, required: false }],
      reply: array(
        object({
          vipLevel: int('Always 0', 0),
          symbol: str('Pair', 'BTCUSDT'),
          leverage: str('The pair’s leverage', '3'),
          data: array(
            object({
              coin: str('Coin'),
              dailyInterest: decimal('Interest per day, a fraction'),
              borrowLimit: decimal('What you may borrow now'),
            }),
          ),
        }),
      ),
      signed: 'read',
    }),
  },
  '/sapi/v1/margin/maxBorrowable': {
    get: margin({
      summary: 'What may be borrowed now',
      params: [asset, isolatedSymbol],
      reply: object({ amount: decimal('Amount'), borrowLimit: decimal('The same amount') }),
      signed: 'read',
    }),
  },
  '/sapi/v1/margin/maxTransferable': {
    get: margin({
      summary: 'What may be moved out now',
      params: [asset, isolatedSymbol],
      reply: object({ amount: decimal('Amount') }),
      signed: 'read',
    }),
  },
  '/sapi/v1/margin/interestHistory': {
    get: margin({
      summary: 'Interest posted on your loans',
      description:
        'Each posting of a loan’s interest to the ledger (hourly, or when a repayment pays interest not yet posted), newest first; principal is the loan’s amount borrowed.',
      params: [
        { ...asset, required: false },
        { ...isolatedSymbol, required: false },
        startTime,
        endTime,
        param('current', { type: 'integer', default: 1 }, 'Page, from 1.'),
        param('size', { type: 'integer', default: 10, maximum: 100 }, 'Rows per page.'),
      ],
      reply: object({
        rows: array(
          object({
            txId: int('Ledger entry id'),
            isolatedSymbol: str('Pair', 'BTCUSDT'),
            asset: str('Coin'),
            interest: decimal('Interest'),
            interestAccuredTime: int('Epoch ms'),
            interestRate: decimal('Daily rate'),
            principal: decimal('The loan’s amount borrowed'),
            type: str('PERIODIC', 'PERIODIC'),
          }),
        ),
        total: int('Rows in all'),
      }),
      signed: 'read',
    }),
  },
  '/sapi/v1/margin/order': {
    post: margin({
      summary: 'Place an order on an isolated pair',
      description:
        'As POST /api/v3/order, on the pair’s margin account. sideEffectType: NO_SIDE_EFFECT (default); MARGIN_BUY borrows first what the order needs beyond the available balance (not for a MARKET buy by quantity, whose cost is not known in advance); AUTO_REPAY repays the pair’s debt in the coin received from what the order filled when placed; AUTO_BORROW_REPAY both. A cancelled order keeps its loan (autoRepayAtCancel is not acted on).',
      params: withIsolated([
        ...orderParams,
        param(
          'sideEffectType',
          { type: 'string', enum: ['NO_SIDE_EFFECT', 'MARGIN_BUY', 'AUTO_REPAY', 'AUTO_BORROW_REPAY'] },
          'Borrowing and repaying around the order.',
        ),
        param('autoRepayAtCancel', { type: 'string', enum: ['TRUE', 'FALSE'] }, 'Read, not acted on.'),
      ]),
      reply: isolatedOrder,
      signed: 'trade',
    }),
    delete: margin({
      summary: 'Cancel an order of an isolated pair',
      params: withIsolated([...orderLookup, param('newClientOrderId', { type: 'string' }, 'An id for this cancel.')]),
      reply: isolatedOrder,
      signed: 'trade',
    }),
    get: margin({ summary: 'One order', params: withIsolated(orderLookup), reply: isolatedOrder, signed: 'read' }),
  },
  '/sapi/v1/margin/openOrders': {
    get: margin({ summary: 'Open orders of a pair', params: withIsolated([symbol]), reply: orders, signed: 'read' }),
    delete: margin({
      summary: 'Cancel every open order of a pair',
      params: withIsolated([symbol]),
      reply: orders,
      signed: 'trade',
    }),
  },
  '/sapi/v1/margin/allOrders': {
    get: margin({
      summary: 'Orders of a pair',
      params: withIsolated([
        symbol,
        param('orderId', { type: 'integer' }, 'From this id.'),
        startTime,
        endTime,
        limit(500, 1000),
      ]),
      reply: orders,
      signed: 'read',
    }),
  },
  '/sapi/v1/margin/myTrades': {
    get: margin({
      summary: 'Your trades on a pair’s margin account',
      params: withIsolated([
        symbol,
        param('orderId', { type: 'integer' }, 'Of this order.'),
        startTime,
        endTime,
        fromId,
        limit(500, 1000),
      ]),
      reply: array(isolatedTrade),
      signed: 'read',
    }),
  },
  '/sapi/v1/userDataStream/isolated': {
    post: margin({
      summary: 'Your listen key of a pair’s margin account',
      description:
        'The API key header alone, no signature; one key per API key and pair, the same while it lives, extended 60 minutes. Streamed at /ws/<listenKey>: executionReport for the pair’s margin orders, outboundAccountPosition and balanceUpdate for its margin balances, never spot’s (spot’s key never carries margin’s). Not a margin pair: -3028.',
      params: [symbol],
      reply: object({ listenKey: str('60 letters and digits') }),
      keyOnly: true,
    }),
    put: margin({
      summary: 'Keep a pair’s listen key alive 60 more minutes',
      description: 'Unknown, lapsed, another pair’s or spot’s, or not yours: -1125 This listenKey does not exist.',
      params: [symbol, listenKey],
      reply: object({}),
      keyOnly: true,
    }),
    delete: margin({
      summary: 'Close a pair’s listen key',
      params: [symbol, listenKey],
      reply: object({}),
      keyOnly: true,
    }),
  },
  '/sapi/v1/userListenToken': {
    post: margin({
      summary: 'A listen token of a pair’s margin account',
      description:
        'The API key header alone, as CCXT pro asks for it. Subscribe with it on the WebSocket API (/ws-api/v3): {method: userDataStream.subscribe.listenToken, params: {listenToken}}, answered {subscriptionId}, then the pair’s events as the isolated listen key’s, each as {subscriptionId, event}. The token is the pair’s listen key, living `validity` from now.',
      params: withIsolated([
        symbol,
        param(
          'validity',
          { type: 'integer', maximum: 86_400_000 },
          'How long it lives, in milliseconds: at most and by default 24 hours.',
        ),
      ]),
      reply: object({
        token: str('60 letters and digits'),
        expirationTime: int('When it lapses (ms since the epoch)'),
      }),
      keyOnly: true,
    }),
  },
};

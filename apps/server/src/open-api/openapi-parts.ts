import { STP_MODES } from '../core/self-trade-prevention.ts';
import { ORDER_TYPES, TIME_IN_FORCE } from './exchange-info.ts';

/**
 * The pieces the OpenAPI document is written with (openapi-document.ts, and margin's paths in openapi-margin.ts):
 * schema and parameter builders, the signed parameters and error answers every signed call shares, an operation
 * per tag, and the order parameters spot and margin orders share.
 */
export type Schema = Record<string, unknown>;

export const str = (description: string, example?: string): Schema => ({ type: 'string', description, example });
export const int = (description: string, example?: number): Schema => ({
  type: 'integer',
  format: 'int64',
  description,
  example,
});
export const decimal = (description: string, example = '0.01000000'): Schema => ({
  type: 'string',
  pattern: '^\\d+(\\.\\d+)?$',
  description: `${description} (decimal string)`,
  example,
});
export const object = (properties: Record<string, Schema>): Schema => ({ type: 'object', properties });
export const array = (items: Schema): Schema => ({ type: 'array', items });
export const ref = (name: string): Schema => ({ $ref: `#/components/schemas/${name}` });
export const oneOrMany = (name: string): Schema => ({ oneOf: [ref(name), array(ref(name))] });

export interface Param {
  name: string;
  required?: boolean;
  schema: Schema;
  description: string;
}
export const param = (name: string, schema: Schema, description: string, required = false): Param => ({
  name,
  schema,
  description,
  required,
});
export const symbol = param(
  'symbol',
  { type: 'string', example: 'BTCUSDT' },
  'Market symbol, as in exchangeInfo.',
  true,
);
export const optionalSymbol = { ...symbol, required: false, description: 'One market; without it (and symbols) all.' };
export const symbols = param(
  'symbols',
  { type: 'string', example: '["BTCUSDT","ETHUSDT"]' },
  'Several markets, a JSON array.',
);
export const limit = (fallback: number, max: number) =>
  param(
    'limit',
    { type: 'integer', default: fallback, minimum: 1, maximum: max },
    `Default ${fallback}; larger values are cut to ${max}.`,
  );
export const startTime = param('startTime', { type: 'integer', format: 'int64' }, 'Epoch milliseconds, inclusive.');
export const endTime = param('endTime', { type: 'integer', format: 'int64' }, 'Epoch milliseconds, inclusive.');
export const fromId = param('fromId', { type: 'integer', format: 'int64' }, 'The first id to return.');

/** Parameters every signed call carries (query string or form body; the signature covers it as sent). */
const signedParams: Param[] = [
  param('timestamp', { type: 'integer', format: 'int64' }, 'Epoch milliseconds when the request was made.', true),
  param('recvWindow', { type: 'integer', maximum: 60000, default: 5000 }, 'Milliseconds the request stays valid.'),
  param(
    'signature',
    { type: 'string', pattern: '^[0-9a-f]{64}$' },
    'Hex HMAC-SHA256 of the query string or form body exactly as sent (without signature), keyed by the API secret.',
    true,
  ),
];

const errorResponses = {
  '400': { description: 'Bad request: a parameter or filter refusal.', content: json(ref('Error')) },
  '401': { description: 'API key, IP or permission refused (-2015, -2014).', content: json(ref('Error')) },
  '404': { description: 'Unknown endpoint.', content: json(ref('Error')) },
  '500': { description: 'Internal error (-1001): try again.', content: json(ref('Error')) },
};

function json(schema: Schema) {
  return { 'application/json': { schema } };
}

export interface Operation {
  summary: string;
  description?: string;
  params: Param[];
  reply: Schema;
  signed?: 'read' | 'trade';
  /** The API key header alone, no signature (Binance's USER_STREAM security). */
  keyOnly?: boolean;
}

export function operation(tag: string, op: Operation) {
  const params = op.signed ? [...op.params, ...signedParams] : op.params;
  return {
    tags: [tag],
    summary: op.summary,
    ...(op.description ? { description: op.description } : {}),
    parameters: params.map((p) => ({ in: 'query', ...p })),
    ...(op.signed
      ? {
          security: [{ ApiKey: [] }],
          'x-permission': op.signed === 'trade' ? 'trade' : 'read',
        }
      : op.keyOnly
        ? { security: [{ ApiKey: [] }] }
        : {}),
    responses: { '200': { description: 'OK', content: json(op.reply) }, ...errorResponses },
  };
}

export const market = (op: Operation) => operation('Market data', op);
export const trading = (op: Operation) => operation('Trading', op);
export const userStream = (op: Operation) => operation('User data stream', op);
export const families = (op: Operation) => operation('Other Binance families', op);

export const orderParams: Param[] = [
  symbol,
  param('side', { type: 'string', enum: ['BUY', 'SELL'] }, 'Order side.', true),
  param('type', { type: 'string', enum: [...ORDER_TYPES] }, 'Order type.', true),
  param('timeInForce', { type: 'string', enum: [...TIME_IN_FORCE] }, 'LIMIT orders: GTC, IOC or FOK.'),
  param('quantity', decimal('Base quantity, whole lots (LOT_SIZE)'), 'Base quantity.'),
  param(
    'quoteOrderQty',
    decimal('Quote amount to spend (BUY) or to receive (SELL)'),
    'MARKET by quote amount (NOTIONAL); a SELL sells the whole lots the bids resting when placed pay for it, never more.',
  ),
  param('price', decimal('Limit price, whole ticks (PRICE_FILTER)'), 'LIMIT and LIMIT_MAKER.'),
  param(
    'newClientOrderId',
    { type: 'string', maxLength: 36 },
    'Your id for the order; a retry with it is idempotent. Without it the order answers to opex-<orderId>.',
  ),
  param('newOrderRespType', { type: 'string', enum: ['ACK', 'RESULT', 'FULL'] }, 'Reply detail; FULL adds the fills.'),
  param(
    'selfTradePreventionMode',
    { type: 'string', enum: [...STP_MODES] },
    "Where the order would trade with one of your own resting orders: EXPIRE_TAKER (the default) expires this order's rest, EXPIRE_MAKER the resting order, EXPIRE_BOTH both (status EXPIRED_IN_MATCH); NONE lets them trade.",
  ),
];
export const orderLookup: Param[] = [
  symbol,
  param('orderId', { type: 'integer', format: 'int64' }, 'The order id; or origClientOrderId.'),
  param('origClientOrderId', { type: 'string' }, 'The newClientOrderId it was placed with.'),
];

/**
 * Binance's error shape for the Open API: `{code, msg}` with a negative code and Binance's HTTP status, never the
 * platform's {code, msg, data} envelope, so bots and libraries (CCXT maps these codes to its exception classes)
 * read our refusals exactly as they read Binance's.
 */
export const BinanceCode = {
  unknown: -1000,
  disconnected: -1001,
  tooManyRequests: -1003,
  unexpectedResponse: -1006,
  timeout: -1007,
  unsupportedOperation: -1014,
  tooManyOrders: -1015,
  invalidTimestamp: -1021,
  invalidSignature: -1022,
  illegalChars: -1100,
  tooManyParameters: -1101,
  mandatoryParam: -1102,
  unknownParam: -1103,
  unreadParameters: -1104,
  paramEmpty: -1105,
  paramNotRequired: -1106,
  badPrecision: -1111,
  invalidTimeInForce: -1115,
  invalidOrderType: -1116,
  invalidSide: -1117,
  badInterval: -1120,
  badSymbol: -1121,
  invalidListenKey: -1125,
  invalidParameter: -1130,
  badRecvWindow: -1131,
  filterFailure: -1013,
  newOrderRejected: -2010,
  cancelReplacePartlyFailed: -2021,
  cancelReplaceFailed: -2022,
  cancelRejected: -2011,
  noSuchOrder: -2013,
  badApiKeyFormat: -2014,
  rejectedMbxKey: -2015,
  notFound: -1000,
  // Margin's (sapi) codes.
  marginAccountMissing: -3003,
  borrowAboveMax: -3006,
  borrowBelowMin: -3013,
  repayAboveOwed: -3015,
  repayBelowMin: -3016,
  transferOutAboveMax: -3020,
  marginLevelTooLow: -3023,
  badMarginAsset: -3027,
  badMarginPair: -3028,
  balanceNotEnough: -3041,
  noIndexPrice: -3042,
  // Futures' (fapi, dapi) codes: futures-errors.ts maps the core's refusals onto them.
  marginInsufficient: -2019,
  unableToFill: -2020,
  orderWouldTrigger: -2021,
  reduceOnlyRejected: -2022,
  priceOutOfRange: -4016,
  maxStopOrders: -4045,
  leverageInvalid: -4028,
  marginTypeSame: -4046,
  marginTypeOpenOrders: -4047,
  marginTypeHasPosition: -4048,
  isolatedBalanceInsufficient: -4051,
  positionSideSame: -4059,
  positionSideMismatch: -4061,
  positionSideOpenOrders: -4067,
  positionSideHasPosition: -4068,
  /** An isolated position's leverage lowered while open. */
  leverageReductionIsolated: -4161,
  leverageAbovePosition: -2027,
  leverageMarginShort: -2028,
  minNotional: -4164,
  fokRejected: -5021,
  postOnlyRejected: -5022,
} as const;
export type BinanceCodeValue = (typeof BinanceCode)[keyof typeof BinanceCode];

/** Binance answers key, IP and permission refusals with 401, server faults with 500, the rest with 400. */
const httpStatusOf = (code: number): number =>
  code === BinanceCode.rejectedMbxKey || code === BinanceCode.badApiKeyFormat
    ? 401
    : code === BinanceCode.tooManyRequests || code === BinanceCode.tooManyOrders
      ? 429
      : code === BinanceCode.disconnected || code === BinanceCode.unknown
        ? 500
        : code === BinanceCode.cancelReplacePartlyFailed
          ? 409
          : 400;

export class BinanceError extends Error {
  constructor(
    readonly code: BinanceCodeValue,
    message: string,
    readonly httpStatus = httpStatusOf(code),
    /** What a cancel-replace did, sent with its -2021 and -2022. */
    readonly data?: unknown,
  ) {
    super(message);
  }

  toJSON(): { code: number; msg: string; data?: unknown } {
    return this.data === undefined
      ? { code: this.code, msg: this.message }
      : { code: this.code, msg: this.message, data: this.data };
  }
}

/** Binance's own wording for the refusals that carry a parameter or filter name. */
export const binanceErrors = {
  mandatory: (param: string) =>
    new BinanceError(
      BinanceCode.mandatoryParam,
      `Mandatory parameter '${param}' was not sent, was empty/null, or malformed.`,
    ),
  illegal: (param: string) =>
    new BinanceError(BinanceCode.illegalChars, `Illegal characters found in parameter '${param}'.`),
  notRequired: (param: string) =>
    new BinanceError(BinanceCode.paramNotRequired, `Parameter '${param}' sent when not required.`),
  invalidParameter: (param: string) =>
    new BinanceError(BinanceCode.invalidParameter, `Invalid data sent for a parameter: '${param}'.`),
  filter: (filter: string) => new BinanceError(BinanceCode.filterFailure, `Filter failure: ${filter}`),
  badSymbol: () => new BinanceError(BinanceCode.badSymbol, 'Invalid symbol.'),
  badPrecision: () =>
    new BinanceError(BinanceCode.badPrecision, 'Precision is over the maximum defined for this asset.'),
  insufficientBalance: () =>
    new BinanceError(BinanceCode.newOrderRejected, 'Account has insufficient balance for requested action.'),
  rejected: (why: string) => new BinanceError(BinanceCode.newOrderRejected, why),
  tooManyOrders: (perSecond: number) =>
    new BinanceError(
      BinanceCode.tooManyOrders,
      `Too many new orders; current limit is ${perSecond} orders per SECOND.`,
    ),
  unknownOrder: () => new BinanceError(BinanceCode.cancelRejected, 'Unknown order sent.'),
  noSuchOrder: () => new BinanceError(BinanceCode.noSuchOrder, 'Order does not exist.'),
  apiKeyFormat: () => new BinanceError(BinanceCode.badApiKeyFormat, 'API-key format invalid.'),
  refused: () => new BinanceError(BinanceCode.rejectedMbxKey, 'Invalid API-key, IP, or permissions for action.'),
  signature: () => new BinanceError(BinanceCode.invalidSignature, 'Signature for this request is not valid.'),
  timestamp: (ahead: boolean) =>
    new BinanceError(
      BinanceCode.invalidTimestamp,
      ahead
        ? "Timestamp for this request was 1000ms ahead of the server's time."
        : 'Timestamp for this request is outside of the recvWindow.',
    ),
  recvWindow: () => new BinanceError(BinanceCode.badRecvWindow, 'recvWindow must be less than 60000'),
  unavailable: () =>
    new BinanceError(BinanceCode.disconnected, 'Internal error; unable to process your request. Please try again.'),
  notFound: () => new BinanceError(BinanceCode.notFound, 'Unknown endpoint.', 404),
  noListenKey: () => new BinanceError(BinanceCode.invalidListenKey, 'This listenKey does not exist.'),
};

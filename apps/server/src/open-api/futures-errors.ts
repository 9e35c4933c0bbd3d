import { ErrorCode, type ErrorCodeValue, errorMessages } from '@opex/contract/error-codes';
import { CallError } from '../platform/call-error.ts';
import { BinanceCode, type BinanceCodeValue, BinanceError, binanceErrors } from './binance-error.ts';

/**
 * The futures Open API's refusals: Binance's futures codes with Binance's exact messages where clients match on the
 * text, and the one table that maps the core's and the co calls' refusals (67001-67023 and the shared order codes)
 * onto them. A code with no Binance counterpart answers -1000 with our own message.
 */
const refusal = (code: BinanceCodeValue, msg: string) => new BinanceError(code, msg, 400);

export const futuresErrors = {
  marginInsufficient: () => refusal(BinanceCode.marginInsufficient, 'Margin is insufficient.'),
  wouldTrigger: () => refusal(BinanceCode.orderWouldTrigger, 'Order would immediately trigger.'),
  reduceOnly: () => refusal(BinanceCode.reduceOnlyRejected, 'ReduceOnly Order is rejected.'),
  fok: () =>
    refusal(
      BinanceCode.fokRejected,
      'Due to the order could not be filled immediately, the FOK order has been rejected. The order will not be recorded in the order history.',
    ),
  postOnly: () =>
    refusal(
      BinanceCode.postOnlyRejected,
      'Due to the order could not be executed as maker, the Post Only order will be rejected. The order will not be recorded in the order history.',
    ),
  leverage: (leverage: string) => refusal(BinanceCode.leverageInvalid, `Leverage ${leverage} is not valid`),
  marginTypeSame: () => refusal(BinanceCode.marginTypeSame, 'No need to change margin type.'),
  marginTypeOpenOrders: () =>
    refusal(BinanceCode.marginTypeOpenOrders, 'Margin type cannot be changed if there exists open orders.'),
  marginTypeHasPosition: () =>
    refusal(BinanceCode.marginTypeHasPosition, 'Margin type cannot be changed if there exists position.'),
  positionSideSame: () => refusal(BinanceCode.positionSideSame, 'No need to change position side.'),
  positionSideMismatch: () =>
    refusal(BinanceCode.positionSideMismatch, "Order's position side does not match user's setting."),
  positionSideOpenOrders: () =>
    refusal(BinanceCode.positionSideOpenOrders, 'Position side cannot be changed if there exists open orders.'),
  positionSideHasPosition: () =>
    refusal(BinanceCode.positionSideHasPosition, 'Position side cannot be changed if there exists position.'),
};

/**
 * The core's refusals of a leverage change (futuresLeverage) as Binance answers POST /v1/leverage: the position or
 * open orders too large for the new leverage's bracket (-2027), too little available balance for the margin a lower
 * leverage holds (-2028), an isolated position's leverage lowered (-4161).
 */
const LEVERAGE_REFUSALS: Partial<Record<ErrorCodeValue, () => BinanceError>> = {
  [ErrorCode.futuresLeverageTooHigh]: () =>
    refusal(BinanceCode.leverageAbovePosition, 'Exceeded the maximum allowable position at current leverage.'),
  [ErrorCode.futuresLeverageMarginShort]: () =>
    refusal(BinanceCode.leverageMarginShort, 'Leverage is smaller than permitted: insufficient margin balance.'),
  [ErrorCode.futuresLeverageIsolatedLower]: () =>
    refusal(
      BinanceCode.leverageReductionIsolated,
      'Leverage reduction is not supported in Isolated Margin Mode with open positions.',
    ),
};

export function leverageRefusal(code: ErrorCodeValue, leverage: string): BinanceError {
  if (code === ErrorCode.futuresLeverageInvalid) return futuresErrors.leverage(leverage);
  return LEVERAGE_REFUSALS[code]?.() ?? futuresRefusal(code);
}

/** The core's refusal codes as Binance's futures codes (else -1000 with the core's own message). */
const TABLE: Partial<Record<ErrorCodeValue, () => BinanceError>> = {
  [ErrorCode.insufficientBalance]: futuresErrors.marginInsufficient,
  [ErrorCode.futuresLeverageTooHigh]: () =>
    refusal(BinanceCode.marginInsufficient, errorMessages[ErrorCode.futuresLeverageTooHigh]),
  [ErrorCode.futuresCloseAboveClosable]: futuresErrors.reduceOnly,
  [ErrorCode.futuresNoPosition]: futuresErrors.reduceOnly,
  [ErrorCode.postOnlyWouldTake]: futuresErrors.postOnly,
  [ErrorCode.futuresTriggerWouldFire]: futuresErrors.wouldTrigger,
  [ErrorCode.triggerAtLastPrice]: futuresErrors.wouldTrigger,
  [ErrorCode.futuresMarginRemoveAbove]: () =>
    refusal(BinanceCode.isolatedBalanceInsufficient, 'Isolated balance insufficient.'),
  [ErrorCode.futuresNoLiquidity]: () => refusal(BinanceCode.unableToFill, 'Unable to fill.'),
  [ErrorCode.futuresPriceOutOfRange]: () =>
    refusal(BinanceCode.priceOutOfRange, errorMessages[ErrorCode.futuresPriceOutOfRange]),
  [ErrorCode.futuresTriggerPriceRange]: () =>
    refusal(BinanceCode.priceOutOfRange, errorMessages[ErrorCode.futuresTriggerPriceRange]),
  [ErrorCode.futuresMarketValueRange]: () =>
    refusal(BinanceCode.minNotional, errorMessages[ErrorCode.futuresMarketValueRange]),
  [ErrorCode.futuresVolumeAboveMax]: () => binanceErrors.filter('LOT_SIZE'),
  [ErrorCode.volumeBelowMinimum]: () => binanceErrors.filter('LOT_SIZE'),
  [ErrorCode.orderTooLarge]: () => binanceErrors.filter('LOT_SIZE'),
  [ErrorCode.volumePrecision]: binanceErrors.badPrecision,
  [ErrorCode.pricePrecision]: binanceErrors.badPrecision,
  [ErrorCode.triggerPricePrecision]: binanceErrors.badPrecision,
  [ErrorCode.marginAmountPrecision]: binanceErrors.badPrecision,
  [ErrorCode.futuresCallbackRate]: () => binanceErrors.invalidParameter('callbackRate'),
  [ErrorCode.futuresMarginModeDiffers]: futuresErrors.marginTypeHasPosition,
  [ErrorCode.futuresPositionNotFound]: () => refusal(BinanceCode.isolatedBalanceInsufficient, 'No position.'),
  [ErrorCode.futuresNotIsolated]: () =>
    refusal(BinanceCode.marginTypeHasPosition, 'Margin can only be changed on an isolated position.'),
  [ErrorCode.futuresTriggerNotActive]: binanceErrors.unknownOrder,
  [ErrorCode.orderNotOpen]: binanceErrors.unknownOrder,
  [ErrorCode.orderNotFound]: binanceErrors.unknownOrder,
  [ErrorCode.futuresContractClosed]: binanceErrors.badSymbol,
  [ErrorCode.marketClosed]: binanceErrors.badSymbol,
  [ErrorCode.marketNotFound]: binanceErrors.badSymbol,
  [ErrorCode.tradingUnavailable]: binanceErrors.unavailable,
};

export function futuresRefusal(code: ErrorCodeValue): BinanceError {
  const mapped = TABLE[code];
  if (mapped) return mapped();
  return new BinanceError(BinanceCode.unknown, errorMessages[code] ?? 'Request refused.', 400);
}

/** Runs a co call's logic, answering its CallError as the futures refusal. */
export async function asFutures<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof CallError) throw futuresRefusal(error.code);
    throw error;
  }
}

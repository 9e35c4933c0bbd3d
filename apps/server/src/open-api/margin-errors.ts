import { ErrorCode, type ErrorCodeValue, errorMessages } from '@opex/contract/error-codes';
import { BinanceCode, BinanceError, binanceErrors } from './binance-error.ts';

/**
 * The margin core's refusals (66001-66011, and a balance that is short) in Binance's margin words: the -30xx codes
 * and messages Binance's /sapi margin endpoints answer, so a bot's error handling (CCXT's classes) reads them alike.
 */
const marginErrors: Partial<Record<ErrorCodeValue, () => BinanceError>> = {
  [ErrorCode.marginPairClosed]: () => new BinanceError(BinanceCode.badMarginPair, 'Not a valid margin pair.'),
  [ErrorCode.marginCoinNotInPair]: () => new BinanceError(BinanceCode.badMarginAsset, 'Not a valid margin asset.'),
  [ErrorCode.borrowBelowMinimum]: () =>
    new BinanceError(BinanceCode.borrowBelowMin, 'Borrow amount less than minimum borrow amount.'),
  [ErrorCode.borrowAboveLimit]: () =>
    new BinanceError(BinanceCode.borrowAboveMax, 'Your borrow amount has exceed maximum borrow amount.'),
  // Repaying where nothing is owed repays more than is owed.
  [ErrorCode.loanNotFound]: () => new BinanceError(BinanceCode.repayAboveOwed, 'Repay amount exceeds borrow amount.'),
  [ErrorCode.repayAboveOwed]: () => new BinanceError(BinanceCode.repayAboveOwed, 'Repay amount exceeds borrow amount.'),
  [ErrorCode.repayBelowMinimum]: () =>
    new BinanceError(BinanceCode.repayBelowMin, 'Repay amount less than minimum repay amount.'),
  [ErrorCode.marginTransferRisk]: () =>
    new BinanceError(BinanceCode.transferOutAboveMax, 'Transfer out amount exceeds max amount.'),
  [ErrorCode.marginNoPrice]: () =>
    new BinanceError(BinanceCode.noIndexPrice, 'PriceIndex not available for this margin pair.'),
  [ErrorCode.marginLiquidating]: () =>
    new BinanceError(BinanceCode.marginLevelTooLow, 'This margin account is being liquidated; try again after it.'),
  [ErrorCode.marginAmountPrecision]: () => binanceErrors.badPrecision(),
  [ErrorCode.transferAmountInvalid]: () => binanceErrors.illegal('amount'),
};

/** A margin refusal in Binance's words; undefined for a code that is not margin's. */
export const marginRefusal = (code: ErrorCodeValue): BinanceError | undefined => marginErrors[code]?.();

/**
 * A refusal of a borrow, repay or transfer (not an order): a short balance is -3041, the others margin's codes or,
 * for the core's shared ones, what orders answer.
 */
export function movementRefusal(code: ErrorCodeValue): BinanceError {
  if (code === ErrorCode.insufficientBalance)
    return new BinanceError(BinanceCode.balanceNotEnough, 'Balance is not enough');
  if (code === ErrorCode.tradingUnavailable) return binanceErrors.unavailable();
  return marginRefusal(code) ?? new BinanceError(BinanceCode.unknown, errorMessages[code] ?? 'Request refused.', 400);
}

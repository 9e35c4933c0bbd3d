import { randomUUID } from 'node:crypto';
import type { AccountTypeName } from '@opex/contract/calls/finance-transfer';
import { ErrorCode } from '@opex/contract/error-codes';
import Big from 'big.js';
import { CallError } from '../../platform/call-error.ts';
import type { Services } from '../../services.ts';

/** The switch that opens transfers between a user's account types. */
export const TRANSFER_SWITCH = 'is_inner_transfer_open';

/**
 * Account types whose feature has its own switch: money may not move into them while it is off (it may still move
 * out, so that nothing is stranded when an operator turns a feature off).
 */
const accountSwitches: Partial<Record<AccountTypeName, string>> = { b2c: 'fiat_open' };

export interface TransferRequest {
  userId: number;
  fromAccount: AccountTypeName;
  toAccount: AccountTypeName;
  /** A signed decimal as typed; refused unless positive and within the coin's scale. */
  amount: string;
  coin: string;
}

/**
 * Moves an amount from one of the user's account types to another, exactly, as one ledger movement through the
 * trading core (both rows or neither). Every refusal happens before anything is written.
 */
export async function transferBetweenAccounts(services: Services, request: TransferRequest) {
  const switches = await services.settings.switches();
  const on = (name: string | undefined) => name === undefined || switches[name] === '1';
  if (!on(TRANSFER_SWITCH) || !on(accountSwitches[request.toAccount])) throw new CallError(ErrorCode.switchedOff);
  if (request.fromAccount === request.toAccount) throw new CallError(ErrorCode.transferSameAccount);
  const amount = new Big(request.amount);
  if (amount.lte(0)) throw new CallError(ErrorCode.transferAmountInvalid);
  const coin = await services.database.db
    .selectFrom('coins')
    .select(['symbol', 'scale'])
    .where('symbol', '=', request.coin)
    .executeTakeFirst();
  if (!coin) throw new CallError(ErrorCode.coinNotFound);
  if (!amount.round(coin.scale, Big.roundDown).eq(amount)) throw new CallError(ErrorCode.transferPrecision);

  const transferId = randomUUID();
  const exact = amount.toFixed();
  const outcome = await services.core.postMovement({
    cause: 'transfer',
    causeId: `transfer:${transferId}`,
    memo: `${request.fromAccount}>${request.toAccount}`,
    postings: [
      {
        ownerId: request.userId,
        account: request.fromAccount,
        coin: coin.symbol,
        field: 'available',
        delta: `-${exact}`,
      },
      { ownerId: request.userId, account: request.toAccount, coin: coin.symbol, field: 'available', delta: exact },
    ],
  });
  if (!outcome.ok) {
    throw new CallError(
      outcome.reason === 'insufficient' ? ErrorCode.insufficientBalance : ErrorCode.tradingUnavailable,
    );
  }
  return {
    transferId: `transfer:${transferId}`,
    amount: exact,
    coinSymbol: coin.symbol,
    fromAccount: request.fromAccount,
    toAccount: request.toAccount,
  };
}

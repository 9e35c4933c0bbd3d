import {
  ADDRESS_BOOK_MAX,
  type addWithdrawAddr,
  type validateWithdrawAddr,
  type withdrawAddress,
} from '@opex/contract/calls/withdraw';
import { ErrorCode } from '@opex/contract/error-codes';
import type { Kysely, Selectable } from 'kysely';
import type { z } from 'zod';
import { type AddressCheck, validateAddress } from '../../chains/address-validation.ts';
import { addressSchemeOf } from '../../chains/chain-config.ts';
import type { Database } from '../../db/schema.ts';
import type { WithdrawAddressesTable } from '../../db/tables/withdrawals.ts';
import { CallError } from '../../platform/call-error.ts';
import type { Clock } from '../../platform/clock.ts';
import { coinChain } from './withdraw-settings.ts';

/** The withdrawal address book (/assets/addressMent): labelled addresses per coin and chain, checked when saved. */
function toEntry(row: Selectable<WithdrawAddressesTable>): z.input<typeof withdrawAddress> {
  return {
    id: Number(row.id),
    coinSymbol: row.coin,
    chain: row.chain,
    address: row.address,
    label: row.label,
    ctime: Number(row.created_at),
  };
}

/** An address checked against its chain's rules (an unknown coin or chain is refused with the call's error). */
export async function checkAddress(
  db: Kysely<Database>,
  input: z.output<typeof validateWithdrawAddr.request>,
): Promise<AddressCheck> {
  const chain = await coinChain(db, input.coinSymbol, input.chain);
  return validateAddress(addressSchemeOf(chain), input.address);
}

export async function listAddresses(db: Kysely<Database>, userId: number, coin?: string) {
  let query = db.selectFrom('withdraw_addresses').selectAll().where('user_id', '=', userId);
  if (coin) query = query.where('coin', '=', coin);
  return (await query.orderBy('id', 'desc').execute()).map(toEntry);
}

export async function addAddress(
  db: Kysely<Database>,
  clock: Clock,
  userId: number,
  input: z.output<typeof addWithdrawAddr.request>,
) {
  const check = await checkAddress(db, input);
  if (!check.ok) throw new CallError(ErrorCode.withdrawAddressInvalid);
  const { address } = check;
  const chain = input.chain.toUpperCase();
  const existing = await db
    .selectFrom('withdraw_addresses')
    .select(['address', 'coin', 'chain'])
    .where('user_id', '=', userId)
    .execute();
  if (existing.length >= ADDRESS_BOOK_MAX) throw new CallError(ErrorCode.withdrawAddressBookFull);
  if (existing.some((e) => e.coin === input.coinSymbol && e.chain === chain && e.address === address)) {
    throw new CallError(ErrorCode.withdrawAddressDuplicate);
  }
  const row = await db
    .insertInto('withdraw_addresses')
    .values({
      user_id: userId,
      coin: input.coinSymbol,
      chain,
      address,
      label: input.label,
      created_at: clock.now(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toEntry(row);
}

export async function deleteAddress(db: Kysely<Database>, userId: number, id: number): Promise<void> {
  const result = await db
    .deleteFrom('withdraw_addresses')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (Number(result.numDeletedRows) !== 1) throw new CallError(ErrorCode.notFound);
}

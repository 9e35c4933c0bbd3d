import { createHash, randomBytes, randomInt } from 'node:crypto';
import type { doWithdraw, withdrawConfirm, withdrawList, withdrawRecord } from '@opex/contract/calls/withdraw';
import { cancellableWithdrawStates, WithdrawState } from '@opex/contract/calls/withdraw';
import { ErrorCode } from '@opex/contract/error-codes';
import Big from 'big.js';
import type { z } from 'zod';
import type { AccountChecks } from '../../accounts/account-checks.ts';
import { userTarget } from '../../accounts/accounts.ts';
import { loggedInUser } from '../../accounts/address-binding.ts';
import { findCoin } from '../../catalog/coins.ts';
import { validateAddress } from '../../chains/address-validation.ts';
import { addressSchemeOf } from '../../chains/chain-config.ts';
import { waitForInbox } from '../../core/core-inbox.ts';
import type { LoggedInContext } from '../../platform/call-binding.ts';
import { CallError } from '../../platform/call-error.ts';
import { requireGoogleWhenEnforced } from '../../second-factor/enforced-google.ts';
import { checkSecondFactor } from '../../second-factor/second-factor.ts';
import { withdrawalsHeldUntil } from '../../security-changes/security-changes.ts';
import { coinChain, dailyLimitOf, isVerified, usedToday } from './withdraw-settings.ts';
import { applyTransition, type WithdrawalRow, withdrawalMovement } from './withdrawal-transitions.ts';

/**
 * A trader's withdrawals: request (checks, second factor, lock, confirmation sent), e-mail confirmation, cancel,
 * list. Locks and releases go through the trading core; see withdrawal-transitions.ts for why each happens once.
 */
export const CONFIRM_MS = 30 * 60_000;
const MAX_CONFIRM_ATTEMPTS = 5;
/** How long a call waits for the core to apply a release it queued, so the reply shows the funds back. */
const RELEASE_WAIT_MS = 5_000;

type WithdrawRecord = z.input<typeof withdrawRecord>;

export function toRecord(row: WithdrawalRow): WithdrawRecord {
  return {
    id: Number(row.id),
    coinSymbol: row.coin,
    chain: row.chain,
    address: row.address,
    amount: row.amount,
    fee: row.fee,
    state: row.state === 'locking' ? WithdrawState.unconfirmed : row.state,
    txid: row.txid,
    reason: row.reason,
    ctime: Number(row.created_at),
    mtime: Number(row.updated_at),
  };
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

export async function requestWithdrawal(
  kit: AccountChecks,
  ctx: LoggedInContext,
  input: z.output<typeof doWithdraw.request>,
): Promise<WithdrawRecord> {
  const { db } = kit.services.database;
  const { clock, core } = kit.services;
  const now = clock.now();
  const user = await loggedInUser(kit, ctx);
  await requireGoogleWhenEnforced(kit.services, user);
  const coin = await findCoin(db, input.symbol);
  if (!coin) throw new CallError(ErrorCode.coinNotFound);
  if (coin.withdraw_open !== 1) throw new CallError(ErrorCode.withdrawSwitchedOff);
  const chain = await coinChain(db, coin.symbol, input.chain);
  if (await withdrawalsHeldUntil(db, user.id, now)) throw new CallError(ErrorCode.withdrawHeld);

  const check = validateAddress(
    addressSchemeOf(chain),
    await chosenAddress(kit, user.id, coin.symbol, chain.chain, input),
  );
  if (!check.ok) throw new CallError(ErrorCode.withdrawAddressInvalid);
  const { address } = check;

  const amount = new Big(input.amount);
  if ((amount.toFixed().split('.')[1] ?? '').length > coin.scale) {
    throw new CallError(ErrorCode.withdrawAmountPrecision);
  }
  if (amount.lt(chain.min_amount)) throw new CallError(ErrorCode.withdrawBelowMinimum);
  const limit = dailyLimitOf(chain, await isVerified(db, user.id));
  if ((await usedToday(db, user.id, coin.symbol, now)).plus(amount).gt(limit)) {
    throw new CallError(ErrorCode.withdrawDailyLimit);
  }
  const total = amount.plus(chain.fee);
  const balance = await db
    .selectFrom('balances')
    .select('available')
    .where('owner_id', '=', user.id)
    .where('account', '=', 'exchange')
    .where('coin', '=', coin.symbol)
    .executeTakeFirst();
  if (total.gt(balance?.available ?? '0')) throw new CallError(ErrorCode.insufficientBalance);

  const spend = await checkSecondFactor(kit, user, input);
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const token = randomBytes(24).toString('base64url');
  const row = await db.transaction().execute(async (trx) => {
    // Two requests of one user at once must not both fit under the daily limit: on PostgreSQL the user's row lock
    // orders them (SQLite runs one transaction at a time), and the limit is checked again inside.
    if (kit.services.database.dialect === 'postgres') {
      await trx.selectFrom('users').select('id').where('id', '=', user.id).forUpdate().execute();
    }
    if ((await usedToday(trx, user.id, coin.symbol, now)).plus(amount).gt(limit)) {
      throw new CallError(ErrorCode.withdrawDailyLimit);
    }
    await spend(trx);
    return trx
      .insertInto('withdrawals')
      .values({
        user_id: user.id,
        coin: coin.symbol,
        chain: chain.chain,
        address,
        amount: amount.toFixed(),
        fee: new Big(chain.fee).toFixed(),
        state: 'locking',
        txid: '',
        reason: '',
        confirm_code_hash: sha256(code),
        confirm_token_hash: sha256(token),
        confirm_expires_at: now + CONFIRM_MS,
        confirm_attempts: 0,
        needs_review: amount.gt(chain.review_threshold) ? 1 : 0,
        reviewed_by: '',
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  });

  // The lock is posted straight through the core so an insufficient balance is known before we answer; a crash
  // between it and the next update leaves a 'locking' row that recoverInterruptedRequests settles at start.
  const locked = await core.postMovement(withdrawalMovement(row, 'lock'));
  if (!locked.ok) {
    await db.deleteFrom('withdrawals').where('id', '=', row.id).where('state', '=', 'locking').execute();
    throw new CallError(
      locked.reason === 'insufficient' ? ErrorCode.insufficientBalance : ErrorCode.tradingUnavailable,
    );
  }
  const unconfirmed = await db
    .updateTable('withdrawals')
    .set({ state: 'unconfirmed' })
    .where('id', '=', row.id)
    .where('state', '=', 'locking')
    .returningAll()
    .executeTakeFirstOrThrow();
  await sendConfirmation(kit, ctx, user, unconfirmed, code, token);
  return toRecord(unconfirmed);
}

async function chosenAddress(
  kit: AccountChecks,
  userId: number,
  coin: string,
  chain: string,
  input: { addressId?: number | undefined; address?: string | undefined },
): Promise<string> {
  if (input.addressId === undefined) {
    if (!input.address) throw new CallError(ErrorCode.withdrawAddressInvalid);
    return input.address;
  }
  const saved = await kit.services.database.db
    .selectFrom('withdraw_addresses')
    .select('address')
    .where('id', '=', input.addressId)
    .where('user_id', '=', userId)
    .where('coin', '=', coin)
    .where('chain', '=', chain)
    .executeTakeFirst();
  if (!saved) throw new CallError(ErrorCode.withdrawAddressInvalid);
  return saved.address;
}

async function sendConfirmation(
  kit: AccountChecks,
  ctx: LoggedInContext,
  user: Awaited<ReturnType<typeof loggedInUser>>,
  row: WithdrawalRow,
  code: string,
  token: string,
): Promise<void> {
  const { services } = kit;
  const link = `${ctx.request.protocol}://${ctx.request.host}${services.config.basePath.replace(/\/?$/, '/')}assets/withdraw?withdrawId=${row.id}&token=${token}`;
  const text =
    `Confirm your withdrawal of ${row.amount} ${row.coin} (fee ${row.fee}) on ${row.chain} to ${row.address}.\n` +
    `Confirmation code: ${code}\nOr open: ${link}\n` +
    'The code is valid for 30 minutes. If you did not ask for this withdrawal, change your password at once.';
  const target = userTarget(user);
  if (target.channel === 'email') {
    await services.mailer.send({ to: target.address, subject: `Confirm your ${row.coin} withdrawal`, body: text });
  } else {
    await services.sms.send(target.address, `Withdrawal ${row.amount} ${row.coin}: confirmation code ${code}`);
  }
}

export async function confirmWithdrawal(
  kit: AccountChecks,
  ctx: LoggedInContext,
  input: z.output<typeof withdrawConfirm.request>,
): Promise<WithdrawRecord> {
  const { db } = kit.services.database;
  const now = kit.services.clock.now();
  const row = await ownWithdrawal(kit, ctx.userId, input.id);
  if (row.state !== 'unconfirmed') throw new CallError(ErrorCode.withdrawStateChanged);
  if (row.confirm_expires_at < now) {
    await expire(kit, row.id);
    throw new CallError(ErrorCode.withdrawConfirmExpired);
  }
  const matches =
    (input.code !== undefined && sha256(input.code) === row.confirm_code_hash) ||
    (input.token !== undefined && sha256(input.token) === row.confirm_token_hash);
  if (!matches) {
    const attempts = row.confirm_attempts + 1;
    if (attempts >= MAX_CONFIRM_ATTEMPTS) {
      await release(kit, row.id, { from: ['unconfirmed'], to: 'cancelled', reason: 'too many wrong codes' });
    } else {
      await db
        .updateTable('withdrawals')
        .set({ confirm_attempts: attempts })
        .where('id', '=', row.id)
        .where('state', '=', 'unconfirmed')
        .execute();
    }
    throw new CallError(ErrorCode.withdrawConfirmInvalid);
  }
  const next = row.needs_review ? 'review' : 'approved';
  const done = await applyTransition(db, row.id, { from: ['unconfirmed'], to: next, userId: ctx.userId }, now);
  if (!done) throw new CallError(ErrorCode.withdrawStateChanged);
  return toRecord(done.row);
}

export async function cancelWithdrawal(kit: AccountChecks, ctx: LoggedInContext, id: number): Promise<WithdrawRecord> {
  await ownWithdrawal(kit, ctx.userId, id);
  const row = await release(kit, id, { from: cancellableWithdrawStates, to: 'cancelled', userId: ctx.userId });
  if (!row) throw new CallError(ErrorCode.withdrawStateChanged);
  return toRecord(row);
}

async function release(
  kit: AccountChecks,
  id: number,
  how: { from: readonly WithdrawalRow['state'][]; to: 'cancelled'; userId?: number; reason?: string },
): Promise<WithdrawalRow | null> {
  const { db } = kit.services.database;
  const done = await applyTransition(
    db,
    id,
    {
      from: how.from,
      to: how.to,
      movement: 'release',
      ...(how.userId !== undefined ? { userId: how.userId } : {}),
      ...(how.reason ? { set: { reason: how.reason } } : {}),
    },
    kit.services.clock.now(),
  );
  if (!done) return null;
  if (done.inboxId !== null) await waitForInbox(db, done.inboxId, RELEASE_WAIT_MS);
  return done.row;
}

function expire(kit: AccountChecks, id: number) {
  return release(kit, id, { from: ['unconfirmed'], to: 'cancelled', reason: 'confirmation expired' });
}

/** Unconfirmed withdrawals past their confirmation time are cancelled and their funds returned. */
export async function expireUnconfirmed(kit: AccountChecks, userId?: number): Promise<void> {
  let query = kit.services.database.db
    .selectFrom('withdrawals')
    .select('id')
    .where('state', '=', 'unconfirmed')
    .where('confirm_expires_at', '<', kit.services.clock.now());
  if (userId !== undefined) query = query.where('user_id', '=', userId);
  for (const { id } of await query.execute()) await expire(kit, id);
}

async function ownWithdrawal(kit: AccountChecks, userId: number, id: number): Promise<WithdrawalRow> {
  const row = await kit.services.database.db
    .selectFrom('withdrawals')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('state', '!=', 'locking')
    .executeTakeFirst();
  if (!row) throw new CallError(ErrorCode.withdrawNotFound);
  return row;
}

export async function withdrawalPage(
  kit: AccountChecks,
  userId: number,
  input: z.output<typeof withdrawList.request>,
): Promise<z.input<typeof withdrawList.reply>> {
  await expireUnconfirmed(kit, userId);
  let query = kit.services.database.db
    .selectFrom('withdrawals')
    .where('user_id', '=', userId)
    .where('state', '!=', 'locking');
  if (input.coinSymbol) query = query.where('coin', '=', input.coinSymbol);
  const [{ count }, rows] = await Promise.all([
    query.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
    query
      .selectAll()
      .orderBy('id', 'desc')
      .limit(input.pageSize)
      .offset((input.page - 1) * input.pageSize)
      .execute(),
  ]);
  return { count: Number(count), list: rows.map(toRecord) };
}

/**
 * When the expiry sweep's job is taken over (with one process: at start, before any call), a request that crashed
 * between its ledger lock and marking itself unconfirmed is settled by the ledger. Locked: it is cancelled and
 * released (its confirmation never reached the user); not locked: the row is dropped.
 */
export async function recoverInterruptedRequests(kit: AccountChecks): Promise<void> {
  const { db } = kit.services.database;
  const rows = await db.selectFrom('withdrawals').selectAll().where('state', '=', 'locking').execute();
  for (const row of rows) {
    const lock = await db
      .selectFrom('ledger_entries')
      .select('id')
      .where('cause', '=', 'withdrawal')
      .where('cause_id', '=', `withdraw:${row.id}:lock`)
      .executeTakeFirst();
    if (lock) {
      await release(kit, row.id, { from: ['locking'], to: 'cancelled', reason: 'interrupted' });
    } else {
      await db.deleteFrom('withdrawals').where('id', '=', row.id).where('state', '=', 'locking').execute();
    }
  }
}

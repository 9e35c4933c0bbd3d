import { SecurityAction } from '@opex/contract/calls/security';
import { OperationType } from '@opex/contract/calls/verification';
import { ErrorCode } from '@opex/contract/error-codes';
import type { LoggedInContext } from '../platform/call-binding.ts';
import { CallError } from '../platform/call-error.ts';
import { checkSecondFactor, type SecondFactorInput } from '../second-factor/second-factor.ts';
import { commitSecurityChange } from '../security-changes/sensitive-change.ts';
import type { AccountChecks } from './account-checks.ts';
import { type AccountKey, accountTarget, findUserByAccount, findUserById, type UserRow } from './accounts.ts';
import { countryCodeOffered } from './phone-country-codes.ts';

/**
 * Binding or changing the account's e-mail or phone: the new address proves itself with a bindAddress code, the
 * account with its second factor. Binding needs the slot empty; changing needs it filled.
 */
export interface NewAddressInput extends SecondFactorInput {
  email?: string;
  countryCode?: string;
  mobileNumber?: string;
  newAuthCode: string;
}

export async function loggedInUser(kit: AccountChecks, ctx: LoggedInContext): Promise<UserRow> {
  const user = await findUserById(kit.services.database.db, ctx.userId);
  if (!user) throw new CallError(ErrorCode.sessionEnded);
  return user;
}

/** A new address another account does not hold and, for phones, under an offered country code. */
export async function checkNewAddress(kit: AccountChecks, key: AccountKey): Promise<void> {
  if ('mobile' in key && !(await countryCodeOffered(kit.services.settings, key.countryCode ?? ''))) {
    throw new CallError(ErrorCode.countryCodeRefused);
  }
  // A phone-only key without country code never reaches here: the contract requires it.
  if (await findUserByAccount(kit.services.database.db, key)) throw new CallError(ErrorCode.addressTaken);
}

const slots = {
  email: {
    bound: (user: UserRow) => user.email !== null,
    alreadyBound: ErrorCode.emailAlreadyBound,
    notBound: ErrorCode.emailNotBound,
    bindAction: SecurityAction.emailBind,
    changeAction: SecurityAction.emailChange,
    same: (user: UserRow, key: AccountKey) => 'email' in key && user.email === key.email,
    columns: (key: AccountKey) => ('email' in key ? { email: key.email, is_open_email_check: 1 } : {}),
  },
  mobile: {
    bound: (user: UserRow) => user.mobile !== null,
    alreadyBound: ErrorCode.mobileAlreadyBound,
    notBound: ErrorCode.mobileNotBound,
    bindAction: SecurityAction.mobileBind,
    changeAction: SecurityAction.mobileChange,
    same: (user: UserRow, key: AccountKey) =>
      'mobile' in key && user.mobile === key.mobile && user.country_code === key.countryCode,
    columns: (key: AccountKey) =>
      'mobile' in key ? { country_code: key.countryCode ?? null, mobile: key.mobile, is_open_mobile_check: 1 } : {},
  },
} as const;

export async function saveAddress(
  kit: AccountChecks,
  ctx: LoggedInContext,
  slot: keyof typeof slots,
  mode: 'bind' | 'change',
  input: NewAddressInput,
): Promise<void> {
  const rules = slots[slot];
  const user = await loggedInUser(kit, ctx);
  if (mode === 'bind' && rules.bound(user)) throw new CallError(rules.alreadyBound);
  if (mode === 'change' && !rules.bound(user)) throw new CallError(rules.notBound);
  const key: AccountKey =
    slot === 'email' ? { email: input.email! } : { countryCode: input.countryCode, mobile: input.mobileNumber! };
  if (rules.same(user, key)) throw new CallError(ErrorCode.addressUnchanged);
  await checkNewAddress(kit, key);
  const factor = await checkSecondFactor(kit, user, input);
  const codeId = await kit.codes.check(OperationType.bindAddress, accountTarget(key).target, input.newAuthCode);
  const { clock } = kit.services;
  await commitSecurityChange(
    kit,
    ctx,
    mode === 'bind' ? rules.bindAction : rules.changeAction,
    [factor, (trx) => kit.codes.markUsed(trx, codeId)],
    async (trx) => {
      await trx
        .updateTable('users')
        .set({ ...rules.columns(key), updated_at: clock.now() })
        .where('id', '=', user.id)
        .execute();
    },
  );
}

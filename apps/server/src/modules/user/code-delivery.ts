import { OperationType, type OperationTypeValue } from '@opex/contract/calls/verification';
import { ErrorCode } from '@opex/contract/error-codes';
import type { AccountChecks } from '../../accounts/account-checks.ts';
import type { CodeTarget } from '../../accounts/accounts.ts';
import { CODE_TTL_MS } from '../../accounts/verification-codes.ts';
import { CallError } from '../../platform/call-error.ts';
import { accountLimits } from '../../rate-limits/rate-limits.ts';

/** Issues a verification code and sends it by e-mail or SMS, within the per-target and per-IP sending limits. */
const purposeText: Record<OperationTypeValue, string> = {
  [OperationType.register]: 'complete your registration',
  [OperationType.resetPassword]: 'reset your password',
  [OperationType.loginConfirm]: 'confirm your login',
  [OperationType.passwordChange]: 'change your password',
  [OperationType.securityVerify]: 'confirm a change to your account security',
  [OperationType.bindAddress]: 'confirm this address for your account',
};

/**
 * How a code reaches its address: delivered (a failed delivery is answered 20015); recorded (the answer waits
 * only for the outbox row, not the mail server: a password reset answers in the same time whether or not the
 * address has an account); or not at all (no account there: the limits still count the request, nothing is sent).
 */
export type Delivery = 'delivered' | 'recorded' | 'none';

export async function sendCode(
  kit: AccountChecks,
  purpose: OperationTypeValue,
  to: CodeTarget,
  ip: string,
  options: { resendGap?: boolean; delivery?: Delivery } = {},
): Promise<void> {
  const { resendGap: gap = true, delivery = 'delivered' } = options;
  const { limiter, codes, services } = kit;
  const targetBucket = `code:target:${to.channel}:${to.target}`;
  const ipBucket = `code:ip:${ip}`;
  const resendGap = { ...accountLimits.codeResendPerTarget, windowMs: services.config.codeResendMs };
  if (gap) await limiter.check(targetBucket, resendGap);
  await limiter.check(targetBucket, accountLimits.codesPerTargetHourly);
  await limiter.check(ipBucket, accountLimits.codesPerIpHourly);
  await limiter.hit(targetBucket);
  await limiter.hit(ipBucket);
  if (delivery === 'none') return;

  const code = await codes.issue(purpose, to.channel, to.target);
  const minutes = CODE_TTL_MS / 60_000;
  const text = `Your verification code is ${code}. Use it within ${minutes} minutes to ${purposeText[purpose]}. If this was not you, ignore this message.`;
  const { delivered } =
    to.channel === 'email'
      ? await services.mailer.send({ to: to.address, subject: `Verification code: ${code}`, body: text }, delivery)
      : await services.sms.send(to.address, text, delivery);
  if (!delivered) throw new CallError(ErrorCode.deliveryFailed);
}

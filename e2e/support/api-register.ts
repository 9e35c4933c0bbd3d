import type { APIRequestContext } from '@playwright/test';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { latestCodeFor } from './admin.ts';
import { nextCodeAfter } from './code-gap.ts';

/**
 * Registers a fresh e-mail account through the API, as the register page would (proof of work, e-mail code),
 * for tests whose subject comes after registration. Answers the account's credentials. The address holds no
 * six-digit run, so the outbox listing that latestCodeFor reads finds the code alone. `nextCodeAt` is when the
 * address may get its next code (CODE_RESEND_SECONDS after this one).
 */
export async function registerByApi(request: APIRequestContext, prefix = 'trader') {
  const email = `${prefix}-${Date.now()}${Math.random().toString(36).slice(2, 6)}@example.com`;
  const password = 'Secret2026x';
  await request.get('/health');
  const xsrf = (await request.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const post = async (call: string, data: Record<string, unknown>) => {
    const headers = { 'X-XSRF-TOKEN': xsrf, 'content-type': 'application/json' };
    const reply = await (await request.post(`/fe-ex-api/${call}`, { headers, data })).json();
    if (reply.code !== '0') throw new Error(`${call} failed: ${JSON.stringify(reply)}`);
    return reply.data;
  };
  const proof = async () => {
    const { captcha: challenge } = await post('common/tartCaptcha', {});
    const solution = await solveChallenge({ challenge, deriveKey });
    return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
  };
  await post('v4/common/emailValidCode', { operationType: '1', email, altcha: await proof() });
  const nextCodeAt = nextCodeAfter();
  const authCode = await latestCodeFor(email);
  await post('user/register', { email, loginPword: password, authCode, altcha: await proof() });
  return { email, password, nextCodeAt };
}

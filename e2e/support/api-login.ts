import type { APIRequestContext } from '@playwright/test';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';

/**
 * Logs a user in through the API from a second "device" (its own cookies and user agent), solving the server's
 * proof of work as a browser would. Used to cause a new-device login message.
 */
export async function loginFromAnotherDevice(request: APIRequestContext, email: string, password: string) {
  await request.get('/health');
  const state = await request.storageState();
  const xsrf = state.cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const headers = { 'X-XSRF-TOKEN': xsrf, 'content-type': 'application/json' };
  const challengeReply = await (await request.post('/fe-ex-api/common/tartCaptcha', { headers, data: {} })).json();
  const challenge = challengeReply.data.captcha;
  const solution = await solveChallenge({ challenge, deriveKey });
  const altcha = Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
  const reply = await (
    await request.post('/fe-ex-api/user/login_in', { headers, data: { email, loginPword: password, altcha } })
  ).json();
  if (reply.code !== '0') throw new Error(`login failed: ${JSON.stringify(reply)}`);
}

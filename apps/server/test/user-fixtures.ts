import { confirmLogin, loginIn, register } from '@opex/contract/calls/user';
import { emailValidCode, OperationType, smsValidCode } from '@opex/contract/calls/verification';
import { expect } from 'vitest';
import { listOutbox } from '../src/notify/outbox.ts';
import type { TestClient, TestServer } from './harness.ts';

/** Account-test helpers: read codes from the outbox, register and log in through HTTP, snapshot account tables. */
export const PASSWORD = 'Secret123';

/** The newest code sent to an address (e-mail, or country code + number for SMS), read from the outbox. */
export async function latestCode(server: TestServer, recipient: string): Promise<string> {
  const [row] = await listOutbox(server.services.database.db, { recipient: recipient.toLowerCase(), limit: 1 });
  const code = row?.body.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code sent to ${recipient}`);
  return code;
}

export async function registerEmail(server: TestServer, email: string, password = PASSWORD, extra = {}) {
  const client = server.client();
  const sent = await client.call(emailValidCode, { email, operationType: OperationType.register });
  expect(sent.code).toBe('0');
  const authCode = await latestCode(server, email);
  const reply = await client.call(register, { email, loginPword: password, authCode, ...extra });
  expect(reply.code).toBe('0');
  server.clock.advance(61_000);
}

export async function registerPhone(server: TestServer, countryCode: string, mobileNumber: string) {
  const client = server.client();
  const sent = await client.call(smsValidCode, { countryCode, mobileNumber, operationType: OperationType.register });
  expect(sent.code).toBe('0');
  const authCode = await latestCode(server, `${countryCode}${mobileNumber}`);
  const reply = await client.call(register, { countryCode, mobileNumber, loginPword: PASSWORD, authCode });
  expect(reply.code).toBe('0');
  server.clock.advance(61_000);
}

/** A client logged in with e-mail and password (completing the e-mail code step when asked). */
export async function loggedInClient(
  server: TestServer,
  email: string,
  password = PASSWORD,
  headers: Record<string, string> = {},
): Promise<TestClient> {
  const client = server.client();
  const reply = await client.call(loginIn, { email, loginPword: password }, headers);
  expect(reply.code).toBe('0');
  if (reply.data.type === '3') {
    const authCode = await latestCode(server, email);
    const confirmed = await client.call(confirmLogin, { token: reply.data.token, authCode, type: '3' }, headers);
    expect(confirmed.code).toBe('0');
  }
  return client;
}

/** What a refused call must leave untouched. */
export async function accountSnapshot(server: TestServer) {
  const { db } = server.services.database;
  const users = await db.selectFrom('users').selectAll().orderBy('id').execute();
  const sessions = await db.selectFrom('sessions').selectAll().orderBy('id').execute();
  const messages = await db.selectFrom('messages').selectAll().orderBy('id').execute();
  const pending = await db.selectFrom('pending_logins').selectAll().orderBy('id').execute();
  return { users, sessions, messages, pending };
}

/** A pending identity submission for a user, as the KYC form leaves it; returns its id for the operator to review. */
export async function submitIdentity(server: TestServer, userId: number): Promise<number> {
  const db = server.services.database.db;
  await db
    .insertInto('kyc_submissions')
    .values({
      user_id: userId,
      real_name: 'Alice',
      country_code: '44',
      cert_type: 2,
      cert_number: 'X1',
      front_img: 'a.png',
      back_img: 'b.png',
      hand_img: 'c.png',
      status: 1,
      reason: '',
      reviewed_by: null,
      reviewed_at: null,
      created_at: server.clock.now(),
    })
    .execute();
  const submission = await db
    .selectFrom('kyc_submissions')
    .select('id')
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  return Number(submission.id);
}

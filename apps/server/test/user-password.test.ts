import { getNoReadMessageCount, userMessage } from '@opex/contract/calls/message';
import { loginIn, passwordUpdate, resetPassword, userInfo } from '@opex/contract/calls/user';
import { emailValidCode, OperationType, smsValidCode } from '@opex/contract/calls/verification';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../src/platform/session-store.ts';
import { startTestServer, type TestServer, testDialects } from './harness.ts';
import { accountSnapshot, latestCode, loggedInClient, PASSWORD, registerEmail } from './user-fixtures.ts';

const NEW_PASSWORD = 'Fresh_456';

describe.each(testDialects)('password reset and change on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
    await registerEmail(server, 'alice@example.com');
    await registerEmail(server, 'bob@example.com');
  });
  afterAll(() => server.close());

  const login = (email: string, loginPword: string) => server.client().call(loginIn, { email, loginPword });

  it('resets a forgotten password by code, ending every session; the code cannot be replayed', async () => {
    const laptop = await loggedInClient(server, 'alice@example.com');
    const phone = await loggedInClient(server, 'alice@example.com');
    const client = server.client();
    expect((await client.call(emailValidCode, { email: 'alice@example.com', operationType: '2' })).code).toBe('0');
    const authCode = await latestCode(server, 'alice@example.com');
    const reply = await client.call(resetPassword, { email: 'alice@example.com', authCode, loginPword: NEW_PASSWORD });
    expect(reply.code).toBe('0');
    expect((await laptop.call(userInfo)).code).toBe('10002');
    expect((await phone.call(userInfo)).code).toBe('10002');
    expect((await login('alice@example.com', PASSWORD)).code).toBe('20003');
    expect((await login('alice@example.com', NEW_PASSWORD)).code).toBe('0');

    const before = await accountSnapshot(server);
    const replay = await client.call(resetPassword, { email: 'alice@example.com', authCode, loginPword: PASSWORD });
    expect(replay.code).toBe('20005');
    expect(await accountSnapshot(server)).toEqual(before);
    expect((await login('alice@example.com', NEW_PASSWORD)).code).toBe('0');
  });

  it('refuses bad reset input, an unknown account and a code of another purpose, changing nothing', async () => {
    server.clock.advance(61_000);
    const client = server.client();
    await client.call(emailValidCode, { email: 'bob@example.com', operationType: OperationType.resetPassword });
    const authCode = await latestCode(server, 'bob@example.com');
    const before = await accountSnapshot(server);
    const cases: [Record<string, unknown>, string][] = [
      [{ email: 'bob@example.com', loginPword: NEW_PASSWORD }, '10001'],
      [{ email: 'bob@example.com', authCode: Number(authCode), loginPword: NEW_PASSWORD }, '10001'],
      [{ email: 'bob@example.com', authCode, loginPword: 'x'.repeat(300) }, '10001'],
      [{ email: 'bob@example.com', authCode, loginPword: 'onlyletters' }, '10001'],
      [{ email: 'nobody@example.com', authCode, loginPword: NEW_PASSWORD }, '20005'],
    ];
    for (const [input, code] of cases) {
      expect((await client.call(resetPassword, input)).code, JSON.stringify(input)).toBe(code);
    }
    expect(await accountSnapshot(server)).toEqual(before);
    expect((await login('bob@example.com', PASSWORD)).code).toBe('0');
  });

  it('answers a reset the same whether or not the address has an account, sending a code only to an account', async () => {
    server.clock.advance(61_000);
    const { db } = server.services.database;
    await db.deleteFrom('rate_limit_hits').execute();
    const ask = (email: string) =>
      server.client().call(emailValidCode, { email, operationType: OperationType.resetPassword });
    const known = await ask('bob@example.com');
    const unknown = await ask('ghost@example.com');
    expect(unknown).toEqual(known);
    expect(known).toMatchObject({ code: '0', msg: 'success', status: 200 });
    await latestCode(server, 'bob@example.com');
    expect(await latestCode(server, 'ghost@example.com').catch(() => 'none')).toBe('none');
    // Limits count an unknown address as they count an account: a second ask within the minute is refused alike.
    expect(await ask('ghost@example.com')).toEqual(await ask('bob@example.com'));
    expect((await ask('ghost@example.com')).code).toBe('20006');

    // The reset itself: a wrong code for an account and any code for no account answer alike.
    const reset = (email: string) =>
      server.client().call(resetPassword, { email, authCode: '000000', loginPword: NEW_PASSWORD });
    const wrong = await reset('nobody-here@example.com');
    expect(wrong.code).toBe('20005');
    await db.deleteFrom('verification_codes').execute();
    expect(await reset('bob@example.com')).toEqual(wrong);
  });

  it('limits reset attempts per account and per address, as login is', async () => {
    const { db } = server.services.database;
    await db.deleteFrom('rate_limit_hits').execute();
    const reset = (email: string) =>
      server.client().call(resetPassword, { email, authCode: '000000', loginPword: NEW_PASSWORD });
    const burst = await Promise.all(Array.from({ length: 8 }, () => reset('bob@example.com')));
    expect(burst.filter((r) => r.code === '10004')).toHaveLength(3);
    const spray = await Promise.all(Array.from({ length: 30 }, (_, i) => reset(`nobody${i}@example.com`)));
    expect(spray.filter((r) => r.code === '10004')).toHaveLength(5); // 30 per address in 15 minutes, 5 used above
    server.clock.advance(15 * 60_000 + 1);
    expect((await reset('bob@example.com')).code).toBe('20005');
  });

  it('asks for the captcha at reset as login does', async () => {
    await server.services.settings.setSwitch('verificationType', '3');
    try {
      const reply = await server
        .client()
        .call(resetPassword, { email: 'bob@example.com', authCode: '000000', loginPword: NEW_PASSWORD });
      expect(reply.code).toBe('10007');
    } finally {
      await server.services.settings.setSwitch('verificationType', '0');
    }
  });

  it('changes the password with the old one and a code, logging out every session and writing a message', async () => {
    const client = await loggedInClient(server, 'bob@example.com');
    const other = await loggedInClient(server, 'bob@example.com');
    server.clock.advance(61_000);
    // The code goes to the account's own address; request fields cannot redirect it.
    const sent = await client.call(emailValidCode, { operationType: '4', email: 'attacker@example.com' });
    expect(sent.code).toBe('0');
    expect(await latestCode(server, 'attacker@example.com').catch(() => 'none')).toBe('none');
    const authCode = await latestCode(server, 'bob@example.com');
    const sms = await client.call(smsValidCode, { operationType: '4' });
    expect(sms.code).toBe('10001');

    const before = await accountSnapshot(server);
    const wrongOld = await client.call(passwordUpdate, {
      loginPword: 'Wrong12345',
      newLoginPword: NEW_PASSWORD,
      authCode,
    });
    expect(wrongOld.code).toBe('20003');
    const wrongCode = authCode === '000000' ? '111111' : '000000';
    const badCode = await client.call(passwordUpdate, {
      loginPword: PASSWORD,
      newLoginPword: NEW_PASSWORD,
      authCode: wrongCode,
    });
    expect(badCode.code).toBe('20004');
    const weak = await client.call(passwordUpdate, { loginPword: PASSWORD, newLoginPword: '12345678', authCode });
    expect(weak.code).toBe('10001');
    const missing = await client.call(passwordUpdate, { loginPword: PASSWORD, authCode });
    expect(missing.code).toBe('10001');
    const noXsrf = await client.call(
      passwordUpdate,
      { loginPword: PASSWORD, newLoginPword: NEW_PASSWORD, authCode },
      {
        'x-xsrf-token': '',
      },
    );
    expect(noXsrf).toMatchObject({ code: '10003', status: 403 });
    const anonymous = await server
      .client()
      .call(passwordUpdate, { loginPword: PASSWORD, newLoginPword: NEW_PASSWORD, authCode });
    expect(anonymous.code).toBe('10002');
    expect(await accountSnapshot(server)).toEqual(before);

    const changed = await client.call(passwordUpdate, { loginPword: PASSWORD, newLoginPword: NEW_PASSWORD, authCode });
    expect(changed.code).toBe('0');
    expect(client.cookies.has(SESSION_COOKIE)).toBe(false);
    expect((await client.call(userInfo)).code).toBe('10002');
    expect((await other.call(userInfo)).code).toBe('10002');
    expect((await login('bob@example.com', PASSWORD)).code).toBe('20003');

    const fresh = await loggedInClient(server, 'bob@example.com', NEW_PASSWORD);
    const unread = await fresh.call(getNoReadMessageCount);
    expect(unread.data.userMessageList.map((m) => m.messageTitle)).toContain('Password changed');
    const all = await fresh.call(userMessage, { page: 1, pageSize: 10 });
    expect(all.data.count).toBeGreaterThanOrEqual(1);
  });
});

import { getNoReadMessageCount } from '@opex/contract/calls/message';
import { confirmLogin, loginIn, loginOut, userInfo } from '@opex/contract/calls/user';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { hashToken } from '../src/modules/user/user-sessions.ts';
import { SESSION_COOKIE } from '../src/platform/session-store.ts';
import { startTestServer, type TestServer, testDialects } from './harness.ts';
import {
  accountSnapshot,
  latestCode,
  loggedInClient,
  PASSWORD,
  registerEmail,
  registerPhone,
} from './user-fixtures.ts';

describe.each(testDialects)('login and sessions on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
    await registerEmail(server, 'alice@example.com');
    await registerEmail(server, 'bob@example.com');
    await server.services.settings.setSwitch('user_reg_type', '3');
    await registerPhone(server, '44', '7700900123');
  });
  afterAll(() => server.close());

  it('logs in at once without a second factor, in an HttpOnly SameSite cookie, and answers user_info', async () => {
    const client = server.client();
    const before = await client.call(userInfo);
    expect(before.code).toBe('10002');
    const response = await client.request(
      'POST',
      '/fe-ex-api/user/login_in',
      {
        email: 'alice@example.com',
        loginPword: PASSWORD,
      },
      { 'x-xsrf-token': '' },
    );
    expect(response.json()).toMatchObject({ code: '10003' }); // no XSRF header: refused before any check
    const reply = await client.call(loginIn, { email: 'alice@example.com', loginPword: PASSWORD });
    expect(reply).toMatchObject({ code: '0', data: { type: '', token: '' } });
    const cookie = await sessionCookieOf(server, { email: 'alice@example.com', loginPword: PASSWORD });
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie.value).toMatch(/^[\w-]{43}$/);
    const stored = await server.services.database.db.selectFrom('sessions').select('id').execute();
    expect(stored.map((s) => s.id)).not.toContain(cookie.value);

    const info = await client.call(userInfo);
    expect(info.code).toBe('0');
    expect(info.data).toMatchObject({
      userAccount: 'al***@example.com',
      email: 'al***@example.com',
      mobileNumber: '',
      accountStatus: 0,
      agentStatus: 0,
      googleStatus: 0,
      isOpenEmailCheck: 1,
      loginVerify: '0',
      authLevel: 0,
      realName: '',
    });
    expect(info.data.inviteCode).toMatch(/^[A-Z2-9]{8}$/);
    const history = await server.services.database.db.selectFrom('login_history').selectAll().execute();
    expect(history.filter((h) => h.success === 1).length).toBeGreaterThanOrEqual(2);
  });

  it('logs in by phone, and by an e-mail typed into mobileNumber', async () => {
    const byPhone = await server
      .client()
      .call(loginIn, { countryCode: '44', mobileNumber: '7700900123', loginPword: PASSWORD });
    expect(byPhone.code).toBe('0');
    const phoneOnly = await server.client().call(loginIn, { mobileNumber: '7700900123', loginPword: PASSWORD });
    expect(phoneOnly.code).toBe('0');
    const byField = await server.client().call(loginIn, { mobileNumber: 'Bob@Example.com', loginPword: PASSWORD });
    expect(byField.code).toBe('0');
  });

  it('gives the same answer for a wrong password and an unknown account, and starts no session', async () => {
    const before = await accountSnapshot(server);
    const wrong = await server.client().call(loginIn, { email: 'bob@example.com', loginPword: 'Wrong12345' });
    const unknown = await server.client().call(loginIn, { email: 'nobody@example.com', loginPword: 'Wrong12345' });
    expect(wrong).toMatchObject({ code: '20003', data: null });
    expect(unknown).toEqual(wrong);
    expect(await accountSnapshot(server)).toEqual(before);
    const failures = await server.services.database.db
      .selectFrom('login_history')
      .selectAll()
      .where('success', '=', 0)
      .execute();
    expect(failures).toHaveLength(1);
  });

  it('refuses malformed login input and changes nothing', async () => {
    const before = await accountSnapshot(server);
    const cases: Record<string, unknown>[] = [
      { email: 'bob@example.com' },
      { loginPword: PASSWORD },
      { email: 'bob@example.com', loginPword: 42 },
      { email: ['bob@example.com'], loginPword: PASSWORD },
      { email: 'bob@example.com', loginPword: 'x'.repeat(101) },
      { mobileNumber: '7'.repeat(101), loginPword: PASSWORD },
      { email: 'bob@example.com', mobileNumber: '7700900123', loginPword: PASSWORD },
    ];
    for (const input of cases) {
      expect(await server.client().call(loginIn, input), JSON.stringify(input)).toMatchObject({
        code: '10001',
        status: 400,
      });
    }
    expect(await accountSnapshot(server)).toEqual(before);
  });

  it('locks an account after 5 wrong passwords, even for the right one, until 15 minutes pass', async () => {
    const attempt = (loginPword: string) => server.client().call(loginIn, { email: 'bob@example.com', loginPword });
    for (let i = 0; i < 4; i++) expect((await attempt('Wrong12345')).code).toBe('20003');
    const locked = await attempt(PASSWORD);
    expect(locked).toMatchObject({ code: '20014', msg: expect.stringMatching(/15 minutes/) });
    expect((await attempt('Wrong12345')).code).toBe('20014');
    server.clock.advance(15 * 60_000 + 1);
    expect((await attempt(PASSWORD)).code).toBe('0');
  });

  it('limits failed logins per IP address across many accounts', async () => {
    const { db } = server.services.database;
    await db.deleteFrom('rate_limit_hits').execute();
    for (let i = 0; i < 30; i++) {
      const reply = await server.client().call(loginIn, { email: `guess${i}@example.com`, loginPword: 'Wrong12345' });
      expect(reply.code).toBe('20003');
    }
    const blocked = await server.client().call(loginIn, { email: 'alice@example.com', loginPword: PASSWORD });
    expect(blocked.code).toBe('20014');
    // The hits are database rows, so a restarted server or another node sees them too.
    const hits = await db
      .selectFrom('rate_limit_hits')
      .select('bucket')
      .where('bucket', 'like', 'login-fail:ip:%')
      .execute();
    expect(hits).toHaveLength(30);
    server.clock.advance(15 * 60_000 + 1);
    expect((await server.client().call(loginIn, { email: 'alice@example.com', loginPword: PASSWORD })).code).toBe('0');
  });

  it('counts a burst of concurrent wrong passwords before checking them: the account locks at 5, the right one last is refused', async () => {
    const { db } = server.services.database;
    await db.deleteFrom('rate_limit_hits').execute();
    await registerEmail(server, 'burst@example.com');
    const attempt = (loginPword: string) => server.client().call(loginIn, { email: 'burst@example.com', loginPword });
    const replies = await Promise.all([...Array.from({ length: 40 }, () => attempt('Wrong12345')), attempt(PASSWORD)]);
    const codes = replies.map((r) => r.code);
    expect(codes.filter((c) => c === '20003')).toHaveLength(5);
    expect(codes.filter((c) => c === '20014')).toHaveLength(36);
    expect(codes.at(-1)).toBe('20014');
    expect((await attempt(PASSWORD)).code).toBe('20014');
    server.clock.advance(15 * 60_000 + 1);
    expect((await attempt(PASSWORD)).code).toBe('0');
  });

  it('stops a concurrent burst from one address across many accounts at the per-address limit', async () => {
    const { db } = server.services.database;
    await db.deleteFrom('rate_limit_hits').execute();
    const replies = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        server.client().call(loginIn, { email: `spray${i}@example.com`, loginPword: 'Wrong12345' }),
      ),
    );
    const codes = replies.map((r) => r.code);
    expect(codes.filter((c) => c === '20003')).toHaveLength(30);
    expect(codes.filter((c) => c === '20014')).toHaveLength(10);
    server.clock.advance(15 * 60_000 + 1);
  });

  it('logout revokes the session and needs the XSRF token', async () => {
    const client = await loggedInClient(server, 'alice@example.com');
    const token = client.cookies.get(SESSION_COOKIE)!;
    const forged = await client.call(loginOut, {}, { 'x-xsrf-token': 'nope' });
    expect(forged).toMatchObject({ code: '10003', status: 403 });
    expect((await client.call(userInfo)).code).toBe('0');
    const out = await client.call(loginOut);
    expect(out.code).toBe('0');
    expect(client.cookies.has(SESSION_COOKIE)).toBe(false);
    // The old token, replayed by someone who kept it, is dead.
    const thief = server.client();
    thief.cookies.set(SESSION_COOKIE, token);
    expect((await thief.call(userInfo)).code).toBe('10002');
    expect((await server.client().call(loginOut)).code).toBe('0');
  });

  it('ends a session after the idle time and after the absolute lifetime', async () => {
    const { sessionIdleMs, sessionMaxMs } = server.services.config;
    const idle = await loggedInClient(server, 'alice@example.com');
    server.clock.advance(sessionIdleMs - 1000);
    expect((await idle.call(userInfo)).code).toBe('0');
    server.clock.advance(sessionIdleMs - 1000);
    expect((await idle.call(userInfo)).code).toBe('0');
    server.clock.advance(sessionIdleMs);
    expect((await idle.call(userInfo)).code).toBe('10002');

    const busy = await loggedInClient(server, 'alice@example.com');
    for (let spent = 0; spent < sessionMaxMs - sessionIdleMs / 2; spent += sessionIdleMs / 2) {
      server.clock.advance(sessionIdleMs / 2);
      expect((await busy.call(userInfo)).code).toBe('0');
    }
    server.clock.advance(sessionIdleMs / 2 + 1000);
    expect((await busy.call(userInfo)).code).toBe('10002');
  });

  it('records a session as seen at most once a minute, through the trading core’s writer', async () => {
    const client = await loggedInClient(server, 'bob@example.com');
    const id = hashToken(client.cookies.get(SESSION_COOKIE) as string);
    const lastSeen = async () =>
      (
        await server.services.database.db
          .selectFrom('sessions')
          .select('last_seen_at')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).last_seen_at;
    const loggedInAt = await lastSeen();
    const writes = vi.spyOn(server.services.core, 'writeAlongside');
    try {
      server.clock.advance(30_000);
      expect((await client.call(userInfo)).code).toBe('0');
      expect(await lastSeen()).toBe(loggedInAt);
      server.clock.advance(31_000);
      expect((await client.call(userInfo)).code).toBe('0');
      expect(await lastSeen()).toBe(server.clock.now());
      expect(writes).toHaveBeenCalledWith({ sessionTouches: [{ id, lastSeenAt: server.clock.now() }] });
    } finally {
      writes.mockRestore();
    }
  });

  it('asks for an e-mail code when the operator turns on login verification, with a single-use token', async () => {
    await server.services.settings.setSwitch('openLoginVerificationMode', '1');
    try {
      const client = server.client();
      const first = await client.call(loginIn, { email: 'alice@example.com', loginPword: PASSWORD });
      expect(first.data).toMatchObject({ type: '3', token: expect.stringMatching(/^[\w-]{43}$/) });
      expect(client.cookies.has(SESSION_COOKIE)).toBe(false);
      expect((await client.call(userInfo)).code).toBe('10002');
      const authCode = await latestCode(server, 'alice@example.com');
      const wrongCode = authCode === '000000' ? '111111' : '000000';
      const token = first.data.token;
      const before = await accountSnapshot(server);
      expect((await client.call(confirmLogin, { token, authCode: wrongCode, type: '3' })).code).toBe('20004');
      expect((await client.call(confirmLogin, { token, authCode, type: '1' })).code).toBe('20012');
      expect((await client.call(confirmLogin, { token: 'x'.repeat(43), authCode, type: '3' })).code).toBe('20009');
      expect((await client.call(confirmLogin, { token, authCode, type: '9' })).code).toBe('10001');
      expect((await client.call(confirmLogin, { token: 'x'.repeat(101), authCode, type: '3' })).code).toBe('10001');
      expect((await client.call(confirmLogin, { authCode, type: '3' })).code).toBe('10001');
      expect(await accountSnapshot(server)).toEqual(before);

      expect((await client.call(confirmLogin, { token, authCode, type: '3' })).code).toBe('0');
      expect((await client.call(userInfo)).code).toBe('0');
      const replay = await server.client().call(confirmLogin, { token, authCode, type: '3' });
      expect(replay.code).toBe('20009');

      const late = await server.client().call(loginIn, { email: 'alice@example.com', loginPword: PASSWORD });
      server.clock.advance(5 * 60_000 + 1);
      const lateCode = await latestCode(server, 'alice@example.com');
      expect(
        (await server.client().call(confirmLogin, { token: late.data.token, authCode: lateCode, type: '3' })).code,
      ).toBe('20009');
    } finally {
      await server.services.settings.setSwitch('openLoginVerificationMode', '0');
    }
  });

  it("honours the user's own login verification (phone code for a phone account)", async () => {
    const { db } = server.services.database;
    await db.updateTable('users').set({ login_verify: 2 }).where('mobile', '=', '7700900123').execute();
    const client = server.client();
    const first = await client.call(loginIn, { countryCode: '44', mobileNumber: '7700900123', loginPword: PASSWORD });
    expect(first.data.type).toBe('2');
    const authCode = await latestCode(server, '447700900123');
    expect((await client.call(confirmLogin, { token: first.data.token, authCode, type: '2' })).code).toBe('0');
    expect((await client.call(userInfo)).data.loginVerify).toBe('2');
  });

  it('writes a message on a login from a new device, not on a known one', async () => {
    await registerEmail(server, 'carol@example.com');
    const laptop = { 'user-agent': 'Laptop/1.0' };
    const phone = { 'user-agent': 'Phone/2.0' };
    const first = await loggedInClient(server, 'carol@example.com', PASSWORD, laptop);
    expect((await first.call(getNoReadMessageCount)).data.noReadMsgCount).toBe(0);
    await loggedInClient(server, 'carol@example.com', PASSWORD, laptop);
    expect((await first.call(getNoReadMessageCount)).data.noReadMsgCount).toBe(0);
    await loggedInClient(server, 'carol@example.com', PASSWORD, phone);
    const unread = await first.call(getNoReadMessageCount);
    expect(unread.data.noReadMsgCount).toBe(1);
    expect(unread.data.userMessageList[0]).toMatchObject({
      messageTitle: 'Login from a new device',
      messageContent: expect.stringContaining('Phone/2.0'),
    });
  });
});

async function sessionCookieOf(server: TestServer, input: Record<string, string>) {
  const client = server.client();
  await client.request('GET', '/health');
  const response = await client.request('POST', '/fe-ex-api/user/login_in', input);
  const cookie = response.cookies.find((c) => c.name === SESSION_COOKIE);
  if (!cookie) throw new Error('no session cookie');
  return cookie;
}

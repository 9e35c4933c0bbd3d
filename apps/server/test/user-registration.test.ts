import { register } from '@opex/contract/calls/user';
import { emailValidCode, OperationType, smsValidCode } from '@opex/contract/calls/verification';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listOutbox } from '../src/notify/outbox.ts';
import { startTestServer, type TestServer, testDialects } from './harness.ts';
import { accountSnapshot, latestCode, PASSWORD, registerEmail, registerPhone } from './user-fixtures.ts';

describe.each(testDialects)('registration and codes on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(() => server.close());

  const setSwitch = (name: string, value: string) => server.services.settings.setSwitch(name, value);

  it('registers by e-mail with a 6-digit code from the outbox, storing an argon2id hash and an invite code', async () => {
    await registerEmail(server, 'Alice@Example.com');
    const [mail] = await listOutbox(server.services.database.db, { recipient: 'alice@example.com' });
    expect(mail).toMatchObject({ channel: 'email', sent_at: null, error: null });
    expect(mail!.body).toMatch(/\b\d{6}\b/);
    const user = await server.services.database.db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', 'alice@example.com')
      .executeTakeFirstOrThrow();
    expect(user.password_hash.startsWith('$argon2id$')).toBe(true);
    expect(user.password_hash).not.toContain(PASSWORD);
    expect(user.invite_code).toMatch(/^[A-Z2-9]{8}$/);
    expect(user.nickname).toBe('al***@example.com');
  });

  it('refuses a taken address when sending the code and when registering', async () => {
    const client = server.client();
    const sent = await client.call(emailValidCode, {
      email: 'alice@example.com',
      operationType: OperationType.register,
    });
    expect(sent.code).toBe('20001');
    const before = await accountSnapshot(server);
    const reply = await client.call(register, { email: 'alice@example.com', loginPword: PASSWORD, authCode: '123456' });
    expect(reply.code).toBe('20001');
    expect(await accountSnapshot(server)).toEqual(before);
  });

  it('answers bad input with a clear code and creates nothing', async () => {
    const client = server.client();
    await client.call(emailValidCode, { email: 'bob@example.com', operationType: OperationType.register });
    const authCode = await latestCode(server, 'bob@example.com');
    const before = await accountSnapshot(server);
    const cases: Record<string, unknown>[] = [
      { email: 'bob@example.com', loginPword: PASSWORD }, // missing code
      { loginPword: PASSWORD, authCode }, // missing account
      { email: 'bob@example.com', loginPword: 12345678, authCode }, // wrong type
      { email: `${'b'.repeat(200)}@example.com`, loginPword: PASSWORD, authCode }, // oversized
      { email: 'bob@example.com', loginPword: '12345678', authCode }, // digits only: password rule
      { email: 'bob@example.com', loginPword: 'Ab1', authCode }, // too short
      { email: 'bob@example.com', loginPword: PASSWORD, authCode: '12345' }, // code not 6 digits
      { email: 'bob.example.com', loginPword: PASSWORD, authCode }, // no @
      { email: 'bob@example.com', countryCode: '1', mobileNumber: '5551234567', loginPword: PASSWORD, authCode },
    ];
    for (const input of cases) {
      const reply = await client.call(register, input);
      expect(reply, JSON.stringify(input)).toMatchObject({ code: '10001', status: 400, data: null });
      expect(reply.msg.length).toBeGreaterThan(3);
    }
    expect(await accountSnapshot(server)).toEqual(before);
    // The code survived every refusal.
    expect((await client.call(register, { email: 'bob@example.com', loginPword: PASSWORD, authCode })).code).toBe('0');
  });

  it('refuses a wrong code, a code for another address, and a replayed code', async () => {
    const client = server.client();
    await client.call(emailValidCode, { email: 'carol@example.com', operationType: OperationType.register });
    const authCode = await latestCode(server, 'carol@example.com');
    const wrong = authCode === '000000' ? '111111' : '000000';
    const before = await accountSnapshot(server);
    expect(
      (await client.call(register, { email: 'carol@example.com', loginPword: PASSWORD, authCode: wrong })).code,
    ).toBe('20004');
    expect((await client.call(register, { email: 'dave@example.com', loginPword: PASSWORD, authCode })).code).toBe(
      '20005',
    );
    expect(await accountSnapshot(server)).toEqual(before);
    expect((await client.call(register, { email: 'carol@example.com', loginPword: PASSWORD, authCode })).code).toBe(
      '0',
    );
    await server.services.database.db.deleteFrom('users').where('email', '=', 'carol@example.com').execute();
    const replay = await client.call(register, { email: 'carol@example.com', loginPword: PASSWORD, authCode });
    expect(replay.code).toBe('20005');
    expect(await accountSnapshot(server)).toEqual(before);
  });

  it('kills a code after 5 wrong tries and after 10 minutes', async () => {
    const client = server.client();
    await client.call(emailValidCode, { email: 'erin@example.com', operationType: OperationType.register });
    const authCode = await latestCode(server, 'erin@example.com');
    const wrong = authCode === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      expect(
        (await client.call(register, { email: 'erin@example.com', loginPword: PASSWORD, authCode: wrong })).code,
      ).toBe('20004');
    }
    expect((await client.call(register, { email: 'erin@example.com', loginPword: PASSWORD, authCode })).code).toBe(
      '20005',
    );

    server.clock.advance(61_000);
    await client.call(emailValidCode, { email: 'erin@example.com', operationType: OperationType.register });
    const fresh = await latestCode(server, 'erin@example.com');
    server.clock.advance(10 * 60_000 + 1);
    expect(
      (await client.call(register, { email: 'erin@example.com', loginPword: PASSWORD, authCode: fresh })).code,
    ).toBe('20005');
  });

  it('limits resending to once a minute and caps codes per hour per address', async () => {
    const client = server.client();
    const send = () =>
      client.call(emailValidCode, { email: 'frank@example.com', operationType: OperationType.register });
    expect((await send()).code).toBe('0');
    const again = await send();
    expect(again).toMatchObject({ code: '20006', msg: expect.stringMatching(/wait/) });
    for (let i = 1; i < 10; i++) {
      server.clock.advance(61_000);
      expect((await send()).code).toBe('0');
    }
    server.clock.advance(61_000);
    expect(await send()).toMatchObject({ code: '20013', msg: expect.stringMatching(/hour/) });
    const sent = await listOutbox(server.services.database.db, { recipient: 'frank@example.com', limit: 100 });
    expect(sent).toHaveLength(10);
    server.clock.advance(3_600_000);
    expect((await send()).code).toBe('0');
  });

  it('checks the code-sending payload', async () => {
    const client = server.client();
    const cases: Record<string, unknown>[] = [
      { email: 'gina@example.com' }, // missing operationType
      { email: 'gina@example.com', operationType: 1 }, // wrong type
      { email: 'gina@example.com', operationType: OperationType.loginConfirm }, // not requestable
      { operationType: OperationType.register }, // no address
      { email: `${'g'.repeat(120)}@example.com`, operationType: OperationType.register },
    ];
    for (const input of cases) {
      expect((await client.call(emailValidCode, input)).code, JSON.stringify(input)).toBe('10001');
    }
    expect(await listOutbox(server.services.database.db, { recipient: 'gina@example.com' })).toHaveLength(0);
    const reset = await client.call(emailValidCode, {
      email: 'nobody@example.com',
      operationType: OperationType.resetPassword,
    });
    expect(reset.code).toBe('0'); // the same answer as for an account (user-password.test.ts), and nothing sent
    expect(await listOutbox(server.services.database.db, { recipient: 'nobody@example.com' })).toHaveLength(0);
    const change = await client.call(emailValidCode, { operationType: OperationType.passwordChange });
    expect(change.code).toBe('10002');
  });

  it('follows user_reg_type: e-mail only by default, phone with 2, both with 3', async () => {
    const client = server.client();
    const phone = { countryCode: '44', mobileNumber: '7700900123', operationType: OperationType.register };
    expect((await client.call(smsValidCode, phone)).code).toBe('20016');
    await setSwitch('user_reg_type', '2');
    expect((await client.call(emailValidCode, { email: 'h@example.com', operationType: '1' })).code).toBe('20016');
    await registerPhone(server, '44', '7700900123');
    const [sms] = await listOutbox(server.services.database.db, { recipient: '447700900123' });
    expect(sms?.channel).toBe('sms');
    await setSwitch('user_reg_type', '3');
    await registerEmail(server, 'henry@example.com');
    await registerPhone(server, '1', '7700900123');
    const phoneUsers = await server.services.database.db
      .selectFrom('users')
      .select(['country_code', 'mobile', 'email'])
      .where('mobile', '=', '7700900123')
      .orderBy('id')
      .execute();
    expect(phoneUsers).toEqual([
      { country_code: '44', mobile: '7700900123', email: null },
      { country_code: '1', mobile: '7700900123', email: null },
    ]);
    await setSwitch('user_reg_type', '1');
  });

  it('requires a valid invitation code when is_invitationCode_required is 1, and links the inviter', async () => {
    const { db } = server.services.database;
    const alice = await db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', 'alice@example.com')
      .executeTakeFirstOrThrow();
    await setSwitch('is_invitationCode_required', '1');
    const client = server.client();
    await client.call(emailValidCode, { email: 'ivy@example.com', operationType: OperationType.register });
    const authCode = await latestCode(server, 'ivy@example.com');
    const before = await accountSnapshot(server);
    const base = { email: 'ivy@example.com', loginPword: PASSWORD, authCode };
    expect((await client.call(register, base)).code).toBe('20007');
    expect((await client.call(register, { ...base, invitedCode: 'NOSUCH99' })).code).toBe('20008');
    expect((await client.call(register, { ...base, invitedCode: 'X'.repeat(21) })).code).toBe('10001');
    expect(await accountSnapshot(server)).toEqual(before);
    expect((await client.call(register, { ...base, invitedCode: alice.invite_code.toLowerCase() })).code).toBe('0');
    const ivy = await db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', 'ivy@example.com')
      .executeTakeFirstOrThrow();
    expect(ivy.invited_by).toBe(alice.id);
    await setSwitch('is_invitationCode_required', '0');
  });

  it('refuses a registration without the XSRF token', async () => {
    const client = server.client();
    await client.call(emailValidCode, { email: 'jack@example.com', operationType: OperationType.register });
    const authCode = await latestCode(server, 'jack@example.com');
    const before = await accountSnapshot(server);
    const noHeader = await client.call(
      register,
      { email: 'jack@example.com', loginPword: PASSWORD, authCode },
      {
        'x-xsrf-token': '',
      },
    );
    expect(noHeader).toMatchObject({ code: '10003', status: 403 });
    const wrong = await client.call(
      register,
      { email: 'jack@example.com', loginPword: PASSWORD, authCode },
      {
        'x-xsrf-token': 'forged-token-value-from-elsewhere',
      },
    );
    expect(wrong).toMatchObject({ code: '10003', status: 403 });
    expect(await accountSnapshot(server)).toEqual(before);
  });

  it('caps registrations per IP address per hour', async () => {
    const { db } = server.services.database;
    await db.deleteFrom('rate_limit_hits').execute();
    for (let i = 0; i < 20; i++) await registerEmail(server, `bulk${i}@example.com`);
    const client = server.client();
    await client.call(emailValidCode, { email: 'bulk20@example.com', operationType: OperationType.register });
    const authCode = await latestCode(server, 'bulk20@example.com');
    const before = await accountSnapshot(server);
    const refused = await client.call(register, { email: 'bulk20@example.com', loginPword: PASSWORD, authCode });
    expect(refused).toMatchObject({ code: '10004', msg: expect.stringMatching(/Too many attempts/) });
    expect(await accountSnapshot(server)).toEqual(before);
    server.clock.advance(3_600_000);
    await client.call(emailValidCode, { email: 'bulk20@example.com', operationType: OperationType.register });
    const fresh = await latestCode(server, 'bulk20@example.com');
    const later = await client.call(register, { email: 'bulk20@example.com', loginPword: PASSWORD, authCode: fresh });
    expect(later.code).toBe('0');
  });
});

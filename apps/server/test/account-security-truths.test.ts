import { createOpenApi } from '@opex/contract/calls/open-api';
import { googleVerify, loginVerifyUpdate, toopenGoogleAuthenticator } from '@opex/contract/calls/security';
import { confirmLogin, loginIn, userInfo } from '@opex/contract/calls/user';
import { emailValidCode, OperationType } from '@opex/contract/calls/verification';
import { doWithdraw } from '@opex/contract/calls/withdraw';
import { ErrorCode } from '@opex/contract/error-codes';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdmin } from '../src/admin/commands.ts';
import { WITHDRAW_HOLD_MS } from '../src/security-changes/security-changes.ts';
import { adminContext, configureSimulatedChains } from './deposit-fixtures.ts';
import { startTestServer, type TestClient, type TestServer, testDialects } from './harness.ts';
import { latestCode, loggedInClient, PASSWORD, registerEmail } from './user-fixtures.ts';

/** What the security centre says is what login and withdrawals really do (issue #14). */
describe.each(testDialects)('account security truths on %s', (dialect) => {
  let server: TestServer;
  const db = () => server.services.database.db;
  const totpNow = (secret: string) => generate({ secret, epoch: Math.floor(server.clock.now() / 1000) });

  async function ownEmailCode(client: TestClient, email: string): Promise<string> {
    server.clock.advance(61_000);
    expect((await client.call(emailValidCode, { operationType: OperationType.securityVerify })).code).toBe('0');
    return latestCode(server, email);
  }

  async function bindGoogle(client: TestClient, email: string): Promise<string> {
    const secret = (await client.call(toopenGoogleAuthenticator)).data.googleKey;
    const emailAuthCode = await ownEmailCode(client, email);
    expect((await client.call(googleVerify, { googleCode: await totpNow(secret), emailAuthCode })).code).toBe('0');
    server.clock.advance(30_000);
    return secret;
  }

  beforeAll(async () => {
    server = await startTestServer(dialect);
    await configureSimulatedChains(server);
    await runAdmin(
      [
        ...['withdraw', 'config', '--coin', 'BTC', '--chain', 'BTC', '--fee', '0.0005', '--min', '0.001'],
        ...['--review-above', '1', '--daily-basic', '2', '--daily-verified', '100'],
      ],
      adminContext(server),
    );
  });
  afterAll(() => server.close());

  it('asks for Google at login as soon as it is bound, and will not let login verification go back to none', async () => {
    await registerEmail(server, 'gina@example.com');
    const gina = await loggedInClient(server, 'gina@example.com');
    const secret = await bindGoogle(gina, 'gina@example.com');
    expect((await gina.call(userInfo)).data).toMatchObject({ googleStatus: 1, loginVerify: '1' });

    const fresh = server.client();
    const login = await fresh.call(loginIn, { email: 'gina@example.com', loginPword: PASSWORD });
    expect(login.data.type).toBe('1');
    expect((await fresh.call(userInfo)).code).toBe(ErrorCode.sessionEnded);
    const confirmed = await fresh.call(confirmLogin, {
      token: login.data.token,
      authCode: await totpNow(secret),
      type: '1',
    });
    expect(confirmed.code).toBe('0');

    server.clock.advance(30_000);
    const none = await fresh.call(loginVerifyUpdate, { loginVerify: '0', googleCode: await totpNow(secret) });
    expect(none.code).toBe(ErrorCode.loginVerifyKeptWithGoogle);
    expect((await fresh.call(userInfo)).data.loginVerify).toBe('1');

    // An e-mail code instead of Google is a second factor too, and login then asks for it.
    const byMail = await fresh.call(loginVerifyUpdate, { loginVerify: '3', googleCode: await totpNow(secret) });
    expect(byMail.code).toBe('0');
    const again = await server.client().call(loginIn, { email: 'gina@example.com', loginPword: PASSWORD });
    expect(again.data.type).toBe('3');
  });

  it('asks for Google at login for an account bound before login verification followed it', async () => {
    await registerEmail(server, 'hugo@example.com');
    const hugo = await loggedInClient(server, 'hugo@example.com');
    await bindGoogle(hugo, 'hugo@example.com');
    // As such accounts were stored: Google bound, login verification left at none.
    await db().updateTable('users').set({ login_verify: 0 }).where('email', '=', 'hugo@example.com').execute();
    const login = await server.client().call(loginIn, { email: 'hugo@example.com', loginPword: PASSWORD });
    expect(login.data.type).toBe('1');
    expect(login.data.token).not.toBe('');
  });

  it('holds withdrawals for 24 hours after an API key is created', async () => {
    await registerEmail(server, 'ivan@example.com');
    const ivan = await loggedInClient(server, 'ivan@example.com');
    const withdraw = {
      symbol: 'BTC',
      chain: 'BTC',
      address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
      amount: '0.1',
    };
    const before = await ivan.call(doWithdraw, {
      ...withdraw,
      emailAuthCode: await ownEmailCode(ivan, 'ivan@example.com'),
    });
    expect(before.code).not.toBe(ErrorCode.withdrawHeld);

    const created = await ivan.call(createOpenApi, {
      label: 'bot',
      emailAuthCode: await ownEmailCode(ivan, 'ivan@example.com'),
    });
    expect(created.code).toBe('0');
    expect((await ivan.call(userInfo)).data.withdrawHoldUntil).toBe(server.clock.now() + WITHDRAW_HOLD_MS);
    const held = await ivan.call(doWithdraw, {
      ...withdraw,
      emailAuthCode: await ownEmailCode(ivan, 'ivan@example.com'),
    });
    expect(held.code).toBe(ErrorCode.withdrawHeld);
    expect(await db().selectFrom('withdrawals').selectAll().execute()).toEqual([]);
  });
});

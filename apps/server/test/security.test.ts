// Over 400 lines: the account-security calls share one server and its signed-in users.
import fs from 'node:fs';
import path from 'node:path';
import { getNoReadMessageCount } from '@opex/contract/calls/message';
import { createOpenApi, deleteOpenApi, myApiList, updateOpenApi } from '@opex/contract/calls/open-api';
import {
  authRealname,
  closeGoogleVerify,
  closeMobileVerify,
  emailUpdate,
  googleVerify,
  inviteInfoList,
  kycConfig,
  legalTenderUpdate,
  loginHistory,
  loginVerifyUpdate,
  mobileBindSave,
  nicknameUpdate,
  openMobileVerify,
  settingHistory,
  toopenGoogleAuthenticator,
  updateFeeCoinOpen,
} from '@opex/contract/calls/security';
import { confirmLogin, loginIn, userInfo } from '@opex/contract/calls/user';
import { emailValidCode, OperationType, smsValidCode } from '@opex/contract/calls/verification';
import { addWithdrawAddr, doWithdraw } from '@opex/contract/calls/withdraw';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdmin } from '../src/admin/commands.ts';
import { userImageDirectory } from '../src/images/image-store.ts';
import { SESSION_COOKIE } from '../src/platform/session-store.ts';
import { sealPlainTotpSecrets } from '../src/second-factor/totp.ts';
import { serverSecretBox } from '../src/secrets/secret-box.ts';
import { WITHDRAW_HOLD_MS, withdrawalsHeldUntil } from '../src/security-changes/security-changes.ts';
import { startTestServer, type TestClient, type TestServer, testDialects } from './harness.ts';
import { accountSnapshot, latestCode, loggedInClient, PASSWORD, registerEmail } from './user-fixtures.ts';

describe.each(testDialects)('security centre on %s', (dialect) => {
  let server: TestServer;
  let alice: TestClient;
  let bob: TestClient;
  let aliceId: number;

  const db = () => server.services.database.db;
  // Sessions are left out: any call touches its session's last_seen_at.
  const snapshot = async () => ({
    ...(await accountSnapshot(server)),
    sessions: undefined,
    history: await db().selectFrom('setting_history').selectAll().orderBy('id').execute(),
    totp: await db().selectFrom('totp_secrets').selectAll().orderBy('user_id').execute(),
    security: await db().selectFrom('user_security').selectAll().orderBy('user_id').execute(),
  });
  const totpNow = (secret: string) => generate({ secret, epoch: Math.floor(server.clock.now() / 1000) });

  /** A securityVerify code to the client's own e-mail (one per minute per address). */
  async function ownEmailCode(client: TestClient, email: string): Promise<string> {
    server.clock.advance(61_000);
    const sent = await client.call(emailValidCode, { operationType: OperationType.securityVerify });
    expect(sent.code).toBe('0');
    return latestCode(server, email);
  }

  async function ownSmsCode(client: TestClient, phone: string): Promise<string> {
    server.clock.advance(61_000);
    expect((await client.call(smsValidCode, { operationType: OperationType.securityVerify })).code).toBe('0');
    return latestCode(server, phone);
  }

  beforeAll(async () => {
    server = await startTestServer(dialect);
    await registerEmail(server, 'alice@example.com');
    await registerEmail(server, 'bob@example.com');
    alice = await loggedInClient(server, 'alice@example.com');
    bob = await loggedInClient(server, 'bob@example.com');
    aliceId = (await alice.call(userInfo)).data.id;
  });
  afterAll(() => server.close());

  it('binds Google only with a code of the new secret, refuses replays, asks for it at login, and closes with a code', async () => {
    const opened = await alice.call(toopenGoogleAuthenticator);
    expect(opened.code).toBe('0');
    const secret = opened.data.googleKey;
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    expect(opened.data.googleImg).toMatch(/^otpauth:\/\/totp\/.+secret=/);

    const emailAuthCode = await ownEmailCode(alice, 'alice@example.com');
    const before = await snapshot();
    const good = await totpNow(secret);
    const wrong = good === '000000' ? '111111' : '000000';
    expect((await alice.call(googleVerify, { googleCode: wrong, emailAuthCode })).code).toBe('50002');
    expect((await alice.call(googleVerify, { googleCode: good })).code).toBe('50001');
    expect((await bob.call(googleVerify, { googleCode: good, emailAuthCode })).code).not.toBe('0');
    expect(await snapshot()).toEqual(before);

    expect((await alice.call(googleVerify, { googleCode: good, emailAuthCode })).code).toBe('0');
    const info = await alice.call(userInfo);
    expect(info.data).toMatchObject({ googleStatus: 1, withdrawHoldUntil: server.clock.now() + WITHDRAW_HOLD_MS });
    expect(await withdrawalsHeldUntil(db(), aliceId, server.clock.now())).toBe(server.clock.now() + WITHDRAW_HOLD_MS);
    expect(await withdrawalsHeldUntil(db(), aliceId, server.clock.now() + WITHDRAW_HOLD_MS)).toBe(0);

    // The same code again (same 30 s step): a replay.
    const replay = await alice.call(loginVerifyUpdate, { loginVerify: '1', googleCode: good });
    expect(replay.code).toBe('50002');
    // With Google bound, the e-mail code no longer stands in for it.
    const byMail = await alice.call(loginVerifyUpdate, {
      loginVerify: '1',
      emailAuthCode: await ownEmailCode(alice, 'alice@example.com'),
    });
    expect(byMail.code).toBe('50001');
    expect((await alice.call(loginVerifyUpdate, { loginVerify: '1', googleCode: await totpNow(secret) })).code).toBe(
      '0',
    );
    expect((await alice.call(userInfo)).data.loginVerify).toBe('1');

    server.clock.advance(30_000);
    const client = server.client();
    const login = await client.call(loginIn, { email: 'alice@example.com', loginPword: PASSWORD });
    expect(login.data.type).toBe('1');
    const usedStep = await client.call(confirmLogin, { token: login.data.token, authCode: good, type: '1' });
    expect(usedStep.code).toBe('50002');
    const confirmed = await client.call(confirmLogin, {
      token: login.data.token,
      authCode: await totpNow(secret),
      type: '1',
    });
    expect(confirmed.code).toBe('0');
    expect((await client.call(userInfo)).code).toBe('0');

    // Enforced Google cannot be closed; otherwise a fresh code closes it and login stops asking for it.
    server.clock.advance(30_000);
    await server.services.settings.setSwitch('is_enforce_google_auth', '1');
    expect((await client.call(closeGoogleVerify, { googleCode: await totpNow(secret) })).code).toBe('50006');
    await server.services.settings.setSwitch('is_enforce_google_auth', '0');
    expect((await client.call(closeGoogleVerify, { googleCode: '123456' === good ? '654321' : '123456' })).code).toBe(
      '50002',
    );
    expect((await client.call(closeGoogleVerify, { googleCode: await totpNow(secret) })).code).toBe('0');
    expect((await client.call(userInfo)).data).toMatchObject({ googleStatus: 0, loginVerify: '0' });

    const actions = (await client.call(settingHistory, {})).data.list.map((r) => r.action);
    expect(actions).toEqual(['google_close', 'login_verify_change', 'google_bind']);
    const titles = (await client.call(getNoReadMessageCount)).data.userMessageList.map((m) => m.messageTitle);
    expect(titles).toEqual(expect.arrayContaining(['Google authenticator bound', 'Google authenticator removed']));
  });

  it('binds a phone with the new number code plus the own e-mail code, refusing restricted country codes', async () => {
    await server.services.settings.set('limitCountryList', ['KP']);
    const refused = await bob.call(smsValidCode, {
      operationType: OperationType.bindAddress,
      countryCode: '850',
      mobileNumber: '1912345678',
    });
    expect(refused.code).toBe('50013');

    const sent = await bob.call(smsValidCode, {
      operationType: OperationType.bindAddress,
      countryCode: '44',
      mobileNumber: '7700900555',
    });
    expect(sent.code).toBe('0');
    const newAuthCode = await latestCode(server, '447700900555');
    const phone = { countryCode: '44', mobileNumber: '7700900555', newAuthCode };

    const before = await snapshot();
    expect((await bob.call(mobileBindSave, phone)).code).toBe('50001');
    expect((await bob.call(mobileBindSave, { ...phone, emailAuthCode: '000000' })).code).toMatch(/^2000[45]$/);
    expect((await bob.call(mobileBindSave, { ...phone, countryCode: undefined })).status).toBe(400);
    expect((await bob.call(mobileBindSave, { ...phone, mobileNumber: '9'.repeat(30) })).status).toBe(400);
    expect(await snapshot()).toEqual(before);

    const emailAuthCode = await ownEmailCode(bob, 'bob@example.com');
    expect((await bob.call(mobileBindSave, { ...phone, emailAuthCode })).code).toBe('0');
    // Both codes are spent: the same request again changes nothing.
    expect((await bob.call(mobileBindSave, { ...phone, emailAuthCode })).code).not.toBe('0');
    const info = (await bob.call(userInfo)).data;
    expect(info).toMatchObject({ countryCode: '44', mobileNumber: '770****0555', isOpenMobileCheck: 1 });
    expect(info.withdrawHoldUntil).toBeGreaterThan(server.clock.now());

    // The phone verification can be closed while the e-mail remains.
    const closeCode = await ownEmailCode(bob, 'bob@example.com');
    expect((await bob.call(closeMobileVerify, { emailAuthCode: closeCode })).code).toBe('0');
    expect((await bob.call(userInfo)).data.isOpenMobileCheck).toBe(0);
    expect((await bob.call(settingHistory, {})).data.list.map((r) => r.action)).toEqual([
      'mobile_check_close',
      'mobile_bind',
    ]);
  });

  it('asks for the phone code at login once phone verification is on and chosen', async () => {
    const unavailable = await bob.call(loginVerifyUpdate, {
      loginVerify: '2',
      emailAuthCode: await ownEmailCode(bob, 'bob@example.com'),
    });
    expect(unavailable.code).toBe('50015');
    expect((await bob.call(openMobileVerify, { emailAuthCode: await ownEmailCode(bob, 'bob@example.com') })).code).toBe(
      '0',
    );
    const chosen = await bob.call(loginVerifyUpdate, {
      loginVerify: '2',
      smsAuthCode: await ownSmsCode(bob, '447700900555'),
    });
    expect(chosen.code).toBe('0');
    server.clock.advance(61_000);
    const client = server.client();
    const login = await client.call(loginIn, { email: 'bob@example.com', loginPword: PASSWORD });
    expect(login.data.type).toBe('2');
    const authCode = await latestCode(server, '447700900555');
    expect((await client.call(confirmLogin, { token: login.data.token, authCode, type: '2' })).code).toBe('0');
  });

  it('changes the e-mail with codes of the old and the new address, refusing a taken one', async () => {
    server.clock.advance(61_000);
    const taken = await bob.call(emailValidCode, {
      operationType: OperationType.bindAddress,
      email: 'alice@example.com',
    });
    expect(taken.code).toBe('50011');
    expect(
      (await bob.call(emailValidCode, { operationType: OperationType.bindAddress, email: 'bob2@example.com' })).code,
    ).toBe('0');
    const newAuthCode = await latestCode(server, 'bob2@example.com');
    const emailAuthCode = await ownEmailCode(bob, 'bob@example.com');
    expect((await bob.call(emailUpdate, { email: 'bob2@example.com', newAuthCode, emailAuthCode })).code).toBe('0');
    expect((await bob.call(userInfo)).data.email).toBe('bo***@example.com');
    const row = await db()
      .selectFrom('users')
      .select('email')
      .where('email', '=', 'bob2@example.com')
      .executeTakeFirst();
    expect(row).toBeDefined();
  });

  it('saves nickname, fee-coin switch and fiat, and shows only the own histories', async () => {
    expect((await alice.call(nicknameUpdate, { nickName: 'Alice' })).code).toBe('0');
    expect((await alice.call(nicknameUpdate, { nickName: 'x'.repeat(33) })).status).toBe(400);
    expect((await alice.call(updateFeeCoinOpen, { feeCoinOpen: 1 })).code).toBe('0');
    expect((await alice.call(updateFeeCoinOpen, { feeCoinOpen: 2 })).status).toBe(400);
    const fiat = (await server.services.settings.languages())[0]?.defaultFiat ?? 'usd';
    await server.services.settings.set('languages', [
      { id: 'en_US', name: 'English', defaultFiat: fiat, langLogo: '$', coinPrecision: 2 },
    ]);
    expect((await alice.call(legalTenderUpdate, { legalTender: 'xyz' })).code).toBe('50019');
    expect((await alice.call(legalTenderUpdate, { legalTender: fiat.toUpperCase() })).code).toBe('0');
    expect((await alice.call(userInfo)).data).toMatchObject({ nickName: 'Alice', feeCoinOpen: 1, legalTender: fiat });

    const aliceLogins = (await alice.call(loginHistory, { page: 1, pageSize: 100 })).data;
    const aliceIps = await db().selectFrom('login_history').select('id').where('user_id', '=', aliceId).execute();
    expect(aliceLogins.count).toBe(aliceIps.length);
    const bobHistory = (await bob.call(settingHistory, {})).data.list.map((r) => r.action);
    expect(bobHistory).not.toContain('google_bind');
  });

  it('answers the invite code, its register path and the invited accounts', async () => {
    const invite = (await alice.call(inviteInfoList, {})).data;
    await registerEmail(server, 'carol@example.com', PASSWORD, { invitedCode: invite.inviteCode });
    const after = (await alice.call(inviteInfoList, {})).data;
    expect(after).toMatchObject({ inviteCode: invite.inviteCode, count: 1, list: [{ account: 'ca***@example.com' }] });
    expect(after.invitePath).toBe(`/register?inviteCode=${invite.inviteCode}`);
    expect((await bob.call(inviteInfoList, {})).data.count).toBe(0);
  });

  it('takes a KYC submission with uploaded images, and the operator approves or rejects it', async () => {
    const userIdOf = async (client: TestClient) =>
      (await server.services.sessions.peek(client.cookies.get(SESSION_COOKIE)!))!.userId;
    const { dataDir } = server.services.config;
    const uploads = userImageDirectory(dataDir, await userIdOf(alice));
    fs.mkdirSync(uploads, { recursive: true });
    const names = ['a', 'b', 'c'].map((c) => `${c.repeat(32)}.jpg`);
    for (const name of names) fs.writeFileSync(path.join(uploads, name), 'x');
    // Another user's upload is not Alice's to submit.
    const bobs = userImageDirectory(dataDir, await userIdOf(bob));
    fs.mkdirSync(bobs, { recursive: true });
    fs.writeFileSync(path.join(bobs, `${'e'.repeat(32)}.jpg`), 'x');
    const submission = {
      realName: 'Alice Example',
      countryCode: '44',
      certificateType: 2,
      certificateNumber: 'P1234567',
      firstPhoto: names[0],
      secondPhoto: names[1],
      thirdPhoto: names[2],
    };
    const missing = await alice.call(authRealname, { ...submission, thirdPhoto: `${'d'.repeat(32)}.png` });
    expect(missing.code).toBe('50018');
    expect((await alice.call(authRealname, { ...submission, thirdPhoto: `${'e'.repeat(32)}.jpg` })).code).toBe('50018');
    expect((await alice.call(authRealname, { ...submission, firstPhoto: '../etc/passwd' })).status).toBe(400);
    expect((await alice.call(authRealname, submission)).code).toBe('0');
    expect((await alice.call(authRealname, submission)).code).toBe('50016');
    expect((await alice.call(userInfo)).data).toMatchObject({ authLevel: 1, realName: '' });

    const ctx = { handle: server.services.database, clock: server.clock, actor: 'cli:test' };
    const listed = await runAdmin(['kyc', 'list'], ctx);
    expect(listed).toContain('Alice Example');
    expect(listed).toContain(`$DATA_DIR/uploads/u${await userIdOf(alice)}/${names[0]}`);
    const id = Number(listed.match(/^#(\d+)/)?.[1]);
    await expect(runAdmin(['kyc', 'reject', String(id)], ctx)).rejects.toThrow('--reason is required');
    await expect(runAdmin(['kyc', 'approve', '999999'], ctx)).rejects.toThrow('no pending KYC submission');
    await runAdmin(['kyc', 'reject', String(id), '--reason', 'blurred photo'], ctx);
    expect((await alice.call(userInfo)).data.authLevel).toBe(3);
    expect((await alice.call(authRealname, submission)).code).toBe('0');
    const second = Number((await runAdmin(['kyc', 'list'], ctx)).match(/^#(\d+)/)?.[1]);
    expect(await runAdmin(['kyc', 'approve', String(second)], ctx)).toContain('approved');
    expect((await alice.call(userInfo)).data).toMatchObject({ authLevel: 2, realName: 'Alice Example' });
    expect((await alice.call(authRealname, submission)).code).toBe('50017');
    const titles = (await alice.call(getNoReadMessageCount)).data.userMessageList.map((m) => m.messageTitle);
    expect(titles).toEqual(expect.arrayContaining(['Identity verified', 'Identity verification rejected']));
  });

  it('while Google is enforced, refuses withdrawals, addresses and API keys until it is bound, and lets deletes through', async () => {
    await registerEmail(server, 'dave@example.com');
    const dave = await loggedInClient(server, 'dave@example.com');
    const kept = await dave.call(createOpenApi, {
      label: 'before',
      emailAuthCode: await ownEmailCode(dave, 'dave@example.com'),
    });
    expect(kept.code).toBe('0');
    await server.services.settings.setSwitch('is_enforce_google_auth', '1');
    try {
      const emailAuthCode = await ownEmailCode(dave, 'dave@example.com');
      const before = { ...(await snapshot()), keys: await db().selectFrom('api_keys').selectAll().execute() };
      const refusals = [
        await dave.call(createOpenApi, { label: 'bot', emailAuthCode }),
        await dave.call(updateOpenApi, { id: kept.data.id, permissions: ['read', 'trade'], emailAuthCode }),
        await dave.call(addWithdrawAddr, {
          coinSymbol: 'BTC',
          chain: 'BTC',
          address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
          label: 'cold',
        }),
        await dave.call(doWithdraw, {
          symbol: 'BTC',
          chain: 'BTC',
          address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
          amount: '0.1',
          emailAuthCode,
        }),
      ];
      expect(refusals.map((r) => r.code)).toEqual(['50020', '50020', '50020', '50020']);
      expect({ ...(await snapshot()), keys: await db().selectFrom('api_keys').selectAll().execute() }).toEqual(before);

      // Deleting a key only narrows access: the unused e-mail code still does it.
      expect((await dave.call(deleteOpenApi, { id: kept.data.id, emailAuthCode })).code).toBe('0');

      // Bound, the same calls go on to their own checks; Google is then the factor.
      const secret = (await dave.call(toopenGoogleAuthenticator)).data.googleKey;
      const bindCode = await ownEmailCode(dave, 'dave@example.com');
      const bound = await dave.call(googleVerify, { googleCode: await totpNow(secret), emailAuthCode: bindCode });
      expect(bound.code).toBe('0');
      server.clock.advance(30_000);
      const created = await dave.call(createOpenApi, { label: 'bot', googleCode: await totpNow(secret) });
      expect(created.code).toBe('0');
      expect((await dave.call(myApiList)).data.list.map((k) => k.label)).toEqual(['bot']);
      const address = await dave.call(addWithdrawAddr, {
        coinSymbol: 'NOPE',
        chain: 'NOPE',
        address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
        label: 'cold',
      });
      expect(address.code).not.toBe('50020');
      expect(address.code).not.toBe('0');
    } finally {
      await server.services.settings.setSwitch('is_enforce_google_auth', '0');
    }
  });

  it('offers the verification form nameVerifiedType selects, with the document types the operator accepts', async () => {
    await registerEmail(server, 'erin@example.com');
    const erin = await loggedInClient(server, 'erin@example.com');
    const ctx = { handle: server.services.database, clock: server.clock, actor: 'cli:test' };
    const manual = { nameVerifiedType: '10', review: 'manual', certificateTypes: [1, 2, 3], photosRequired: true };
    expect((await erin.call(kycConfig)).data).toEqual(manual);
    const details = { realName: 'Erin Example', countryCode: '44', certificateType: 1, certificateNumber: 'X99' };
    try {
      // Manual review needs the three images.
      expect((await erin.call(authRealname, details)).code).toBe('50018');
      await expect(runAdmin(['kyc', 'documents', '2,4'], ctx)).rejects.toThrow('<types>');
      expect(await runAdmin(['kyc', 'documents', '2'], ctx)).toContain('document types 2');
      expect((await erin.call(kycConfig)).data.certificateTypes).toEqual([2]);
      await server.services.settings.setSwitch('nameVerifiedType', '02');
      expect((await erin.call(kycConfig)).data).toEqual({
        nameVerifiedType: '02',
        review: 'auto',
        certificateTypes: [2],
        photosRequired: false,
      });
      const before = await db().selectFrom('kyc_submissions').selectAll().execute();
      expect((await erin.call(authRealname, details)).code).toBe('50021');
      expect(await db().selectFrom('kyc_submissions').selectAll().execute()).toEqual(before);
      // Simplified: approved as submitted, no images, no operator.
      expect((await erin.call(authRealname, { ...details, certificateType: 2 })).code).toBe('0');
      expect((await erin.call(userInfo)).data).toMatchObject({ authLevel: 2, realName: 'Erin Example' });
      const titles = (await erin.call(getNoReadMessageCount)).data.userMessageList.map((m) => m.messageTitle);
      expect(titles).toContain('Identity verified');
      expect(await runAdmin(['kyc', 'list'], ctx)).not.toContain('Erin Example');
      // Third-party types this server does not integrate fall back to manual review.
      await server.services.settings.setSwitch('nameVerifiedType', '00');
      expect((await erin.call(kycConfig)).data).toMatchObject({ nameVerifiedType: '10', photosRequired: true });
    } finally {
      await server.services.settings.setSwitch('nameVerifiedType', '10');
      await server.services.settings.set('kyc', {});
    }
  });

  it('keeps Google secrets sealed at rest, and seals plain ones written before that', async () => {
    const box = serverSecretBox(server.services.config);
    const secret = (await bob.call(toopenGoogleAuthenticator)).data.googleKey;
    const pending = await db()
      .selectFrom('totp_secrets')
      .selectAll()
      .where('user_id', '=', (await bob.call(userInfo)).data.id)
      .executeTakeFirstOrThrow();
    expect(pending).toMatchObject({ pending_secret: null, secret: null, secret_sealed: null });
    expect(pending.pending_sealed).not.toContain(secret);
    expect(box.open(pending.pending_sealed ?? '')).toBe(secret);

    // A row as written before migration 0014: plain Base32 in the old columns.
    await registerEmail(server, 'fay@example.com');
    const fay = await loggedInClient(server, 'fay@example.com');
    const fayId = (await fay.call(userInfo)).data.id;
    const plain = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
    await db()
      .insertInto('totp_secrets')
      .values({
        user_id: fayId,
        secret: plain,
        pending_secret: null,
        secret_sealed: null,
        pending_sealed: null,
        last_step: 0,
        updated_at: 0,
      })
      .execute();
    await db().updateTable('users').set({ google_status: 1 }).where('id', '=', fayId).execute();
    expect(await sealPlainTotpSecrets(db(), box)).toBe(1);
    expect(await sealPlainTotpSecrets(db(), box)).toBe(0);
    const sealed = await db()
      .selectFrom('totp_secrets')
      .selectAll()
      .where('user_id', '=', fayId)
      .executeTakeFirstOrThrow();
    expect(sealed).toMatchObject({ secret: null, pending_secret: null, pending_sealed: null });
    expect(box.open(sealed.secret_sealed ?? '')).toBe(plain);
    // The sealed secret still checks codes.
    expect((await fay.call(closeGoogleVerify, { googleCode: await totpNow(plain) })).code).toBe('0');
    const closed = await db()
      .selectFrom('totp_secrets')
      .selectAll()
      .where('user_id', '=', fayId)
      .executeTakeFirstOrThrow();
    expect(closed).toMatchObject({ secret: null, secret_sealed: null });
  });

  it('holds a concurrent burst of wrong Google codes to the limit, and refuses a right code while it is locked', async () => {
    await registerEmail(server, 'gina@example.com');
    const gina = await loggedInClient(server, 'gina@example.com');
    const ginaId = (await gina.call(userInfo)).data.id;
    const secret = 'KRSXG5CTMVRXEZLUKRSXG5CTMVRXEZLU';
    const box = serverSecretBox(server.services.config);
    await db()
      .insertInto('totp_secrets')
      .values({
        user_id: ginaId,
        secret: null,
        pending_secret: null,
        secret_sealed: box.seal(secret),
        pending_sealed: null,
        last_step: 0,
        updated_at: 0,
      })
      .execute();
    await db().updateTable('users').set({ google_status: 1 }).where('id', '=', ginaId).execute();
    const good = await totpNow(secret);
    const wrong = good === '000000' ? '111111' : '000000';

    const burst = await Promise.all(
      Array.from({ length: 40 }, () => gina.call(closeGoogleVerify, { googleCode: wrong })),
    );
    const codes = burst.map((r) => r.code);
    expect(codes.filter((c) => c === '50002')).toHaveLength(5);
    expect(codes.filter((c) => c === '10004')).toHaveLength(35);
    expect((await gina.call(closeGoogleVerify, { googleCode: good })).code).toBe('10004');
    expect((await gina.call(userInfo)).data.googleStatus).toBe(1);

    server.clock.advance(15 * 60_000 + 1);
    expect((await gina.call(closeGoogleVerify, { googleCode: await totpNow(secret) })).code).toBe('0');
  });

  it('refuses every security call without a session', async () => {
    const anonymous = server.client();
    expect((await anonymous.call(toopenGoogleAuthenticator)).code).toBe('10002');
    expect((await anonymous.call(settingHistory, {})).code).toBe('10002');
  });
});

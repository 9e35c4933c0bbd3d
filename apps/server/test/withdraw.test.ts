// Over 400 lines: the whole withdrawal life (request, confirm, review, send, fail) against one fake chain.
import { googleVerify, toopenGoogleAuthenticator } from '@opex/contract/calls/security';
import { userInfo } from '@opex/contract/calls/user';
import { emailValidCode, OperationType } from '@opex/contract/calls/verification';
import {
  addressList,
  addWithdrawAddr,
  cancelWithdraw,
  deleteWithdrawAddr,
  doWithdraw,
  getCost,
  validateWithdrawAddr,
  withdrawConfirm,
  withdrawList,
} from '@opex/contract/calls/withdraw';
import { ErrorCode } from '@opex/contract/error-codes';
import Big from 'big.js';
import { generate } from 'otplib';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createAccountChecks } from '../src/accounts/account-checks.ts';
import { runAdmin } from '../src/admin/commands.ts';
import { saveCoin } from '../src/catalog/coins.ts';
import { SimulatedChain } from '../src/chains/simulated-chain.ts';
import { auditLedger } from '../src/ledger/ledger-audit.ts';
import { payOutOnSimulatedChains } from '../src/modules/withdraw/simulated-payout.ts';
import { recoverInterruptedRequests } from '../src/modules/withdraw/withdrawal-requests.ts';
import { withdrawalMovement } from '../src/modules/withdraw/withdrawal-transitions.ts';
import { listOutbox } from '../src/notify/outbox.ts';
import { startTestServer, type TestClient, type TestServer, testDialects } from './harness.ts';
import { balanceOf, fund, tradingInvariants } from './trading-fixtures.ts';
import { latestCode, loggedInClient, registerEmail, submitIdentity } from './user-fixtures.ts';

/**
 * Withdrawals through the real server and the operator CLI: refusals change nothing; the lock, release and send
 * move the ledger exactly once each; the 24-hour hold; and after each step every coin's ledger sums hold and the
 * users' locked balances equal what their open withdrawals hold.
 */
const GOOD_BTC = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';
const BAD_BTC = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5'; // BIP173: invalid checksum
const GOOD_ETH = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const BAD_ETH = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD'; // one letter's case flipped

describe.each(testDialects)('withdrawals on %s', (dialect) => {
  let server: TestServer;
  let alice: TestClient;
  let bob: TestClient;
  let aliceId: number;
  let bobId: number;
  let googleSecret: string;
  const db = () => server.services.database.db;
  const admin = (...argv: string[]) =>
    runAdmin(argv, { handle: server.services.database, clock: server.clock, actor: 'cli:test' });

  /** A fresh Google code: each 30-second step is usable once. */
  async function googleCode(): Promise<string> {
    server.clock.advance(31_000);
    return generate({ secret: googleSecret, epoch: Math.floor(server.clock.now() / 1000) });
  }

  async function confirmationCode(email: string): Promise<string> {
    const [mail] = await listOutbox(db(), { recipient: email, limit: 1 });
    const code = mail?.body.match(/Confirmation code: (\d{6})/)?.[1];
    if (!code) throw new Error(`no confirmation sent to ${email}`);
    return code;
  }

  /** A withdrawal requested with Google and confirmed by the e-mailed code. */
  async function withdrawConfirmed(amount: string, extra: Record<string, unknown> = {}) {
    const requested = await alice.call(doWithdraw, {
      symbol: 'BTC',
      chain: 'BTC',
      address: GOOD_BTC,
      amount,
      googleCode: await googleCode(),
      ...extra,
    });
    expect(requested.code).toBe('0');
    const confirmed = await alice.call(withdrawConfirm, {
      id: requested.data.id,
      code: await confirmationCode('alice@example.com'),
    });
    expect(confirmed.code).toBe('0');
    return confirmed.data;
  }

  /** Ledger sums hold, and each user's locked BTC is exactly what their open withdrawals hold. */
  async function expectInvariants() {
    const audit = await auditLedger(db());
    expect(audit).toEqual({ unbalancedCoins: {}, mismatches: [] });
    const open = await db()
      .selectFrom('withdrawals')
      .selectAll()
      .where('state', 'in', ['unconfirmed', 'review', 'approved'])
      .execute();
    for (const userId of [aliceId, bobId]) {
      const held = open
        .filter((w) => w.user_id === userId && w.coin === 'BTC')
        .reduce((sum, w) => sum.plus(w.amount).plus(w.fee), new Big(0));
      expect((await balanceOf(db(), userId, 'BTC')).locked).toBe(held.toFixed());
    }
  }

  const snapshot = async () => ({
    balances: await db().selectFrom('balances').selectAll().orderBy('owner_id').orderBy('coin').execute(),
    ledger: await db().selectFrom('ledger_entries').select('id').execute(),
    withdrawals: await db().selectFrom('withdrawals').selectAll().orderBy('id').execute(),
    inbox: await db().selectFrom('core_inbox').select('id').execute(),
  });

  beforeAll(async () => {
    // Days pass in these tests (the 24-hour hold, daily limits): sessions must outlive them.
    const month = 30 * 24 * 60 * 60_000;
    server = await startTestServer(dialect, { config: { sessionIdleMs: month, sessionMaxMs: month, chainPollMs: 0 } });
    const now = server.clock.now();
    await saveCoin(db(), { symbol: 'BTC', name: 'Bitcoin', showPrecision: 8, scale: 8 }, now);
    await saveCoin(db(), { symbol: 'ETH', name: 'Ether', showPrecision: 8, scale: 8 }, now);
    // BTC is paid by the operator's own wallet (reported with the CLI); ETH by the simulated chain.
    for (const [chain, kind, network, watcher] of [
      ['BTC', 'bitcoin', 'bitcoin', 'bitcoind'],
      ['ETH', 'evm', 'mainnet', 'simulated'],
    ] as const) {
      await db()
        .insertInto('chains')
        .values({
          chain,
          name: chain,
          kind,
          network,
          watcher,
          rpc_url: '',
          xpub: '',
          confirmations: 2,
          scan_cursor: '',
          scan_error: '',
          updated_at: now,
        })
        .execute();
    }
    await admin(
      ...['withdraw', 'config', '--coin', 'BTC', '--chain', 'BTC', '--fee', '0.0005', '--min', '0.001'],
      ...['--review-above', '1', '--daily-basic', '2', '--daily-verified', '100'],
    );
    await admin(
      ...['withdraw', 'config', '--coin', 'ETH', '--chain', 'ETH', '--fee', '0.002', '--min', '0.01'],
      ...['--review-above', '0', '--daily-basic', '50', '--daily-verified', '500'],
    );

    await registerEmail(server, 'alice@example.com');
    await registerEmail(server, 'bob@example.com');
    alice = await loggedInClient(server, 'alice@example.com');
    bob = await loggedInClient(server, 'bob@example.com');
    aliceId = (await alice.call(userInfo)).data.id;
    bobId = (await bob.call(userInfo)).data.id;
    await fund(server.services.core, aliceId, 'BTC', '5');
    await fund(server.services.core, aliceId, 'ETH', '3');
    await fund(server.services.core, bobId, 'BTC', '1');

    // Alice binds Google: a security change, so her withdrawals are held for 24 hours from here.
    googleSecret = (await alice.call(toopenGoogleAuthenticator)).data.googleKey;
    expect((await alice.call(emailValidCode, { operationType: OperationType.securityVerify })).code).toBe('0');
    const emailAuthCode = await latestCode(server, 'alice@example.com');
    const bound = await alice.call(googleVerify, { googleCode: await googleCode(), emailAuthCode });
    expect(bound.code).toBe('0');
  });
  afterEach(async () => expect(await tradingInvariants(db(), server.services.core)).toEqual([]));
  afterAll(() => server.close());

  it('holds withdrawals for 24 hours after a security change', async () => {
    const cost = await alice.call(getCost, { symbol: 'BTC' });
    expect(cost.data.holdUntil).toBeGreaterThan(server.clock.now());
    expect(cost.data.secondFactor).toBe('google');
    const before = await snapshot();
    const held = await alice.call(doWithdraw, {
      symbol: 'BTC',
      chain: 'BTC',
      address: GOOD_BTC,
      amount: '0.1',
      googleCode: await googleCode(),
    });
    expect(held.code).toBe(ErrorCode.withdrawHeld);
    expect(await snapshot()).toEqual(before);
    server.clock.advance(24 * 60 * 60_000);
    expect((await alice.call(getCost, { symbol: 'BTC' })).data.holdUntil).toBe(0);
  });

  it('shows chains with fee, minimum, threshold and the daily limit of the verification level', async () => {
    const cost = await alice.call(getCost, { symbol: 'BTC' });
    expect(cost.code).toBe('0');
    expect(cost.data).toMatchObject({ symbol: 'BTC', withdrawOpen: 1, scale: 8, available: '5', verified: 0 });
    expect(cost.data.chains).toEqual([
      {
        chain: 'BTC',
        addressFormat: 'bitcoin',
        fee: '0.0005',
        minAmount: '0.001',
        reviewThreshold: '1',
        dailyLimit: '2',
      },
    ]);
  });

  it('refuses invalid addresses, small, large, unfunded, unoffered and unverified requests, changing nothing', async () => {
    const base = { symbol: 'BTC', chain: 'BTC', address: GOOD_BTC, amount: '0.1' };
    const cases: [Record<string, unknown>, string][] = [
      [{ address: BAD_BTC }, ErrorCode.withdrawAddressInvalid],
      [{ address: GOOD_ETH }, ErrorCode.withdrawAddressInvalid],
      [{ address: 'tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7' }, ErrorCode.withdrawAddressInvalid],
      [{ amount: '0.0009' }, ErrorCode.withdrawBelowMinimum],
      [{ amount: '0.000000001' }, ErrorCode.withdrawAmountPrecision],
      [{ amount: '2.5' }, ErrorCode.withdrawDailyLimit],
      [{ chain: 'ETH' }, ErrorCode.withdrawChainUnavailable],
      [{ symbol: 'DOGE' }, ErrorCode.coinNotFound],
      [{ googleCode: '000000' }, ErrorCode.googleCodeInvalid],
      [{ googleCode: undefined }, ErrorCode.secondFactorRequired],
    ];
    for (const [change, code] of cases) {
      const before = await snapshot();
      const reply = await alice.call(doWithdraw, { ...base, googleCode: await googleCode(), ...change });
      expect([change, reply.code]).toEqual([change, code]);
      expect(await snapshot()).toEqual(before);
    }
    // Over the balance: ETH's daily limit is wide, the balance is 3 (fee 0.002 on top).
    const before = await snapshot();
    const over = await alice.call(doWithdraw, {
      symbol: 'ETH',
      chain: 'ETH',
      address: GOOD_ETH,
      amount: '2.999',
      googleCode: await googleCode(),
    });
    expect(over.code).toBe(ErrorCode.insufficientBalance);
    expect(await snapshot()).toEqual(before);

    // Bad input never reaches the rules.
    const malformed = await alice.call(doWithdraw, { ...base, amount: '-1', googleCode: await googleCode() });
    expect(malformed.status).toBe(400);
    expect(malformed.code).toBe(ErrorCode.badRequest);

    const coinArgs = ['coin', 'add', '--symbol', 'BTC', '--name', 'Bitcoin', '--show-precision', '8', '--scale', '8'];
    await admin(...coinArgs, '--withdraw', '0');
    const paused = await alice.call(doWithdraw, { ...base, googleCode: await googleCode() });
    expect(paused.code).toBe(ErrorCode.withdrawSwitchedOff);
    await admin(...coinArgs, '--withdraw', '1');
    await expectInvariants();
  });

  it('checks addresses live and keeps a labelled address book per user', async () => {
    const check = (address: string, chain = 'BTC', coinSymbol = 'BTC') =>
      alice.call(validateWithdrawAddr, { coinSymbol, chain, address });
    expect((await check(GOOD_BTC.toUpperCase())).data).toEqual({
      valid: true,
      problem: '',
      reason: '',
      address: GOOD_BTC,
    });
    expect((await check(BAD_BTC)).data.valid).toBe(false);
    expect((await check(GOOD_ETH, 'ETH', 'ETH')).data.valid).toBe(true);
    expect((await check(BAD_ETH, 'ETH', 'ETH')).data).toEqual({
      valid: false,
      problem: 'checksum',
      reason: 'EIP-55 checksum does not match',
      address: '',
    });
    expect((await check('tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7')).data.problem).toBe(
      'network',
    );
    expect((await check(GOOD_BTC, 'ETH', 'BTC')).code).toBe(ErrorCode.withdrawChainUnavailable);

    const refused = await alice.call(addWithdrawAddr, {
      coinSymbol: 'ETH',
      chain: 'ETH',
      address: BAD_ETH,
      label: 'x',
    });
    expect(refused.code).toBe(ErrorCode.withdrawAddressInvalid);
    // Saved in its canonical spelling (bech32 in lower case), so the same address cannot be saved twice.
    const added = await alice.call(addWithdrawAddr, {
      coinSymbol: 'BTC',
      chain: 'btc',
      address: GOOD_BTC.toUpperCase(),
      label: 'cold wallet',
    });
    expect(added.code).toBe('0');
    expect(added.data).toMatchObject({ coinSymbol: 'BTC', chain: 'BTC', address: GOOD_BTC, label: 'cold wallet' });
    const twice = await alice.call(addWithdrawAddr, { coinSymbol: 'BTC', chain: 'BTC', address: GOOD_BTC, label: 'y' });
    expect(twice.code).toBe(ErrorCode.withdrawAddressDuplicate);
    expect((await alice.call(addressList, { coinSymbol: 'BTC' })).data.addressList).toHaveLength(1);
    expect((await bob.call(addressList, {})).data.addressList).toEqual([]);

    // Bob can neither delete Alice's address nor withdraw to it by id.
    expect((await bob.call(deleteWithdrawAddr, { id: added.data.id })).code).toBe(ErrorCode.notFound);
    const byOthersId = await bob.call(doWithdraw, {
      symbol: 'BTC',
      chain: 'BTC',
      addressId: added.data.id,
      amount: '0.01',
      emailAuthCode: '123456',
    });
    expect(byOthersId.code).toBe(ErrorCode.withdrawAddressInvalid);

    const extra = await alice.call(addWithdrawAddr, {
      coinSymbol: 'ETH',
      chain: 'ETH',
      address: GOOD_ETH,
      label: 'hot',
    });
    expect((await alice.call(deleteWithdrawAddr, { id: extra.data.id })).code).toBe('0');
    expect((await alice.call(addressList, { coinSymbol: 'ETH' })).data.addressList).toEqual([]);
  });

  it('runs request -> confirm -> sent -> completed, moving the ledger exactly', async () => {
    const [saved] = (await alice.call(addressList, { coinSymbol: 'BTC' })).data.addressList;
    const requested = await alice.call(doWithdraw, {
      symbol: 'BTC',
      chain: 'BTC',
      addressId: saved?.id,
      amount: '0.25',
      googleCode: await googleCode(),
    });
    expect(requested.code).toBe('0');
    expect(requested.data).toMatchObject({ state: 'unconfirmed', amount: '0.25', fee: '0.0005', address: GOOD_BTC });
    expect(await balanceOf(db(), aliceId, 'BTC')).toEqual({ available: '4.7495', locked: '0.2505' });
    await expectInvariants();

    const wrong = await alice.call(withdrawConfirm, { id: requested.data.id, code: '000000' });
    expect(wrong.code).toBe(ErrorCode.withdrawConfirmInvalid);
    // Bob cannot confirm or cancel Alice's withdrawal.
    expect((await bob.call(cancelWithdraw, { id: requested.data.id })).code).toBe(ErrorCode.withdrawNotFound);

    // The link's token confirms as well as the code.
    const [mail] = await listOutbox(db(), { recipient: 'alice@example.com', limit: 1 });
    const token = mail?.body.match(/token=([A-Za-z0-9_-]+)/)?.[1];
    const confirmed = await alice.call(withdrawConfirm, { id: requested.data.id, token });
    expect(confirmed.data.state).toBe('approved'); // below the review threshold of 1 BTC
    expect((await alice.call(cancelWithdraw, { id: requested.data.id })).code).toBe(ErrorCode.withdrawStateChanged);

    await expect(admin('withdraw', 'complete', String(requested.data.id))).rejects.toThrow(/is not sent/);
    expect(await admin('withdraw', 'sent', String(requested.data.id), 'tx00000000aa')).toMatch(/sent$/);
    await expect(admin('withdraw', 'sent', String(requested.data.id), 'tx00000000bb')).rejects.toThrow(
      /is not approved/,
    );
    expect(await balanceOf(db(), aliceId, 'BTC')).toEqual({ available: '4.7495', locked: '0' });
    expect(await balanceOf(db(), 0, 'BTC', 'fee')).toEqual({ available: '0.0005', locked: '0' });
    await expectInvariants();
    expect(await admin('withdraw', 'complete', String(requested.data.id))).toMatch(/completed$/);

    const entries = await db()
      .selectFrom('ledger_entries')
      .select(['owner_id', 'account', 'field', 'delta', 'cause_id'])
      .where('cause', '=', 'withdrawal')
      .where('cause_id', 'like', `withdraw:${requested.data.id}:%`)
      .orderBy('id')
      .execute();
    const id = requested.data.id;
    expect(entries).toEqual([
      { owner_id: aliceId, account: 'exchange', field: 'available', delta: '-0.2505', cause_id: `withdraw:${id}:lock` },
      { owner_id: aliceId, account: 'exchange', field: 'locked', delta: '0.2505', cause_id: `withdraw:${id}:lock` },
      { owner_id: aliceId, account: 'exchange', field: 'locked', delta: '-0.2505', cause_id: `withdraw:${id}:send` },
      { owner_id: 0, account: 'external', field: 'available', delta: '0.25', cause_id: `withdraw:${id}:send` },
      { owner_id: 0, account: 'fee', field: 'available', delta: '0.0005', cause_id: `withdraw:${id}:send` },
    ]);
    const listed = await alice.call(withdrawList, { coinSymbol: 'BTC' });
    expect(listed.data.list[0]).toMatchObject({ id, state: 'completed', txid: 'tx00000000aa' });
    const audit = await admin('audit', 'list', '--limit', '5');
    expect(audit).toMatch(new RegExp(`withdraw\\.complete\\twithdrawal:${id}`));
    expect(audit).toMatch(new RegExp(`withdraw\\.sent\\twithdrawal:${id}`));
    await expectInvariants();
  });

  it('returns the funds of a cancelled withdrawal exactly once', async () => {
    const before = await balanceOf(db(), aliceId, 'BTC');
    const w = await withdrawConfirmed('1.2'); // above the threshold: waits for review
    expect(w.state).toBe('review');
    expect(await admin('withdraw', 'list')).toContain(`#${w.id}\treview`);
    // Two cancels racing, and a third after: exactly one wins.
    const replies = await Promise.all([
      alice.call(cancelWithdraw, { id: w.id }),
      alice.call(cancelWithdraw, { id: w.id }),
    ]);
    expect(replies.map((r) => r.code).sort()).toEqual(['0', ErrorCode.withdrawStateChanged]);
    expect(replies.find((r) => r.code === '0')?.data.state).toBe('cancelled');
    expect(await balanceOf(db(), aliceId, 'BTC')).toEqual(before);
    expect((await alice.call(cancelWithdraw, { id: w.id })).code).toBe(ErrorCode.withdrawStateChanged);
    await expect(admin('withdraw', 'reject', String(w.id), '--reason', 'late')).rejects.toThrow(/is not review/);
    await expect(admin('withdraw', 'approve', String(w.id))).rejects.toThrow(/is not review/);
    expect(await balanceOf(db(), aliceId, 'BTC')).toEqual(before);
    const releases = await db()
      .selectFrom('ledger_entries')
      .select('id')
      .where('cause_id', '=', `withdraw:${w.id}:release`)
      .execute();
    expect(releases).toHaveLength(2);
    await expectInvariants();
  });

  it('returns the funds of a rejected withdrawal exactly once, and the trader cannot cancel it after', async () => {
    server.clock.advance(24 * 60 * 60_000); // a fresh daily limit
    const before = await balanceOf(db(), aliceId, 'BTC');
    const w = await withdrawConfirmed('1.5');
    expect(await admin('withdraw', 'approve', String(w.id))).toMatch(/approved$/);
    await expect(admin('withdraw', 'reject', String(w.id))).rejects.toThrow(/--reason is required/);
    expect(await admin('withdraw', 'reject', String(w.id), '--reason', 'address on a sanctions list')).toMatch(
      /rejected$/,
    );
    expect(await balanceOf(db(), aliceId, 'BTC')).toEqual(before);
    expect((await alice.call(cancelWithdraw, { id: w.id })).code).toBe(ErrorCode.withdrawStateChanged);
    await expect(admin('withdraw', 'reject', String(w.id), '--reason', 'again')).rejects.toThrow(/is not/);
    await expect(admin('withdraw', 'sent', String(w.id), 'tx0000000000')).rejects.toThrow(/is not approved/);
    expect(await balanceOf(db(), aliceId, 'BTC')).toEqual(before);
    const listed = (await alice.call(withdrawList, {})).data.list.find((r) => r.id === w.id);
    expect(listed).toMatchObject({ state: 'rejected', reason: 'address on a sanctions list' });
    const [told] = await db()
      .selectFrom('messages')
      .select(['title', 'content'])
      .where('user_id', '=', aliceId)
      .orderBy('id', 'desc')
      .limit(1)
      .execute();
    expect(told?.title).toBe('Withdrawal rejected');
    expect(told?.content).toContain('address on a sanctions list. 1.5005 BTC is back in your balance.');
    await expectInvariants();
  });

  it('cancels an unconfirmed withdrawal when its confirmation expires or is guessed at', async () => {
    const before = await balanceOf(db(), aliceId, 'BTC');
    const first = await alice.call(doWithdraw, {
      symbol: 'BTC',
      chain: 'BTC',
      address: GOOD_BTC,
      amount: '0.01',
      googleCode: await googleCode(),
    });
    server.clock.advance(31 * 60_000);
    const late = await alice.call(withdrawConfirm, {
      id: first.data.id,
      code: await confirmationCode('alice@example.com'),
    });
    expect(late.code).toBe(ErrorCode.withdrawConfirmExpired);
    expect((await alice.call(withdrawList, {})).data.list[0]).toMatchObject({ id: first.data.id, state: 'cancelled' });

    const second = await alice.call(doWithdraw, {
      symbol: 'BTC',
      chain: 'BTC',
      address: GOOD_BTC,
      amount: '0.01',
      googleCode: await googleCode(),
    });
    for (let i = 0; i < 5; i++) {
      const guess = await alice.call(withdrawConfirm, { id: second.data.id, code: String(100000 + i) });
      expect(guess.code).toBe(ErrorCode.withdrawConfirmInvalid);
    }
    const real = await alice.call(withdrawConfirm, {
      id: second.data.id,
      code: await confirmationCode('alice@example.com'),
    });
    expect(real.code).toBe(ErrorCode.withdrawStateChanged);
    expect(await balanceOf(db(), aliceId, 'BTC')).toEqual(before);
    await expectInvariants();
  });

  it('raises the daily limit once identity is verified', async () => {
    server.clock.advance(24 * 60 * 60_000);
    await admin('kyc', 'approve', String(await submitIdentity(server, aliceId)));
    const cost = await alice.call(getCost, { symbol: 'BTC' });
    expect(cost.data.verified).toBe(1);
    expect(cost.data.chains[0]?.dailyLimit).toBe('100');
    const w = await withdrawConfirmed('2.5');
    expect(w.state).toBe('review');
    await expectInvariants();
  });

  it('settles at start a request interrupted between its lock and its confirmation', async () => {
    const before = await balanceOf(db(), bobId, 'BTC');
    const now = server.clock.now();
    const row = await db()
      .insertInto('withdrawals')
      .values({
        ...{ user_id: bobId, coin: 'BTC', chain: 'BTC', address: GOOD_BTC, amount: '0.3', fee: '0.0005' },
        ...{ state: 'locking', txid: '', reason: '', confirm_code_hash: '', confirm_token_hash: '' },
        ...{ confirm_expires_at: now, confirm_attempts: 0, needs_review: 0, reviewed_by: '' },
        ...{ created_at: now, updated_at: now },
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    const locked = await server.services.core.postMovement(withdrawalMovement(row, 'lock'));
    expect(locked.ok).toBe(true);
    const unlocked = { ...row, id: row.id + 1000 };
    await db().insertInto('withdrawals').values(unlocked).execute();
    expect(await balanceOf(db(), bobId, 'BTC')).toEqual({ available: '0.6995', locked: '0.3005' });

    await recoverInterruptedRequests(createAccountChecks(server.services));
    expect(await balanceOf(db(), bobId, 'BTC')).toEqual(before);
    const rows = await db().selectFrom('withdrawals').select(['id', 'state']).where('user_id', '=', bobId).execute();
    expect(rows).toEqual([{ id: row.id, state: 'cancelled' }]);
    await expectInvariants();
  });

  it('sends an approved withdrawal on the simulated chain once, and completes it after the confirmations', async () => {
    const before = await balanceOf(db(), aliceId, 'ETH');
    const requested = await alice.call(doWithdraw, {
      symbol: 'ETH',
      chain: 'ETH',
      address: GOOD_ETH,
      amount: '0.5',
      googleCode: await googleCode(),
    });
    expect(requested.code).toBe('0');
    const code = await confirmationCode('alice@example.com');
    expect((await alice.call(withdrawConfirm, { id: requested.data.id, code })).data.state).toBe('review');
    await payOutOnSimulatedChains(server.services);
    expect((await alice.call(withdrawList, { coinSymbol: 'ETH' })).data.list[0]?.state).toBe('review');
    await admin('withdraw', 'approve', String(requested.data.id));

    await Promise.all([payOutOnSimulatedChains(server.services), payOutOnSimulatedChains(server.services)]);
    const [sent] = (await alice.call(withdrawList, { coinSymbol: 'ETH' })).data.list;
    expect(sent).toMatchObject({ id: requested.data.id, state: 'sent' });
    const onChain = await db().selectFrom('sim_chain_txs').selectAll().where('chain', '=', 'ETH').execute();
    expect(onChain).toHaveLength(1);
    expect(onChain[0]).toMatchObject({ txid: sent?.txid, address: GOOD_ETH, amount: '0.5', coin: 'ETH' });
    expect(await balanceOf(db(), aliceId, 'ETH')).toEqual({
      available: new Big(before.available).minus('0.502').toFixed(),
      locked: '0',
    });

    const chain = new SimulatedChain(db(), server.clock, 'ETH');
    await chain.mine(1);
    await payOutOnSimulatedChains(server.services);
    expect((await alice.call(withdrawList, { coinSymbol: 'ETH' })).data.list[0]?.state).toBe('sent');
    await chain.mine(1);
    await payOutOnSimulatedChains(server.services);
    expect((await alice.call(withdrawList, { coinSymbol: 'ETH' })).data.list[0]?.state).toBe('completed');
    await expectInvariants();
  });
});

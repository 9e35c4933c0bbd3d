// Over 400 lines: the whole deposit life (addresses, confirmations, credits, limits) against one fake chain node.
import { depositCoins, depositList, getChargeAddress } from '@opex/contract/calls/deposit';
import { ErrorCode } from '@opex/contract/error-codes';
import Big from 'big.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdmin } from '../src/admin/commands.ts';
import { buildApp } from '../src/app.ts';
import { deriveDepositAddress } from '../src/chains/deposit-addresses.ts';
import { createServices } from '../src/services.ts';
import { adminContext, BTC_XPUB, configureSimulatedChains, ETH_XPUB, ledgerProblems } from './deposit-fixtures.ts';
import { startTestServer, type TestClient, type TestServer, testDialects } from './harness.ts';
import { balanceOf, loginAs } from './trading-fixtures.ts';

describe.each(testDialects)('deposits on %s', (dialect) => {
  let server: TestServer;
  let alice: TestClient;
  let bob: TestClient;
  const ALICE = 101;
  const BOB = 102;
  const admin = (...argv: string[]) => runAdmin(argv, adminContext(server));
  const poll = () => server.services.deposits.pollOnce();
  const db = () => server.services.database.db;
  const addressOf = async (client: TestClient, symbol: string, chain?: string) => {
    const reply = await client.call(getChargeAddress, { symbol, ...(chain ? { chain } : {}) });
    expect(reply.code).toBe('0');
    return reply.data;
  };
  const depositByTxid = (txid: string) =>
    db().selectFrom('deposits').selectAll().where('txid', '=', txid).executeTakeFirstOrThrow();
  const depositCredits = async (txid: string) => {
    const deposit = await depositByTxid(txid);
    return db()
      .selectFrom('ledger_entries')
      .selectAll()
      .where('cause', '=', 'deposit')
      .where('cause_id', '=', `deposit:${deposit.id}`)
      .where('owner_id', '!=', 0)
      .execute();
  };

  beforeAll(async () => {
    server = await startTestServer(dialect);
    await configureSimulatedChains(server);
    alice = await loginAs(server, ALICE);
    bob = await loginAs(server, BOB);
  });
  afterAll(async () => {
    expect(await ledgerProblems(server)).toEqual([]);
    await server.close();
  });

  it('lists the coins that take deposits with their chains, minimums and confirmations', async () => {
    const reply = await alice.call(depositCoins, {});
    expect(reply.code).toBe('0');
    const usdt = reply.data.coins.find((c) => c.symbol === 'USDT');
    expect(usdt?.chains).toEqual([{ chain: 'ETH', name: 'Ethereum', minDeposit: '1', confirmations: 3, needMemo: 0 }]);
    expect(reply.data.coins.map((c) => c.symbol).sort()).toEqual(['BTC', 'ETH', 'TAG', 'USDT']);
  });

  it('derives one address per user, coin and chain from the xpub, kept across restarts', async () => {
    const btc = await addressOf(alice, 'BTC');
    expect(btc).toMatchObject({
      state: 'ready',
      chain: 'BTC',
      memo: '',
      needMemo: 0,
      minDeposit: '0.001',
      confirmations: 2,
    });
    expect(btc.address).toMatch(/^bcrt1q[02-9ac-hj-np-z]{38}$/);
    const chain = await server.services.database.db
      .selectFrom('chains')
      .selectAll()
      .where('chain', '=', 'BTC')
      .executeTakeFirstOrThrow();
    const coinChain = {
      coin: 'BTC',
      chain: 'BTC',
      min_deposit: '0.001',
      need_memo: 0,
      contract: '',
      decimals: 8,
      sort: 0,
      updated_at: 0,
    };
    expect(btc.address).toBe(deriveDepositAddress(chain, coinChain, ALICE).address);
    expect(chain.xpub).toBe(BTC_XPUB);
    expect((await addressOf(alice, 'BTC')).address).toBe(btc.address);
    expect((await addressOf(bob, 'BTC')).address).not.toBe(btc.address);

    // An ERC-20 token shares the user's chain address; EIP-55 mixed case.
    const eth = await addressOf(alice, 'ETH', 'ETH');
    expect(eth.address).toMatch(/^0x[0-9a-fA-F]{40}$/);
    expect(eth.address).not.toBe(eth.address.toLowerCase());
    expect((await addressOf(alice, 'USDT')).address).toBe(eth.address);

    // A second server process on the same database gives the same addresses.
    const services = await createServices(server.services.config, server.services.database, { clock: server.clock });
    const app = await buildApp(services, { logger: false });
    try {
      const again = await app.inject({
        method: 'POST',
        url: '/fe-ex-api/finance/get_charge_address',
        payload: { symbol: 'BTC' },
        headers: {
          cookie: [...alice.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
          'x-xsrf-token': alice.cookies.get('XSRF-TOKEN') ?? '',
        },
      });
      expect(again.json().data.address).toBe(btc.address);
    } finally {
      await app.close();
    }
    const rows = await db()
      .selectFrom('deposit_addresses')
      .selectAll()
      .where('user_id', '=', ALICE)
      .where('coin', '=', 'BTC')
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('gives a shared address and a per-user memo where the chain needs one', async () => {
    const a = await addressOf(alice, 'TAG');
    const b = await addressOf(bob, 'TAG');
    expect(a).toMatchObject({ state: 'ready', needMemo: 1, memo: String(ALICE) });
    expect(b).toMatchObject({ address: a.address, memo: String(BOB) });

    await admin('chain', 'send', 'TAG', 'TAGGED', a.address, '5', '--memo', String(BOB), '--txid', 'tag1');
    await admin('chain', 'mine', 'TAGGED');
    await poll();
    expect(await depositByTxid('tag1')).toMatchObject({ user_id: BOB, state: 'credited', credited_amount: '5' });
    expect((await balanceOf(db(), BOB, 'TAG')).available).toBe('5');
    expect((await balanceOf(db(), ALICE, 'TAG')).available).toBe('0');

    // A memo that is no one's is kept for the operator and never credited.
    await admin('chain', 'send', 'TAG', 'TAGGED', a.address, '7', '--memo', '999999', '--txid', 'tag2');
    await admin('chain', 'mine', 'TAGGED', '3');
    await poll();
    expect(await depositByTxid('tag2')).toMatchObject({ user_id: null, state: 'unmatched', credited_amount: '0' });
  });

  it('shows a failed generation plainly and recovers when the operator sets the key', async () => {
    await admin(
      'chain',
      'set',
      'NOKEY',
      '--name',
      'No key',
      '--kind',
      'bitcoin',
      '--network',
      'bitcoin',
      '--confirmations',
      '1',
    );
    await admin('chain', 'coin', 'BTC', 'NOKEY', '--min', '0.001', '--decimals', '8');
    const failed = await addressOf(alice, 'BTC', 'NOKEY');
    expect(failed).toMatchObject({ state: 'failed', address: '', error: 'no_xpub' });
    await expect(
      admin(
        'chain',
        'set',
        'NOKEY',
        '--xpub',
        'xprv9s21ZrQH143K3QTDL4LXw2F7HEK3wJUD2nW2nRk4stbPy6cq3jPPqjiChkVvvNKmPGJxWUtg6LnF5kejMRNNU3TGtRBeJgk33yuGBxrMPHi',
      ),
    ).rejects.toThrow(/PRIVATE key/);
    await admin('chain', 'set', 'NOKEY', '--xpub', BTC_XPUB);
    const fixed = await addressOf(alice, 'BTC', 'NOKEY');
    expect(fixed.state).toBe('ready');
    expect(fixed.address).toMatch(/^bc1q/);

    // A new key: the address issued under the old one is forgotten and made again from the new key.
    expect(await admin('chain', 'set', 'NOKEY', '--xpub', ETH_XPUB)).toMatch(/1 issued addresses forgotten/);
    const rekeyed = await addressOf(alice, 'BTC', 'NOKEY');
    expect(rekeyed.address).toMatch(/^bc1q/);
    expect(rekeyed.address).not.toBe(fixed.address);
  });

  it('refuses the address while the coin is closed for deposits, and an unknown chain', async () => {
    await db().updateTable('coins').set({ deposit_open: 0 }).where('symbol', '=', 'ETH').execute();
    const closed = await alice.call(getChargeAddress, { symbol: 'ETH', chain: 'ETH' });
    expect(closed.code).toBe(ErrorCode.depositClosed);
    await db().updateTable('coins').set({ deposit_open: 1 }).where('symbol', '=', 'ETH').execute();
    expect((await alice.call(getChargeAddress, { symbol: 'ETH', chain: 'BTC' })).code).toBe(
      ErrorCode.depositChainUnknown,
    );
    expect((await alice.call(getChargeAddress, { symbol: 'NOPE' })).code).toBe(ErrorCode.coinNotFound);
    expect((await alice.call(getChargeAddress, { symbol: 'BTC!' })).code).toBe(ErrorCode.badRequest);
  });

  it('refuses bad operator input with a clear message and changes nothing', async () => {
    const tables = ['chains', 'coin_chains', 'sim_chain_txs', 'sim_chain_heights', 'audit_log'] as const;
    const snapshot = () => Promise.all(tables.map((t) => db().selectFrom(t).selectAll().execute()));
    const before = await snapshot();
    const { address } = await addressOf(alice, 'BTC');
    const tagAddress = (await addressOf(alice, 'TAG')).address;
    const refusals: [string[], RegExp][] = [
      [['chain', 'set', 'X1', '--kind', 'solana', '--network', 'x', '--confirmations', '1'], /--kind must be one of/],
      [['chain', 'set', 'X1', '--kind', 'bitcoin', '--network', 'dogecoin', '--confirmations', '1'], /--network/],
      [
        ['chain', 'set', 'X1', '--kind', 'evm', '--network', 'm', '--confirmations', '1', '--watcher', 'evm-rpc'],
        /--rpc-url/,
      ],
      [['chain', 'set', 'X1', '--kind', 'evm', '--network', 'm', '--confirmations', '0'], /--confirmations/],
      [
        ['chain', 'set', 'X1', '--kind', 'evm', '--network', 'm', '--confirmations', '1', '--xpub', 'xpub1'],
        /not a valid extended public key/,
      ],
      [['chain', 'coin', 'DOGE', 'BTC', '--min', '1', '--decimals', '8'], /not listed/],
      [['chain', 'coin', 'BTC', 'NOPE', '--min', '1', '--decimals', '8'], /not configured/],
      [
        [
          'chain',
          'coin',
          'USDT',
          'BTC',
          '--min',
          '1',
          '--decimals',
          '6',
          '--contract',
          '0xdac17f958d2ee523a2206206994597c13d831ec7',
        ],
        /evm chain/,
      ],
      [
        ['chain', 'send', 'BTC', 'BTC', `${address.slice(0, -1)}${address.endsWith('q') ? 'p' : 'q'}`, '1'],
        /not a BTC address/,
      ],
      [['chain', 'send', 'BTC', 'BTC', address, '0.000000001'], /more than 8 decimals/],
      [['chain', 'send', 'BTC', 'BTC', address, '0'], /must be positive/],
      [['chain', 'send', 'ETH', 'BTC', address, '1'], /not carried by chain BTC/],
      [['chain', 'send', 'TAG', 'TAGGED', tagAddress, '1', '--txid', 'tag1'], /already on chain TAGGED/],
      [['chain', 'mine', 'BTC', '0'], /--blocks/],
      [['chain', 'reorg', 'BTC', 'no-such-tx'], /no transaction/],
    ];
    for (const [argv, message] of refusals) await expect(admin(...argv), argv.join(' ')).rejects.toThrow(message);
    expect(await snapshot()).toEqual(before);
  });

  it('credits a deposit exactly once, after the required confirmations', async () => {
    const { address } = await addressOf(alice, 'BTC');
    const before = (await balanceOf(db(), ALICE, 'BTC')).available;
    await admin('chain', 'send', 'BTC', 'BTC', address, '0.5', '--txid', 'd1');
    await poll();
    expect(await depositByTxid('d1')).toMatchObject({
      state: 'pending',
      confirmations: 0,
      required_confirmations: 2,
      user_id: ALICE,
    });

    await admin('chain', 'mine', 'BTC');
    await poll();
    expect(await depositByTxid('d1')).toMatchObject({ state: 'confirming', confirmations: 1 });
    expect((await balanceOf(db(), ALICE, 'BTC')).available).toBe(before);

    await admin('chain', 'mine', 'BTC');
    await poll();
    expect(await depositByTxid('d1')).toMatchObject({ state: 'credited', confirmations: 2, credited_amount: '0.5' });
    expect((await balanceOf(db(), ALICE, 'BTC')).available).toBe('0.5');

    // More blocks, more polls, and a replay of every notice from the start: still one credit.
    await admin('chain', 'mine', 'BTC', '3');
    await poll();
    await db().updateTable('chains').set({ scan_cursor: '' }).where('chain', '=', 'BTC').execute();
    await poll();
    // And the notice handed to the processor again directly, as a buggy or replaying watcher would.
    const chain = await db().selectFrom('chains').selectAll().where('chain', '=', 'BTC').executeTakeFirstOrThrow();
    const coins = await db().selectFrom('coin_chains').selectAll().where('chain', '=', 'BTC').execute();
    const notice = { txid: 'd1', outputIndex: 0, coin: 'BTC', address, memo: '', amount: '0.5', blockHeight: 1 };
    await server.services.deposits.processor.observe(chain, { chain, coins, addresses: new Set() }, notice, 10);
    await server.services.deposits.processor.creditDue('BTC');
    expect(await depositCredits('d1')).toHaveLength(1);
    expect((await balanceOf(db(), ALICE, 'BTC')).available).toBe('0.5');
    expect(await db().selectFrom('deposits').select('state').where('txid', '=', 'd1').execute()).toEqual([
      { state: 'credited' },
    ]);

    const list = await alice.call(depositList, { symbol: 'BTC' });
    expect(list.data.financeList.find((d) => d.txid === 'd1')).toMatchObject({
      status: 'credited',
      amount: '0.5',
      creditedAmount: '0.5',
      confirmations: 2,
      requiredConfirmations: 2,
    });
    expect((await bob.call(depositList, {})).data.financeList.some((d) => d.txid === 'd1')).toBe(false);
    expect(await ledgerProblems(server)).toEqual([]);
  });

  it('never credits a transaction that a re-org dropped, and credits once if it comes back', async () => {
    const { address } = await addressOf(bob, 'BTC');
    await admin('chain', 'send', 'BTC', 'BTC', address, '0.3', '--txid', 'r1');
    await admin('chain', 'mine', 'BTC');
    await poll();
    expect(await depositByTxid('r1')).toMatchObject({ state: 'confirming', confirmations: 1 });

    await admin('chain', 'reorg', 'BTC', 'r1');
    await admin('chain', 'mine', 'BTC', '5');
    await poll();
    expect(await depositByTxid('r1')).toMatchObject({ state: 'orphaned', confirmations: 0 });
    expect(await depositCredits('r1')).toHaveLength(0);
    expect((await balanceOf(db(), BOB, 'BTC')).available).toBe('0');

    // The same transaction mined again later: one deposit, one credit.
    await admin('chain', 'send', 'BTC', 'BTC', address, '0.3', '--txid', 'r1');
    await poll();
    expect(await depositByTxid('r1')).toMatchObject({ state: 'pending' });
    await admin('chain', 'mine', 'BTC', '2');
    await poll();
    await poll();
    expect(await depositByTxid('r1')).toMatchObject({ state: 'credited' });
    expect(await depositCredits('r1')).toHaveLength(1);
    expect((await balanceOf(db(), BOB, 'BTC')).available).toBe('0.3');
  });

  it('keeps a credit final when a re-org deeper than the confirmations drops it, and never credits it twice', async () => {
    const CAROL = 103;
    const carol = await loginAs(server, CAROL);
    const { address } = await addressOf(carol, 'BTC');
    const before = (await balanceOf(db(), CAROL, 'BTC')).available;
    await admin('chain', 'send', 'BTC', 'BTC', address, '0.2', '--txid', 'deep1');
    await admin('chain', 'mine', 'BTC', '2');
    await poll();
    expect(await depositByTxid('deep1')).toMatchObject({ state: 'credited', credited_amount: '0.2' });
    const credited = new Big(before).plus('0.2').toFixed();
    expect((await balanceOf(db(), CAROL, 'BTC')).available).toBe(credited);

    // Decided behaviour: a credited deposit is final (README, Deposits). The re-org takes nothing back...
    await admin('chain', 'reorg', 'BTC', 'deep1');
    await admin('chain', 'mine', 'BTC', '3');
    await poll();
    expect(await depositByTxid('deep1')).toMatchObject({ state: 'credited' });
    expect((await balanceOf(db(), CAROL, 'BTC')).available).toBe(credited);
    // ...and the same transaction mined again is the same deposit, not a second credit.
    await admin('chain', 'send', 'BTC', 'BTC', address, '0.2', '--txid', 'deep1');
    await admin('chain', 'mine', 'BTC', '2');
    await poll();
    await poll();
    expect(await depositCredits('deep1')).toHaveLength(1);
    expect((await balanceOf(db(), CAROL, 'BTC')).available).toBe(credited);
    expect(await ledgerProblems(server)).toEqual([]);
  });

  it('records a deposit below the minimum and never credits it', async () => {
    const { address } = await addressOf(bob, 'BTC');
    await admin('chain', 'send', 'BTC', 'BTC', address, '0.0009', '--txid', 'small');
    await admin('chain', 'mine', 'BTC', '4');
    await poll();
    await poll();
    expect(await depositByTxid('small')).toMatchObject({ state: 'below_minimum', credited_amount: '0' });
    expect(await depositCredits('small')).toHaveLength(0);
    expect((await balanceOf(db(), BOB, 'BTC')).available).toBe('0.3');
    const list = await bob.call(depositList, { symbol: 'BTC', page: 1, pageSize: 10 });
    expect(list.data.financeList.map((d) => [d.txid, d.status])).toEqual([
      ['small', 'below_minimum'],
      ['r1', 'credited'],
    ]);
  });

  it('credits tokens and native coins on the shared EVM address at the coin precision', async () => {
    const { address } = await addressOf(bob, 'ETH', 'ETH');
    await admin('chain', 'send', 'USDT', 'ETH', address.toLowerCase(), '250.5', '--txid', 'u1');
    await admin('chain', 'send', 'ETH', 'ETH', address, '0.123456789123456789', '--txid', 'e1');
    await admin('chain', 'mine', 'ETH', '3');
    await poll();
    expect(await depositByTxid('u1')).toMatchObject({
      coin: 'USDT',
      user_id: BOB,
      state: 'credited',
      credited_amount: '250.5',
    });
    expect(await depositByTxid('e1')).toMatchObject({ amount: '0.123456789123456789', credited_amount: '0.12345678' });
    expect((await balanceOf(db(), BOB, 'ETH')).available).toBe('0.12345678');
    expect((await balanceOf(db(), BOB, 'USDT')).available).toBe('250.5');
  });

  it('holds a due deposit while its coin is closed and credits it when reopened', async () => {
    const { address } = await addressOf(alice, 'ETH', 'ETH');
    await db().updateTable('coins').set({ deposit_open: 0 }).where('symbol', '=', 'ETH').execute();
    await admin('chain', 'send', 'ETH', 'ETH', address, '1', '--txid', 'held');
    await admin('chain', 'mine', 'ETH', '3');
    await poll();
    expect(await depositByTxid('held')).toMatchObject({ state: 'confirming', confirmations: 3 });
    await db().updateTable('coins').set({ deposit_open: 1 }).where('symbol', '=', 'ETH').execute();
    await poll();
    expect(await depositByTxid('held')).toMatchObject({ state: 'credited' });
    expect(await depositCredits('held')).toHaveLength(1);
  });

  it('settles a credit interrupted by a crash from the ledger, never twice', async () => {
    const { address } = await addressOf(alice, 'BTC');
    await admin('chain', 'send', 'BTC', 'BTC', address, '0.25', '--txid', 'c1');
    await admin('chain', 'mine', 'BTC', '2');
    await poll();
    const before = (await balanceOf(db(), ALICE, 'BTC')).available;
    // c1: the crash hit after the core committed the credit, before the deposit was marked credited.
    const c1 = await depositByTxid('c1');
    await db()
      .updateTable('deposits')
      .set({ state: 'crediting', credited_amount: '0' })
      .where('id', '=', c1.id)
      .execute();
    // c2: the crash hit after the claim, before the core wrote anything.
    const now = server.clock.now();
    await db()
      .insertInto('deposits')
      .values({
        chain: 'BTC',
        txid: 'c2',
        output_index: 0,
        coin: 'BTC',
        user_id: ALICE,
        address,
        memo: '',
        amount: '0.75',
        credited_amount: '0',
        block_height: 1,
        confirmations: 2,
        required_confirmations: 2,
        state: 'crediting',
        created_at: now,
        updated_at: now,
        credited_at: null,
      })
      .execute();
    await server.services.deposits.processor.recover();
    expect(await depositByTxid('c1')).toMatchObject({ state: 'credited', credited_amount: '0.25' });
    expect(await depositByTxid('c2')).toMatchObject({ state: 'confirming' });
    await server.services.deposits.processor.creditDue('BTC');
    expect(await depositByTxid('c2')).toMatchObject({ state: 'credited', credited_amount: '0.75' });
    expect(await depositCredits('c1')).toHaveLength(1);
    expect(await depositCredits('c2')).toHaveLength(1);
    expect((await balanceOf(db(), ALICE, 'BTC')).available).toBe(new Big(before).plus('0.75').toFixed());
  });
});

describe.each(testDialects)('the deposit watcher in the server process on %s', (dialect) => {
  it('polls on its own, credits, and stops when the server closes', async () => {
    const server = await startTestServer(dialect, { env: { CHAIN_POLL_MS: '20' } });
    try {
      await configureSimulatedChains(server);
      const client = await loginAs(server, 7);
      const { data } = await client.call(getChargeAddress, { symbol: 'BTC' });
      await runAdmin(['chain', 'send', 'BTC', 'BTC', data.address, '1.5'], adminContext(server));
      await runAdmin(['chain', 'mine', 'BTC', '2'], adminContext(server));
      await expect
        .poll(async () => (await balanceOf(server.services.database.db, 7, 'BTC')).available, { timeout: 5000 })
        .toBe('1.5');
      expect(await ledgerProblems(server)).toEqual([]);
    } finally {
      await server.close();
    }
  });
});

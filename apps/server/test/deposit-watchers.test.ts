import { getChargeAddress } from '@opex/contract/calls/deposit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdmin } from '../src/admin/commands.ts';
import {
  adminContext,
  BTC_XPUB,
  ETH_XPUB,
  ledgerProblems,
  listDepositCoins,
  USDT_CONTRACT,
} from './deposit-fixtures.ts';
import { type FakeNode, RpcFailure, startFakeNode } from './fake-chain-node.ts';
import { startTestServer, type TestServer, testDialects } from './harness.ts';
import { balanceOf, loginAs } from './trading-fixtures.ts';

/** The bitcoind and Ethereum adapters against local servers answering their JSON-RPC methods. */
describe.each(testDialects)('chain node adapters on %s', (dialect) => {
  let server: TestServer;
  const ALICE = 201;
  const admin = (...argv: string[]) => runAdmin(argv, adminContext(server));
  const poll = () => server.services.deposits.pollOnce();
  const db = () => server.services.database.db;
  const deposit = (txid: string) =>
    db().selectFrom('deposits').selectAll().where('txid', '=', txid).executeTakeFirstOrThrow();
  const addressOf = async (symbol: string, chain: string) => {
    const client = await loginAs(server, ALICE);
    return (await client.call(getChargeAddress, { symbol, chain })).data.address;
  };

  beforeAll(async () => {
    server = await startTestServer(dialect);
    await admin('switch', 'set', 'is_deposit_open', '1');
    await listDepositCoins(server);
  });
  afterAll(async () => {
    expect(await ledgerProblems(server)).toEqual([]);
    await server.close();
  });

  describe('bitcoind', () => {
    let node: FakeNode;
    let height = 100;
    /** The watch-only wallet: what listsinceblock and gettransaction report. */
    const wallet: {
      txid: string;
      vout: number;
      address: string;
      amount: string;
      category: string;
      height: number | null;
      conflicted?: boolean;
    }[] = [];
    const confirmationsOf = (h: number | null, conflicted?: boolean) =>
      conflicted ? -1 : h === null ? 0 : height - h + 1;

    beforeAll(async () => {
      node = await startFakeNode((method, params) => {
        if (method === 'getblockcount') return height;
        if (method === 'listsinceblock') {
          const txs = wallet.map((t) => ({
            address: t.address,
            category: t.category,
            amount: `@${t.amount}@`,
            label: '',
            vout: t.vout,
            confirmations: confirmationsOf(t.height, t.conflicted),
            ...(t.height === null ? {} : { blockhash: `00${t.height}`, blockheight: t.height, blockindex: 1 }),
            txid: t.txid,
            time: 1767225600,
            timereceived: 1767225600,
            'bip125-replaceable': 'no',
          }));
          // Amounts as bitcoind writes them: bare JSON numbers (70116226.73983813 has no exact double).
          const text = JSON.stringify({ transactions: txs, removed: [], lastblock: `00${height}` });
          return { raw: text.replace(/"@(-?[\d.]+)@"/g, '$1') };
        }
        if (method === 'gettransaction') {
          const t = wallet.find((w) => w.txid === params[0]);
          if (!t) throw new RpcFailure(-5, 'Invalid or non-wallet transaction id');
          return {
            amount: Number(t.amount),
            confirmations: confirmationsOf(t.height, t.conflicted),
            ...(t.height === null ? {} : { blockhash: `00${t.height}`, blockheight: t.height }),
            txid: t.txid,
            details: [{ address: t.address, category: t.category, amount: Number(t.amount), vout: t.vout }],
          };
        }
        throw new RpcFailure(-32601, 'Method not found');
      }, 'rpcuser:s3cret');
    });
    afterAll(() => node.close());

    it('finds receipts with exact amounts, follows confirmations and credits once', async () => {
      await admin(
        'chain',
        'set',
        'BTCN',
        '--name',
        'Bitcoin node',
        '--kind',
        'bitcoin',
        '--network',
        'bitcoin-regtest',
        '--confirmations',
        '3',
        '--watcher',
        'bitcoind',
        '--rpc-url',
        node.url,
        '--xpub',
        BTC_XPUB,
      );
      await admin('chain', 'coin', 'BTC', 'BTCN', '--min', '0.001', '--decimals', '8');
      const address = await addressOf('BTC', 'BTCN');
      wallet.push(
        { txid: 'b1', vout: 1, address, amount: '70116226.73983813', category: 'receive', height: null },
        {
          txid: 'b0',
          vout: 0,
          address: 'bcrt1qsomeoneelsexxxxxxxxxxxxxxxxxxxxxxxxxxx',
          amount: '3',
          category: 'receive',
          height: null,
        },
        { txid: 'b9', vout: 0, address, amount: '-0.2', category: 'send', height: null },
      );
      await poll();
      expect(node.requests[0]?.authorization).toBe(`Basic ${Buffer.from('rpcuser:s3cret').toString('base64')}`);
      expect(await deposit('b1')).toMatchObject({
        state: 'pending',
        amount: '70116226.73983813',
        output_index: 1,
        user_id: ALICE,
      });
      expect(await db().selectFrom('deposits').select('txid').where('chain', '=', 'BTCN').execute()).toEqual([
        { txid: 'b1' },
      ]);

      (wallet[0] as { height: number | null }).height = 101;
      height = 101;
      await poll();
      expect(await deposit('b1')).toMatchObject({ state: 'confirming', confirmations: 1, block_height: 101 });
      // listsinceblock was asked from the block it returned last time.
      expect(node.requests.filter((r) => r.method === 'listsinceblock').at(-1)?.params[0]).toBe('00100');

      height = 103;
      await poll();
      await poll();
      expect(await deposit('b1')).toMatchObject({
        state: 'credited',
        confirmations: 3,
        credited_amount: '70116226.73983813',
      });
      expect((await balanceOf(db(), ALICE, 'BTC')).available).toBe('70116226.73983813');
    });

    it('orphans a receipt the node no longer knows or reports conflicted', async () => {
      const address = await addressOf('BTC', 'BTCN');
      wallet.push(
        { txid: 'b2', vout: 0, address, amount: '0.5', category: 'receive', height: 104 },
        { txid: 'b3', vout: 0, address, amount: '0.7', category: 'receive', height: 104 },
      );
      height = 104;
      await poll();
      expect(await deposit('b2')).toMatchObject({ state: 'confirming', confirmations: 1 });
      wallet.splice(
        wallet.findIndex((w) => w.txid === 'b2'),
        1,
      );
      (wallet.find((w) => w.txid === 'b3') as { conflicted?: boolean }).conflicted = true;
      height = 110;
      await poll();
      expect(await deposit('b2')).toMatchObject({ state: 'orphaned' });
      expect(await deposit('b3')).toMatchObject({ state: 'orphaned' });
      expect((await balanceOf(db(), ALICE, 'BTC')).available).toBe('70116226.73983813');
    });

    it("keeps a failing node's error for the operator", async () => {
      await node.close();
      await poll();
      const chain = await db().selectFrom('chains').selectAll().where('chain', '=', 'BTCN').executeTakeFirstOrThrow();
      expect(chain.scan_error).not.toBe('');
      expect(await admin('chain', 'list')).toMatch(/BTCN.*ERROR/);
      // Back to a chain that answers, so later rounds do not report the dead node again.
      await admin('chain', 'set', 'BTCN', '--watcher', 'simulated');
    });
  });

  describe('Ethereum JSON-RPC', () => {
    let node: FakeNode;
    let height = 100;
    const hex = (n: number | bigint) => `0x${n.toString(16)}`;
    const blocks = new Map<number, { hash: string; to: string; value: bigint }[]>();
    const receipts = new Map<
      string,
      { status: string; block: number; logs: { logIndex: number; topics: string[]; data: string; address: string }[] }
    >();
    const pending = new Set<string>();
    const TRANSFER = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';
    const topicOf = (address: string) => `0x${address.slice(2).toLowerCase().padStart(64, '0')}`;

    beforeAll(async () => {
      node = await startFakeNode((method, params) => {
        if (method === 'eth_blockNumber') return hex(height);
        if (method === 'eth_getBlockByNumber') {
          const n = Number(params[0]);
          if (n > height) return null;
          return {
            number: hex(n),
            hash: `0x${n.toString(16).padStart(64, '0')}`,
            transactions: (blocks.get(n) ?? []).map((t, i) => ({
              blockNumber: hex(n),
              from: '0x1111111111111111111111111111111111111111',
              hash: t.hash,
              input: '0x',
              to: t.to,
              transactionIndex: hex(i),
              value: hex(t.value),
            })),
          };
        }
        if (method === 'eth_getLogs') {
          const filter = params[0] as {
            fromBlock: string;
            toBlock: string;
            address: string[];
            topics: (string | string[] | null)[];
          };
          const wanted = filter.topics[2] as string[];
          return [...receipts.entries()].flatMap(([hash, r]) =>
            r.block >= Number(filter.fromBlock) && r.block <= Number(filter.toBlock) && r.block <= height
              ? r.logs
                  .filter(
                    (l) =>
                      filter.address.includes(l.address) &&
                      l.topics[0] === TRANSFER &&
                      wanted.includes(l.topics[2] as string),
                  )
                  .map((l) => ({
                    ...l,
                    logIndex: hex(l.logIndex),
                    blockNumber: hex(r.block),
                    transactionHash: hash,
                    removed: false,
                  }))
              : [],
          );
        }
        if (method === 'eth_getTransactionReceipt') {
          const r = receipts.get(params[0] as string);
          if (!r || r.block > height) return null;
          return {
            status: r.status,
            blockNumber: hex(r.block),
            transactionHash: params[0],
            logs: r.logs.map((l) => ({ ...l, logIndex: hex(l.logIndex) })),
          };
        }
        if (method === 'eth_getTransactionByHash')
          return pending.has(params[0] as string) ? { hash: params[0], blockNumber: null } : null;
        throw new RpcFailure(-32601, 'the method does not exist');
      });
      await admin(
        'chain',
        'set',
        'ETHN',
        '--name',
        'Ethereum node',
        '--kind',
        'evm',
        '--network',
        'mainnet',
        '--confirmations',
        '2',
        '--watcher',
        'evm-rpc',
        '--rpc-url',
        node.url,
        '--xpub',
        ETH_XPUB,
      );
      await admin('chain', 'coin', 'ETH', 'ETHN', '--min', '0.01', '--decimals', '18');
      await admin('chain', 'coin', 'USDT', 'ETHN', '--min', '1', '--decimals', '6', '--contract', USDT_CONTRACT);
    });
    afterAll(() => node.close());

    it('credits native transfers from blocks and ERC-20 Transfer logs after the confirmations', async () => {
      const address = await addressOf('ETH', 'ETHN');
      await poll(); // starts at the tip
      const to = address.toLowerCase();
      blocks.set(101, [
        { hash: '0xe1', to, value: 1_500_000_000_000_000_000n },
        { hash: '0xe2', to: '0x2222222222222222222222222222222222222222', value: 5n },
        { hash: '0xe3', to, value: 2_000_000_000_000_000_000n },
      ]);
      receipts.set('0xe1', { status: '0x1', block: 101, logs: [] });
      receipts.set('0xe3', { status: '0x0', block: 101, logs: [] }); // reverted: moved nothing
      receipts.set('0xt1', {
        status: '0x1',
        block: 101,
        logs: [
          {
            logIndex: 7,
            address: USDT_CONTRACT,
            topics: ['0x8c5be1e5ebec7d5bd14f71427d1e84f3dd0314c0f7b2291e5b200ac8c7c3b925'],
            data: hex(1n),
          },
          {
            logIndex: 8,
            address: USDT_CONTRACT,
            topics: [TRANSFER, topicOf('0x3333333333333333333333333333333333333333'), topicOf(address)],
            data: hex(250_500_000n),
          },
        ],
      });
      height = 101;
      await poll();
      expect(await deposit('0xe1')).toMatchObject({
        coin: 'ETH',
        state: 'confirming',
        confirmations: 1,
        amount: '1.5',
        output_index: 0,
        address,
      });
      expect(await deposit('0xt1')).toMatchObject({
        coin: 'USDT',
        state: 'confirming',
        amount: '250.5',
        output_index: 2,
      });
      expect(await deposit('0xe3')).toMatchObject({ state: 'orphaned' });

      height = 102;
      await poll();
      expect(await deposit('0xe1')).toMatchObject({ state: 'credited', credited_amount: '1.5' });
      expect(await deposit('0xt1')).toMatchObject({ state: 'credited', credited_amount: '250.5' });
      expect((await balanceOf(db(), ALICE, 'ETH')).available).toBe('1.5');
      expect((await balanceOf(db(), ALICE, 'USDT')).available).toBe('250.5');
      // Re-reading the recent blocks on every scan finds nothing new and credits nothing again.
      await poll();
      expect((await balanceOf(db(), ALICE, 'ETH')).available).toBe('1.5');
      const calls = node.requests
        .filter((r) => r.method === 'eth_getBlockByNumber')
        .map((r) => (r.params as [string, boolean])[1]);
      expect(calls.every((full) => full === true)).toBe(true);
    });

    it('orphans a transfer a re-org removed before it was credited', async () => {
      const address = await addressOf('ETH', 'ETHN');
      blocks.set(103, [{ hash: '0xe4', to: address.toLowerCase(), value: 3_000_000_000_000_000_000n }]);
      receipts.set('0xe4', { status: '0x1', block: 103, logs: [] });
      height = 103;
      await poll();
      expect(await deposit('0xe4')).toMatchObject({ state: 'confirming', confirmations: 1 });
      blocks.delete(103);
      receipts.delete('0xe4');
      height = 104;
      await poll();
      expect(await deposit('0xe4')).toMatchObject({ state: 'orphaned' });
      expect((await balanceOf(db(), ALICE, 'ETH')).available).toBe('1.5');
    });
  });
});

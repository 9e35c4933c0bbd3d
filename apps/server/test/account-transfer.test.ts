import { accountBalanceV5 } from '@opex/contract/calls/finance';
import {
  fiatBalance,
  financeAccountTypeBalance,
  financeOtcTransfer,
  otcAccountList,
} from '@opex/contract/calls/finance-transfer';
import { orderCreate, orderEntrustHistory, orderListAll } from '@opex/contract/calls/order';
import { recordOtherTransferList, recordOtherTransferScene } from '@opex/contract/calls/record-ledger';
import { ErrorCode } from '@opex/contract/error-codes';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TRANSFER_SWITCH } from '../src/modules/finance/account-transfer.ts';
import { startTestServer, type TestClient, type TestServer, testDialects } from './harness.ts';
import { balanceOf, fund, loginAs, seedMarket, tradingInvariants } from './trading-fixtures.ts';

describe.each(testDialects)('transfers between account types and the ledger history on %s', (dialect) => {
  let server: TestServer;
  let alice: TestClient;
  let bob: TestClient;
  const db = () => server.services.database.db;
  const ALICE = 201;
  const BOB = 202;
  const ledgerRows = async () => (await db().selectFrom('ledger_entries').select('id').execute()).length;

  beforeAll(async () => {
    server = await startTestServer(dialect);
    await seedMarket(db());
    await db()
      .insertInto('coins')
      .values(
        ['BTC', 'USDT'].map((symbol, i) => ({
          symbol,
          name: symbol,
          icon: '',
          sort: i + 1,
          show_precision: symbol === 'BTC' ? 8 : 4,
          scale: symbol === 'BTC' ? 8 : 6,
          is_fiat: 0,
          main_chain_type: '',
          deposit_open: 1,
          withdraw_open: 1,
          otc_open: 1,
          fiat_precision: '{}',
          introduction: '{}',
          created_at: 0,
          updated_at: 0,
        })),
      )
      .execute();
    await fund(server.services.core, ALICE, 'USDT', '1000.5');
    await fund(server.services.core, ALICE, 'BTC', '0.3');
    await fund(server.services.core, BOB, 'BTC', '2');
    alice = await loginAs(server, ALICE);
    bob = await loginAs(server, BOB);
    for (const name of [TRANSFER_SWITCH, 'lever_open', 'fiat_open'])
      await server.services.settings.setSwitch(name, '1');
  });
  afterEach(async () => expect(await tradingInvariants(db(), server.services.core)).toEqual([]));
  afterAll(() => server.close());

  it('moves exact amounts between account types, both ways, by name or by the original numbers', async () => {
    const out = await alice.call(financeOtcTransfer, {
      fromAccount: '1',
      toAccount: '2',
      amount: '0.1',
      coinSymbol: 'usdt',
    });
    expect(out).toMatchObject({
      code: '0',
      data: { amount: '0.1', coinSymbol: 'USDT', fromAccount: 'exchange', toAccount: 'otc' },
    });
    await alice.call(financeOtcTransfer, {
      fromAccount: 'exchange',
      toAccount: 'otc',
      amount: '0.2',
      coinSymbol: 'USDT',
    });
    // 0.1 + 0.2 is exactly 0.3 here (no binary floats anywhere on the path).
    expect(await balanceOf(db(), ALICE, 'USDT', 'otc')).toEqual({ available: '0.3', locked: '0' });
    expect(await balanceOf(db(), ALICE, 'USDT')).toEqual({ available: '1000.2', locked: '0' });

    const back = await alice.call(financeOtcTransfer, {
      fromAccount: 2,
      toAccount: 'co',
      amount: '0.000001',
      coinSymbol: 'USDT',
    });
    expect(back.code).toBe('0');
    expect(await balanceOf(db(), ALICE, 'USDT', 'co')).toEqual({ available: '0.000001', locked: '0' });
    expect(await balanceOf(db(), ALICE, 'USDT', 'otc')).toEqual({ available: '0.299999', locked: '0' });

    for (const account of ['co', 'b2c'] as const) {
      const r = await alice.call(financeOtcTransfer, {
        fromAccount: 'exchange',
        toAccount: account,
        amount: '0.01',
        coinSymbol: 'BTC',
      });
      expect(r.code).toBe('0');
    }
    expect(await balanceOf(db(), ALICE, 'BTC')).toEqual({ available: '0.28', locked: '0' });

    // Both rows of one transfer carry the same cause id, one negative and one positive.
    const rows = await db()
      .selectFrom('ledger_entries')
      .select(['account', 'delta'])
      .where('cause_id', '=', out.data.transferId)
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { account: 'exchange', delta: '-0.1' },
      { account: 'otc', delta: '0.1' },
    ]);
  });

  it('refuses bad transfers with a clear code and changes nothing', async () => {
    const before = await ledgerRows();
    const exchange = await balanceOf(db(), ALICE, 'USDT');
    const otc = await balanceOf(db(), ALICE, 'USDT', 'otc');
    const refusals: [Record<string, unknown>, string][] = [
      [
        { fromAccount: 'exchange', toAccount: 'exchange', amount: '1', coinSymbol: 'USDT' },
        ErrorCode.transferSameAccount,
      ],
      [{ fromAccount: 'exchange', toAccount: 'otc', amount: '0', coinSymbol: 'USDT' }, ErrorCode.transferAmountInvalid],
      [
        { fromAccount: 'exchange', toAccount: 'otc', amount: '-5', coinSymbol: 'USDT' },
        ErrorCode.transferAmountInvalid,
      ],
      [
        { fromAccount: 'exchange', toAccount: 'otc', amount: '0.0000001', coinSymbol: 'USDT' },
        ErrorCode.transferPrecision,
      ],
      [{ fromAccount: 'exchange', toAccount: 'otc', amount: '1', coinSymbol: 'DOGE' }, ErrorCode.coinNotFound],
      [
        { fromAccount: 'exchange', toAccount: 'otc', amount: '0.000000001', coinSymbol: 'BTC' },
        ErrorCode.transferPrecision,
      ],
      [
        { fromAccount: 'exchange', toAccount: 'otc', amount: '1000.21', coinSymbol: 'USDT' },
        ErrorCode.insufficientBalance,
      ],
      [{ fromAccount: 'otc', toAccount: 'exchange', amount: '0.3', coinSymbol: 'USDT' }, ErrorCode.insufficientBalance],
    ];
    for (const [input, code] of refusals) {
      const r = await alice.call(financeOtcTransfer, input);
      expect(r.code, JSON.stringify(input)).toBe(code);
      expect(r.status).toBe(200);
    }
    for (const input of [
      { fromAccount: 'exchange', toAccount: 'savings', amount: '1', coinSymbol: 'USDT' },
      { fromAccount: '9', toAccount: 'otc', amount: '1', coinSymbol: 'USDT' },
      { fromAccount: 'exchange', toAccount: 'otc', amount: '1e3', coinSymbol: 'USDT' },
      { fromAccount: 'exchange', toAccount: 'otc', coinSymbol: 'USDT' },
    ]) {
      const r = await alice.call(financeOtcTransfer, input);
      expect(r.code, JSON.stringify(input)).toBe(ErrorCode.badRequest);
      expect(r.status).toBe(400);
    }
    expect(
      (
        await server
          .client()
          .call(financeOtcTransfer, { fromAccount: 1, toAccount: 2, amount: '1', coinSymbol: 'USDT' })
      ).code,
    ).toBe(ErrorCode.sessionEnded);

    // With fiat off, nothing moves into the fiat account; what is there can still come out.
    await server.services.settings.setSwitch('fiat_open', '0');
    const intoFiat = await alice.call(financeOtcTransfer, {
      fromAccount: 'exchange',
      toAccount: 'b2c',
      amount: '1',
      coinSymbol: 'USDT',
    });
    expect(intoFiat.code).toBe(ErrorCode.switchedOff);
    // Margin accounts are per pair (lever/finance/transfer): the generic call has no pair-less margin account.
    const intoMargin = await alice.call(financeOtcTransfer, {
      fromAccount: 'exchange',
      toAccount: 'leverage' as never,
      amount: '1',
      coinSymbol: 'USDT',
    });
    expect(intoMargin.code).toBe(ErrorCode.badRequest);
    await server.services.settings.setSwitch('fiat_open', '1');

    await server.services.settings.setSwitch(TRANSFER_SWITCH, '0');
    const off = await alice.call(financeOtcTransfer, { fromAccount: 1, toAccount: 2, amount: '1', coinSymbol: 'USDT' });
    expect(off).toMatchObject({ code: ErrorCode.switchedOff, msg: 'This feature is turned off on this exchange.' });
    await server.services.settings.setSwitch(TRANSFER_SWITCH, '1');

    expect(await ledgerRows()).toBe(before);
    expect(await balanceOf(db(), ALICE, 'USDT')).toEqual(exchange);
    expect(await balanceOf(db(), ALICE, 'USDT', 'otc')).toEqual(otc);
  });

  it('lets concurrent transfers take exactly what is available, and no more', async () => {
    const CAROL = 203;
    await fund(server.services.core, CAROL, 'BTC', '1.05');
    const carol = await loginAs(server, CAROL);
    const attempts = await Promise.all(
      Array.from({ length: 20 }, () =>
        carol.call(financeOtcTransfer, { fromAccount: 'exchange', toAccount: 'otc', amount: '0.1', coinSymbol: 'BTC' }),
      ),
    );
    expect(attempts.filter((r) => r.code === '0')).toHaveLength(10);
    expect(attempts.filter((r) => r.code === ErrorCode.insufficientBalance)).toHaveLength(10);
    expect(await balanceOf(db(), CAROL, 'BTC')).toEqual({ available: '0.05', locked: '0' });
    expect(await balanceOf(db(), CAROL, 'BTC', 'otc')).toEqual({ available: '1', locked: '0' });
  });

  it('cannot move funds that open orders hold', async () => {
    const order = await bob.call(orderCreate, {
      side: 'SELL',
      type: 1,
      price: '30000',
      volume: '1.5',
      symbol: 'btcusdt',
    });
    expect(order.code).toBe('0');
    expect(await balanceOf(db(), BOB, 'BTC')).toEqual({ available: '0.5', locked: '1.5' });
    const tooMuch = await bob.call(financeOtcTransfer, {
      fromAccount: 1,
      toAccount: 2,
      amount: '0.6',
      coinSymbol: 'BTC',
    });
    expect(tooMuch.code).toBe(ErrorCode.insufficientBalance);
    const rest = await bob.call(financeOtcTransfer, { fromAccount: 1, toAccount: 2, amount: '0.5', coinSymbol: 'BTC' });
    expect(rest.code).toBe('0');
    expect(await balanceOf(db(), BOB, 'BTC')).toEqual({ available: '0', locked: '1.5' });
  });

  it('answers the balances of every account type', async () => {
    const otc = await alice.call(financeAccountTypeBalance, { accountType: 'otc' });
    expect(otc.data).toMatchObject({
      accountType: 'otc',
      totalBalanceSymbol: 'BTC',
      allCoinMap: {
        USDT: { normal_balance: '0.299999', lock_balance: '0', total_balance: '0.299999' },
        BTC: { normal_balance: '0', total_balance: '0' },
      },
    });
    expect((await alice.call(financeAccountTypeBalance, { accountType: 3, coinSymbols: 'USDT' })).data).toMatchObject({
      accountType: 'co',
      allCoinMap: { USDT: { normal_balance: '0.000001' } },
    });
    expect(
      Object.keys(
        (await alice.call(financeAccountTypeBalance, { accountType: 'co', coinSymbols: 'btc' })).data.allCoinMap,
      ),
    ).toEqual(['BTC']);
    expect((await alice.call(fiatBalance, {})).data.allCoinMap.BTC).toMatchObject({ normal_balance: '0.01' });
    expect((await alice.call(accountBalanceV5, {})).data.allCoinMap.BTC).toMatchObject({ normal_balance: '0.28' });
    const list = await alice.call(otcAccountList, {});
    expect(list.data.allCoinMap).toEqual([
      expect.objectContaining({ coinSymbol: 'BTC', normal: '0', total: '0' }),
      expect.objectContaining({ coinSymbol: 'USDT', normal: '0.299999', lock: '0', total: '0.299999' }),
    ]);
    expect((await alice.call(financeAccountTypeBalance, { accountType: 'fee' })).code).toBe(ErrorCode.badRequest);
  });

  it('lists the ledger history with type, coin, account and date filters, paged, newest first', async () => {
    const scenes = await alice.call(recordOtherTransferScene, {});
    expect(scenes.data.cenceList.map((s) => s.key)).toContain('transfer');

    const all = await alice.call(recordOtherTransferList, { pageSize: 100 });
    // Two credits, then five transfers of two rows each.
    expect(all.data.count).toBe(2 + 5 * 2);
    expect(all.data.financeList.map((r) => r.id)).toEqual(
      [...all.data.financeList.map((r) => r.id)].sort((a, b) => b - a),
    );
    expect(all.data.financeList.at(-1)).toMatchObject({
      transactionScene: 'operator_credit',
      coinSymbol: 'USDT',
      accountType: 'exchange',
      amount: '1000.5',
      status: 1,
    });

    const transfers = await alice.call(recordOtherTransferList, {
      transactionScene: 'transfer',
      coinSymbol: 'usdt',
      accountType: 'otc',
    });
    expect(transfers.data.financeList.map((r) => r.amount)).toEqual(['-0.000001', '0.2', '0.1']);

    const paged = await alice.call(recordOtherTransferList, { page: 2, pageSize: 3 });
    expect(paged.data.count).toBe(12);
    expect(paged.data.financeList.map((r) => r.id)).toEqual(all.data.financeList.slice(3, 6).map((r) => r.id));

    // Dates: everything so far happened at the harness clock's time; a later window is empty.
    const now = server.clock.now();
    expect((await alice.call(recordOtherTransferList, { startTime: now, endTime: now })).data.count).toBe(12);
    server.clock.advance(60_000);
    await alice.call(financeOtcTransfer, {
      fromAccount: 'co',
      toAccount: 'exchange',
      amount: '0.01',
      coinSymbol: 'BTC',
    });
    const later = await alice.call(recordOtherTransferList, { startTime: now + 1 });
    expect(later.data.financeList.map((r) => [r.accountType, r.amount])).toEqual([
      ['exchange', '0.01'],
      ['co', '-0.01'],
    ]);
    expect((await alice.call(recordOtherTransferList, { endTime: now - 1 })).data.count).toBe(0);

    // Locks and unlocks of orders are not history; trades and fees are.
    const bobs = await bob.call(recordOtherTransferList, { pageSize: 100 });
    expect(bobs.data.financeList.map((r) => r.transactionScene).sort()).toEqual([
      'operator_credit',
      'transfer',
      'transfer',
    ]);
    expect((await alice.call(recordOtherTransferList, { transactionScene: 'withdrawal' })).data.count).toBe(0);
    expect((await alice.call(recordOtherTransferList, { transactionScene: 'order_lock' })).code).toBe(
      ErrorCode.badRequest,
    );
  });

  it('leaves out moves between the available and locked parts of one balance', async () => {
    const DAVE = 204;
    await fund(server.services.core, DAVE, 'BTC', '3');
    const dave = await loginAs(server, DAVE);
    const move = (causeId: string, postings: [string, 'available' | 'locked', string][]) =>
      server.services.core.postMovement({
        cause: 'withdrawal',
        causeId,
        postings: postings.map(([owner, field, delta]) => ({
          ownerId: owner === 'dave' ? DAVE : 0,
          account: owner === 'dave' ? ('exchange' as const) : ('external' as const),
          coin: 'BTC',
          field,
          delta,
        })),
      });
    // A withdrawal reserves 1.25, then sends it: only the sending is history.
    expect(
      await move('w:1:lock', [
        ['dave', 'available', '-1.25'],
        ['dave', 'locked', '1.25'],
      ]),
    ).toEqual({ ok: true });
    expect(
      await move('w:1:send', [
        ['dave', 'locked', '-1.25'],
        ['ext', 'available', '1.25'],
      ]),
    ).toEqual({ ok: true });
    const rows = (await dave.call(recordOtherTransferList, { transactionScene: 'withdrawal' })).data.financeList;
    expect(rows.map((r) => [r.causeId, r.field, r.amount])).toEqual([['w:1:send', 'locked', '-1.25']]);
    expect(await balanceOf(db(), DAVE, 'BTC')).toEqual({ available: '1.75', locked: '0' });
  });

  it('exports the filtered history as a CSV file', async () => {
    const csv = await alice.request('GET', '/fe-ex-api/record/other_transfer_export', {
      transactionScene: 'transfer',
      coinSymbol: 'USDT',
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="ledger-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = csv.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe('time,id,account,coin,type,amount,balance_after,part,cause_id');
    expect(lines).toHaveLength(1 + 6);
    expect(lines.slice(1).map((l) => l.split(',').slice(2, 6).join(','))).toEqual([
      'co,USDT,transfer,0.000001',
      'otc,USDT,transfer,-0.000001',
      'otc,USDT,transfer,0.2',
      'exchange,USDT,transfer,-0.2',
      'otc,USDT,transfer,0.1',
      'exchange,USDT,transfer,-0.1',
    ]);
    expect(lines[1]).toMatch(/^2026-01-01T12:00:00\.000Z,\d+,co,USDT,transfer,0\.000001,0\.000001,available,transfer:/);
    const anonymous = await server.client().request('GET', '/fe-ex-api/record/other_transfer_export');
    expect(anonymous.json().code).toBe(ErrorCode.sessionEnded);
    const bad = await alice.request('GET', '/fe-ex-api/record/other_transfer_export', { startTime: 'yesterday' });
    expect(bad.statusCode).toBe(400);
  });

  it('filters order lists by side and creation time', async () => {
    const buy = await alice.call(orderCreate, { side: 'BUY', type: 1, price: '100', volume: '1', symbol: 'btcusdt' });
    expect(buy.code).toBe('0');
    const buys = await alice.call(orderListAll, { side: 'BUY' });
    expect(buys.data.orderList.map((o) => o.id)).toEqual([buy.data.order_id]);
    expect((await alice.call(orderListAll, { side: 'SELL' })).data.count).toBe(0);
    const now = server.clock.now();
    expect((await alice.call(orderListAll, { startTime: now + 1 })).data.count).toBe(0);
    expect((await alice.call(orderListAll, { startTime: now, endTime: now })).data.count).toBe(1);
    expect((await alice.call(orderEntrustHistory, { side: 'BUY' })).data.count).toBe(0);
  });
});

import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import '../i18n/test-i18n.ts';
import { CoOrderType } from '@opex/contract/calls/co-order';
import {
  type CoOrder,
  type CoTrigger,
  canCancelOrder,
  directionKey,
  orderRow,
  triggerColumns,
  triggerRow,
} from './futures-tables.ts';
import { btcContract } from './testing/contract-fixture.ts';

const order = (patch: Partial<CoOrder> = {}): CoOrder => ({
  id: '11',
  contractId: 7,
  contractName: 'E-BTC-USDT',
  symbol: 'BTC-USDT',
  side: 'SELL',
  open: 'CLOSE',
  type: CoOrderType.ioc,
  price: '50000.5',
  volume: '1500',
  dealVolume: '0',
  avgPrice: '0',
  pricePrecision: 1,
  orderBalance: '0',
  status: 4,
  memo: 6,
  realizedAmount: '0',
  tradeFee: '0',
  liqPositionMsg: '',
  positionType: 1,
  leverageLevel: 10,
  ctime: 0,
  mtime: 0,
  ...patch,
});

const trigger = (patch: Partial<CoTrigger> = {}): CoTrigger => ({
  id: '5',
  contractId: 7,
  contractName: 'E-BTC-USDT',
  symbol: 'BTC-USDT',
  side: 'SELL',
  open: 'CLOSE',
  type: CoOrderType.market,
  triggerType: 2,
  triggerPriceType: 2,
  timeInForce: 7,
  triggerPrice: '61000',
  price: '0',
  volume: '1500',
  pricePrecision: 1,
  status: 0,
  memo: 0,
  errorCode: '',
  orderId: '',
  callbackRate: '0',
  activationPrice: '0',
  extremePrice: '0',
  positionType: 1,
  leverageLevel: 10,
  ctime: 0,
  mtime: 0,
  expireTime: 0,
  ...patch,
});

describe('futures order tables', () => {
  const ctx = { t: i18next.t, contracts: new Map([['E-BTC-USDT', btcContract()]]), unit: 1 as const };

  it('word an order by what it does, its record type and why it was cancelled', () => {
    expect(directionKey('SELL', 'CLOSE')).toBe('closeLong');
    expect(directionKey('BUY', 'CLOSE')).toBe('closeShort');
    const cells = orderRow(ctx, order()).cells;
    expect(cells.type).toEqual({ type: 'text', text: 'IOC' });
    expect(cells.direction).toMatchObject({ text: 'Close long', tone: 'sell' });
    expect(cells.volume).toEqual({ type: 'text', text: '1.500 BTC' });
    expect(cells.status).toMatchObject({ text: 'Cancelled (IOC remainder)' });
    expect(orderRow(ctx, order({ type: CoOrderType.postOnly })).cells.type).toEqual({
      type: 'text',
      text: 'Post only',
    });
    expect(orderRow(ctx, order({ type: CoOrderType.forced })).cells.price).toEqual({ type: 'text', text: '--' });
  });

  it('offer cancel only for live orders', () => {
    expect([0, 1, 3].every((status) => canCancelOrder({ status }))).toBe(true);
    expect([2, 4, 5, 7].some((status) => canCancelOrder({ status }))).toBe(false);
    let cancelled = '';
    const cell = orderRow(ctx, order({ status: 1 }), { onCancel: (o) => (cancelled = o.id), busy: false }).cells.action;
    if (!cell || Array.isArray(cell) || cell.type !== 'button') throw new Error('a cancel button');
    cell.onClick();
    expect(cancelled).toBe('11');
  });

  it('word a trigger order by its kind, the price that fires it and which price is watched', () => {
    let cancelled = '';
    const cells = triggerRow(ctx, trigger(), { onCancel: (t) => (cancelled = t.id), busy: false }).cells;
    expect(cells.type).toEqual({ type: 'text', text: 'Take-profit' });
    expect(cells.direction).toMatchObject({ text: 'Close long' });
    expect(cells.trigger).toEqual({ type: 'text', text: '61,000.0 (Mark)' });
    expect(cells.price).toEqual({ type: 'text', text: 'Market' });
    expect(cells.volume).toEqual({ type: 'text', text: '1.500 BTC' });
    const cancel = cells.action;
    if (!cancel || Array.isArray(cancel) || cancel.type !== 'button') throw new Error('a cancel button');
    cancel.onClick();
    expect(cancelled).toBe('5');
  });

  it('word an ended trigger order by how it ended, when, and the order it placed', () => {
    const keys = (history: boolean) => triggerColumns(i18next.t, history).map((c) => c.key);
    expect(keys(false)).toContain('action');
    expect(keys(true)).toEqual(expect.arrayContaining(['status', 'ended', 'orderId']));
    expect(keys(true)).not.toContain('action');
    const fired = triggerRow(ctx, trigger({ status: 2, orderId: '901', mtime: Date.UTC(2026, 0, 2) })).cells;
    expect(fired.status).toMatchObject({ text: 'Triggered' });
    expect(fired.orderId).toEqual({ type: 'text', text: '901' });
    expect(fired.action).toBeUndefined();
    const ended = (patch: Partial<CoTrigger>) => triggerRow(ctx, trigger(patch)).cells;
    expect(ended({ status: 4, memo: 1 }).status).toMatchObject({ text: 'Cancelled (by you)' });
    expect(ended({ status: 3, memo: 3 }).status).toMatchObject({ text: 'Failed (not enough margin)' });
    expect(ended({ status: 1, memo: 2 }).orderId).toEqual({ type: 'text', text: '--' });
    const limit = ended({ type: CoOrderType.limit, price: '60500', triggerPriceType: 1 });
    expect(limit.price).toEqual({ type: 'text', text: '60,500.0' });
    expect(limit.trigger).toEqual({ type: 'text', text: '61,000.0 (Last)' });
  });
});

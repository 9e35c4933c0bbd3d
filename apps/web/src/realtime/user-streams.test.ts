// @vitest-environment node
import type { CallDef } from '@opex/contract/call';
import { depositList } from '@opex/contract/calls/deposit';
import { leverFinanceSymbolBalance } from '@opex/contract/calls/lever';
import { orderListNew } from '@opex/contract/calls/order';
import { tradeList } from '@opex/contract/calls/trade';
import { channels } from '@opex/contract/realtime';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { callKey } from '../api/query.ts';
import { RealtimeClient, type WorkerPort } from './realtime-client.ts';
import { followPrivateChannels } from './user-streams.ts';
import type { WorkerMessage } from './worker-messages.ts';

/** The page's client over a worker the test plays, and how often each call's cached pages were invalidated. */
function setup() {
  const port: WorkerPort = { postMessage: () => undefined, onmessage: null };
  const client = new RealtimeClient(port);
  const worker = (message: WorkerMessage) => port.onmessage?.({ data: message } as MessageEvent<WorkerMessage>);
  const queryClient = new QueryClient();
  const spy = vi.spyOn(queryClient, 'invalidateQueries');
  const invalidated = (call: CallDef) => spy.mock.calls.filter(([f]) => f?.queryKey?.[0] === call.name).length;
  return { client, worker, queryClient, invalidated };
}

describe('followPrivateChannels', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] }));
  afterEach(() => vi.useRealTimers());

  it('refetches the deposit list once when its pushes may have been lost (a seq gap, a reconnect)', async () => {
    const { client, worker, queryClient, invalidated } = setup();
    const stop = followPrivateChannels(client, queryClient);
    worker({ type: 'missed', channel: channels.userDeposits });
    worker({ type: 'missed', channel: channels.userDeposits });
    await vi.advanceTimersByTimeAsync(200);
    expect(invalidated(depositList)).toBe(1);
    // A missed order channel refetches the orders, not the deposits.
    worker({ type: 'missed', channel: channels.userOrders });
    await vi.advanceTimersByTimeAsync(200);
    expect([invalidated(depositList), invalidated(orderListNew)]).toEqual([1, 1]);
    // Stopped: a later miss refetches nothing.
    stop();
    worker({ type: 'missed', channel: channels.userDeposits });
    await vi.advanceTimersByTimeAsync(200);
    expect(invalidated(depositList)).toBe(1);
  });

  it('merges order and balance pushes in place, each once, and reads again only what has no rows in a push', async () => {
    const { client, worker, queryClient, invalidated } = setup();
    const openKey = callKey(orderListNew, { page: 1, pageSize: 20, symbol: 'btceth' });
    queryClient.setQueryData(openKey, { count: 1, orderList: [{ id: 7, type: 1, side: 'SELL', volume: '1' }] });
    const stop = followPrivateChannels(client, queryClient);
    const filled = { orderId: 7, symbol: 'btceth', status: 2, dealVolume: '1', dealMoney: '20' };
    worker({ type: 'ticks', ticks: { [channels.userOrders]: [{ n: 1, update: filled }] } });
    // The same pushes posted again (another listener acquired the channel): nothing applies twice.
    worker({ type: 'ticks', ticks: { [channels.userOrders]: [{ n: 1, update: filled }] } });
    await vi.advanceTimersByTimeAsync(200);
    expect(queryClient.getQueryData(openKey)).toEqual({ count: 0, orderList: [] });
    expect([invalidated(orderListNew), invalidated(tradeList)]).toEqual([0, 1]);
    stop();
  });

  it('reads the margin accounts again on a risk push of a pair and on a margin balance push, once a burst', async () => {
    const { client, worker, queryClient, invalidated } = setup();
    const stop = followPrivateChannels(client, queryClient);
    const risk = { symbol: 'BTCUSDT', indexPrice: '60000', riskRate: '180.00', burstPrice: '41000', state: 'safe' };
    worker({ type: 'ticks', ticks: { [channels.userMarginRisk]: [{ n: 1, update: risk }] } });
    worker({
      type: 'ticks',
      ticks: { [channels.userMarginRisk]: [{ n: 2, update: { ...risk, riskRate: '170.00' } }] },
    });
    await vi.advanceTimersByTimeAsync(200);
    expect(invalidated(leverFinanceSymbolBalance)).toBe(1);
    const balance = { account: 'lever:BTCUSDT', coin: 'USDT', available: '10', locked: '0' };
    worker({ type: 'ticks', ticks: { [channels.userBalance]: [{ n: 3, update: balance }] } });
    await vi.advanceTimersByTimeAsync(200);
    expect(invalidated(leverFinanceSymbolBalance)).toBe(2);
    stop();
  });
});

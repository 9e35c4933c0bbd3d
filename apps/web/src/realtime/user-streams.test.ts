// @vitest-environment node
import type { CallDef } from '@opex/contract/call';
import { depositList } from '@opex/contract/calls/deposit';
import { orderListNew } from '@opex/contract/calls/order';
import { channels } from '@opex/contract/realtime';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
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
});

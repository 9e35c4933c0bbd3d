// @vitest-environment node
import type { CallDef } from '@opex/contract/call';
import { coAccountBalance } from '@opex/contract/calls/co-account';
import { coCurrentOrderList, coUserOrderCount } from '@opex/contract/calls/co-order';
import { coAssetsList } from '@opex/contract/calls/co-position';
import { channels } from '@opex/contract/realtime';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { callKey } from '../api/query.ts';
import { followFuturesChannels } from './futures-streams.ts';
import { RealtimeClient, type WorkerPort } from './realtime-client.ts';
import type { WorkerMessage } from './worker-messages.ts';

/** The page's client over a worker the test plays, and how often each call's cached answers were invalidated. */
function setup() {
  const port: WorkerPort = { postMessage: () => undefined, onmessage: null };
  const client = new RealtimeClient(port);
  const worker = (message: WorkerMessage) => port.onmessage?.({ data: message } as MessageEvent<WorkerMessage>);
  const queryClient = new QueryClient();
  const spy = vi.spyOn(queryClient, 'invalidateQueries');
  const invalidated = (call: CallDef) => spy.mock.calls.filter(([f]) => f?.queryKey?.[0] === call.name).length;
  return { client, worker, queryClient, invalidated };
}

const account = (symbol: string, canUseAmount: string) => ({
  symbol,
  canUseAmount,
  totalAmount: canUseAmount,
  totalMargin: '0',
  isolateMargin: '0',
  lockAmount: '0',
  realizedAmount: '0',
  unRealizedAmount: '0',
  totalMarginRate: '0',
});
const position = (id: string, unRealizedAmount: string) => ({ id, contractName: 'E-BTC-USDT', unRealizedAmount });

describe('followFuturesChannels', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] }));
  afterEach(() => vi.useRealTimers());

  it('puts pushed positions and accounts into the cached answers in place, reading again only an answer that lacked a pushed coin', async () => {
    const { client, worker, queryClient, invalidated } = setup();
    const assetsKey = callKey(coAssetsList, {});
    const accountsOnlyKey = callKey(coAssetsList, { onlyAccount: 1 });
    const usdtKey = callKey(coAccountBalance, { marginCoin: 'USDT' });
    queryClient.setQueryData(assetsKey, {
      positionList: [position('1', '0')],
      accountList: [account('BTC', '1'), account('USDT', '1000')],
    });
    queryClient.setQueryData(accountsOnlyKey, { positionList: [], accountList: [account('USDT', '1000')] });
    queryClient.setQueryData(callKey(coAccountBalance, {}), { accounts: [account('USDT', '1000')] });
    queryClient.setQueryData(usdtKey, { accounts: [account('USDT', '1000')] });
    const stop = followFuturesChannels(client, queryClient);

    // The mark moved: position 1 gained, position 2 was opened meanwhile.
    const positionList = [position('1', '12.5'), position('2', '-1')];
    worker({ type: 'ticks', ticks: { [channels.coPositions]: { positionList } } });
    // Two coins' accounts in one frame: both apply.
    worker({
      type: 'ticks',
      ticks: {
        [channels.coAccount]: [
          { n: 1, update: account('USDT', '979.9') },
          { n: 2, update: account('BTC', '0.5') },
        ],
      },
    });
    await vi.advanceTimersByTimeAsync(200);
    expect(queryClient.getQueryData(assetsKey)).toEqual({
      positionList,
      accountList: [account('BTC', '0.5'), account('USDT', '979.9')],
    });
    expect(queryClient.getQueryData(accountsOnlyKey)).toEqual({
      positionList: [],
      accountList: [account('USDT', '979.9')],
    });
    expect(queryClient.getQueryData(usdtKey)).toEqual({ accounts: [account('USDT', '979.9')] });
    // The answers that list every coin but lacked BTC's account are read again; the USDT one is not.
    expect(invalidated(coAssetsList)).toBe(1);
    expect(queryClient.getQueryState(usdtKey)?.isInvalidated).toBe(false);
    expect(queryClient.getQueryState(assetsKey)?.isInvalidated).toBe(false);
    stop();
  });

  it("keeps the simulated account's pushes to the answers asked with simulated: 1, and the real ones to the others", async () => {
    const { client, worker, queryClient } = setup();
    const realKey = callKey(coAssetsList, {});
    const simKey = callKey(coAssetsList, { simulated: 1 });
    const simBalanceKey = callKey(coAccountBalance, { marginCoin: 'USDT', simulated: 1 });
    const real = { positionList: [position('1', '5')], accountList: [account('USDT', '1000')] };
    queryClient.setQueryData(realKey, real);
    queryClient.setQueryData(simKey, { positionList: [], accountList: [account('USDT', '10000')] });
    queryClient.setQueryData(simBalanceKey, { accounts: [account('USDT', '10000')] });
    const stop = followFuturesChannels(client, queryClient);

    const simPositions = [{ ...position('9', '-3'), contractName: 'S-BTC-USDT' }];
    worker({ type: 'ticks', ticks: { [channels.coPositions]: { positionList: simPositions, simulated: 1 } } });
    worker({
      type: 'ticks',
      ticks: { [channels.coAccount]: [{ n: 1, update: { ...account('USDT', '9990'), simulated: 1 } }] },
    });
    await vi.advanceTimersByTimeAsync(200);
    expect(queryClient.getQueryData(realKey)).toEqual(real);
    expect(queryClient.getQueryData(simKey)).toEqual({
      positionList: simPositions,
      accountList: [account('USDT', '9990')],
    });
    expect(queryClient.getQueryData(simBalanceKey)).toEqual({ accounts: [account('USDT', '9990')] });

    worker({ type: 'ticks', ticks: { [channels.coPositions]: { positionList: [] } } });
    await vi.advanceTimersByTimeAsync(200);
    expect(queryClient.getQueryData(realKey)).toEqual({ ...real, positionList: [] });
    expect(queryClient.getQueryData(simKey)).toMatchObject({ positionList: simPositions });
    stop();
  });

  it('reads the order lists and counts again once a burst of order pushes, and everything after lost pushes', async () => {
    const { client, worker, queryClient, invalidated } = setup();
    const stop = followFuturesChannels(client, queryClient);
    const filled = { kind: 'order', id: '7', contractId: 1, status: 2, dealVolume: '10', dealMoney: '200' };
    worker({ type: 'ticks', ticks: { [channels.coOrders]: [{ n: 1, update: filled }] } });
    const trigger = { kind: 'trigger', id: '3', contractId: 1, status: 2, orderId: '8' };
    worker({ type: 'ticks', ticks: { [channels.coOrders]: [{ n: 2, update: trigger }] } });
    await vi.advanceTimersByTimeAsync(200);
    expect([invalidated(coCurrentOrderList), invalidated(coUserOrderCount), invalidated(coAssetsList)]).toEqual([
      1, 1, 0,
    ]);
    // The socket opened again: what its pushes would have changed is read again, once.
    for (const channel of [channels.coPositions, channels.coAccount, channels.coOrders])
      worker({ type: 'missed', channel });
    await vi.advanceTimersByTimeAsync(200);
    expect([invalidated(coAssetsList), invalidated(coCurrentOrderList)]).toEqual([1, 2]);
    stop();
    worker({ type: 'ticks', ticks: { [channels.coOrders]: [{ n: 3, update: filled }] } });
    await vi.advanceTimersByTimeAsync(200);
    expect(invalidated(coCurrentOrderList)).toBe(2);
  });
});

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

class CallFailure extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** Plays the server: its list, the markets it knows, and a network that can fail. */
let serverList: string[] = [];
const serverKnows = new Set(['btcusdt', 'ethusdt', 'ltcusdt', 'ethbtc']);
let networkDown = false;
const invoke = vi.fn(async (call: { name: string }, input: { operationType?: number; symbols?: string }) => {
  if (networkDown) throw new Error('network');
  if (call.name === 'optional/list_symbol') return { symbols: serverList };
  const symbols = String(input.symbols).split(',');
  if (symbols.some((s) => !serverKnows.has(s))) throw new CallFailure('marketNotFound', 'refused');
  if (input.operationType === 2) serverList = serverList.filter((s) => s !== input.symbols);
  else serverList = [...new Set([...serverList, ...symbols])];
  return { symbols: serverList };
});
vi.mock('./call.ts', () => ({
  CallFailure,
  invoke: (...args: unknown[]) => invoke(...(args as Parameters<typeof invoke>)),
}));
const session: { user: { id: number } | null } = { user: { id: 7 } };
const switches: Record<string, string> = {};
const entry = (symbol: string) => ({ symbol });
const market = {
  market: {
    USDT: { 'BTC/USDT': entry('btcusdt'), 'ETH/USDT': entry('ethusdt'), 'LTC/USDT': entry('ltcusdt') },
    BTC: { 'ETH/BTC': entry('ethbtc'), 'DOGE/BTC': entry('dogebtc') },
  },
};
vi.mock('./user.ts', () => ({ useSession: () => session }));
vi.mock('./common.ts', () => ({
  usePublicInfo: () => ({ switch: switches, market }),
  switchOn: (all: Record<string, string>, name: string) => all[name] === '1',
}));

const { useFavouriteSymbols, loadServerFavourites, listedSymbols, symbolBatches } = await import(
  './favourite-symbols.ts'
);
const { writeFavourites } = await import('../state/favourite-symbols.ts');

function wrapperWith(client: QueryClient) {
  return ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
}
const freshClient = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });
const wrapper = ({ children }: { children: ReactNode }) => wrapperWith(freshClient())({ children });
const calls = () => invoke.mock.calls.map(([call, input]) => [call.name, input]);

describe('favourite markets', () => {
  beforeEach(() => {
    localStorage.clear();
    invoke.mockClear();
    serverList = ['btcusdt'];
    session.user = { id: 7 };
    networkDown = false;
  });

  it('keep to this browser while the switch is off, without a call', async () => {
    switches.optional_symbol_server_open = '0';
    const { result } = renderHook(() => useFavouriteSymbols(), { wrapper });
    expect(result.current.keptOn).toBe('browser');
    await act(() => result.current.toggle('ethusdt'));
    expect([...result.current.favourites]).toEqual(['ethusdt']);
    expect(localStorage.getItem('favouriteSymbols')).toBe('["ethusdt"]');
    await act(() => result.current.toggle('ethusdt'));
    expect([...result.current.favourites]).toEqual([]);
    expect(invoke).not.toHaveBeenCalled();
  });

  it('two lists on one page see the same browser favourites, and a change from another tab', async () => {
    session.user = null;
    const client = freshClient();
    const one = renderHook(() => useFavouriteSymbols(), { wrapper: wrapperWith(client) });
    const two = renderHook(() => useFavouriteSymbols(), { wrapper: wrapperWith(client) });
    await act(() => one.result.current.toggle('ltcusdt'));
    expect([...two.result.current.favourites]).toEqual(['ltcusdt']);
    act(() => {
      localStorage.setItem('favouriteSymbols', '["ltcusdt","ethbtc"]');
      window.dispatchEvent(new StorageEvent('storage', { key: 'favouriteSymbols' }));
    });
    expect([...one.result.current.favourites]).toEqual(['ltcusdt', 'ethbtc']);
  });

  it('live on the server for a logged-in trader while the switch is on; a refusal is undone', async () => {
    switches.optional_symbol_server_open = '1';
    const { result } = renderHook(() => useFavouriteSymbols(), { wrapper });
    await waitFor(() => expect([...result.current.favourites]).toEqual(['btcusdt']));
    expect(result.current.keptOn).toBe('server');

    await act(() => result.current.toggle('ethusdt'));
    expect(invoke).toHaveBeenLastCalledWith(expect.objectContaining({ name: 'optional/update_symbol' }), {
      operationType: 1,
      symbols: 'ethusdt',
    });
    // The cache tells its observers on the next tick.
    await waitFor(() => expect([...result.current.favourites]).toEqual(['btcusdt', 'ethusdt']));
    await act(() => result.current.toggle('btcusdt'));
    expect(invoke.mock.lastCall?.[1]).toEqual({ operationType: 2, symbols: 'btcusdt' });
    await waitFor(() => expect([...result.current.favourites]).toEqual(['ethusdt']));

    await act(() => expect(result.current.toggle('dogeusdt')).rejects.toThrow('refused'));
    await waitFor(() => expect([...result.current.favourites]).toEqual(['ethusdt']));
    expect(serverList).toEqual(['ethusdt']);
    expect(localStorage.getItem('favouriteSymbols')).toBeNull();
  });

  it('at login, merges the visitor’s stars into the server’s list in one batch add, then forgets them here', async () => {
    switches.optional_symbol_server_open = '1';
    session.user = null;
    const client = freshClient();
    const { result, rerender } = renderHook(() => useFavouriteSymbols(), { wrapper: wrapperWith(client) });
    await act(() => result.current.toggle('ltcusdt'));
    await act(() => result.current.toggle('btcusdt'));
    expect(invoke).not.toHaveBeenCalled();

    session.user = { id: 7 };
    rerender();
    await waitFor(() => expect([...result.current.favourites]).toEqual(['btcusdt', 'ltcusdt']));
    expect(result.current.keptOn).toBe('server');
    expect(calls()).toEqual([['optional/update_symbol', { operationType: 0, symbols: 'ltcusdt,btcusdt' }]]);
    expect(serverList).toEqual(['btcusdt', 'ltcusdt']);
    expect(localStorage.getItem('favouriteSymbols')).toBeNull();

    // Removed on the server, it does not come back at the next login; nor does a list read for another user show.
    await act(() => result.current.toggle('ltcusdt'));
    session.user = null;
    rerender();
    expect([...result.current.favourites]).toEqual([]);
    session.user = { id: 7 };
    rerender();
    await waitFor(() => expect([...result.current.favourites]).toEqual(['btcusdt']));
    expect(serverList).toEqual(['btcusdt']);
  });

  it('stars made after the list was read (out and in again within a minute) are merged too', async () => {
    switches.optional_symbol_server_open = '1';
    const client = freshClient();
    const { result, rerender } = renderHook(() => useFavouriteSymbols(), { wrapper: wrapperWith(client) });
    await waitFor(() => expect([...result.current.favourites]).toEqual(['btcusdt']));
    session.user = null;
    rerender();
    await act(() => result.current.toggle('ethbtc'));
    session.user = { id: 7 };
    rerender();
    await waitFor(() => expect([...result.current.favourites]).toEqual(['btcusdt', 'ethbtc']));
    expect(calls().filter(([name]) => name === 'optional/update_symbol')).toHaveLength(1);
    expect(localStorage.getItem('favouriteSymbols')).toBeNull();
  });

  it('two lists mounted at login make one merge', async () => {
    switches.optional_symbol_server_open = '1';
    writeFavourites(localStorage, ['ethusdt']);
    const client = freshClient();
    const one = renderHook(() => useFavouriteSymbols(), { wrapper: wrapperWith(client) });
    const two = renderHook(() => useFavouriteSymbols(), { wrapper: wrapperWith(client) });
    await waitFor(() => expect([...two.result.current.favourites]).toEqual(['btcusdt', 'ethusdt']));
    expect([...one.result.current.favourites]).toEqual(['btcusdt', 'ethusdt']);
    expect(calls()).toEqual([['optional/update_symbol', { operationType: 0, symbols: 'ethusdt' }]]);
  });
});

describe('loadServerFavourites', () => {
  const listed = listedSymbols(market.market);

  beforeEach(() => {
    localStorage.clear();
    invoke.mockClear();
    serverList = ['btcusdt'];
    networkDown = false;
  });

  it('reads the list alone when this browser keeps nothing listed; unlisted symbols stay here', async () => {
    expect(await loadServerFavourites(localStorage, listed)).toEqual({ symbols: ['btcusdt'] });
    writeFavourites(localStorage, ['oldcoinusdt']);
    expect(await loadServerFavourites(localStorage, listed)).toEqual({ symbols: ['btcusdt'] });
    expect(calls().map(([name]) => name)).toEqual(['optional/list_symbol', 'optional/list_symbol']);
    expect(localStorage.getItem('favouriteSymbols')).toBe('["oldcoinusdt"]');
  });

  it('sends the listed ones and keeps the unlisted ones here', async () => {
    writeFavourites(localStorage, ['oldcoinusdt', 'ethbtc']);
    expect(await loadServerFavourites(localStorage, listed)).toEqual({ symbols: ['btcusdt', 'ethbtc'] });
    expect(calls()).toEqual([['optional/update_symbol', { operationType: 0, symbols: 'ethbtc' }]]);
    expect(localStorage.getItem('favouriteSymbols')).toBe('["oldcoinusdt"]');
  });

  it('a refused batch leaves them all here and reads the server’s list; a network failure is the error', async () => {
    // Listed in public info but unknown to the server's core.
    writeFavourites(localStorage, ['dogebtc', 'ethusdt']);
    expect(await loadServerFavourites(localStorage, listed)).toEqual({ symbols: ['btcusdt'] });
    expect(calls().map(([name]) => name)).toEqual(['optional/update_symbol', 'optional/list_symbol']);
    expect(localStorage.getItem('favouriteSymbols')).toBe('["dogebtc","ethusdt"]');
    networkDown = true;
    await expect(loadServerFavourites(localStorage, listed)).rejects.toThrow('network');
    expect(localStorage.getItem('favouriteSymbols')).toBe('["dogebtc","ethusdt"]');
  });
});

describe('symbolBatches', () => {
  it('joins the symbols by commas within the cap, in order, one batch when they fit', () => {
    expect(symbolBatches(['btcusdt', 'ethusdt'])).toEqual(['btcusdt,ethusdt']);
    expect(symbolBatches(['aaaa', 'bbbb', 'cccc'], 9)).toEqual(['aaaa,bbbb', 'cccc']);
    expect(symbolBatches(['aaaa', 'bbbb', 'cccc'], 8)).toEqual(['aaaa', 'bbbb', 'cccc']);
    expect(symbolBatches([])).toEqual([]);
    const many = Array.from({ length: 1000 }, (_, i) => `coin${i}usdt`);
    const batches = symbolBatches(many);
    expect(batches.length).toBeGreaterThan(1);
    expect(batches.every((batch) => batch.length <= 4000)).toBe(true);
    expect(batches.join(',')).toBe(many.join(','));
  });
});

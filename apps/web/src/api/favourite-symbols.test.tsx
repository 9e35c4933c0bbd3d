import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

let serverList: string[] = [];
const invoke = vi.fn(async (call: { name: string }, input: { operationType?: number; symbols?: string }) => {
  if (call.name === 'optional/list_symbol') return { symbols: serverList };
  if (input.symbols === 'dogeusdt') throw new Error('refused');
  serverList =
    input.operationType === 1
      ? [...serverList, input.symbols as string]
      : serverList.filter((s) => s !== input.symbols);
  return { symbols: serverList };
});
vi.mock('./call.ts', () => ({ invoke: (...args: unknown[]) => invoke(...(args as Parameters<typeof invoke>)) }));
const session = { isLogin: true };
const switches: Record<string, string> = {};
vi.mock('./user.ts', () => ({ useSession: () => session }));
vi.mock('./common.ts', () => ({
  usePublicInfo: () => ({ switch: switches }),
  switchOn: (all: Record<string, string>, name: string) => all[name] === '1',
}));

const { useFavouriteSymbols } = await import('./favourite-symbols.ts');

function wrapper({ children }: { children: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

describe('favourite markets', () => {
  beforeEach(() => {
    localStorage.clear();
    invoke.mockClear();
    serverList = ['btcusdt'];
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
});

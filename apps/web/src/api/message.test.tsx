import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const invoke = vi.fn(async (..._args: unknown[]) => ({ noReadMsgCount: 1, userMessageList: [] }));
vi.mock('./call.ts', () => ({ invoke: (...args: unknown[]) => invoke(...args), CallFailure: class extends Error {} }));

const { UNREAD_POLL_MS, useUnreadMessages } = await import('./message.ts');

function wrapper({ children }: { children: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

describe('unread message poll', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    invoke.mockClear();
  });
  afterEach(() => vi.useRealTimers());

  it('fetches at once, then every 15 s, silently (exchange-auto), while logged in', async () => {
    expect(UNREAD_POLL_MS).toBe(15_000);
    renderHook(() => useUnreadMessages(true), { wrapper });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(invoke).toHaveBeenCalledTimes(1);
    expect(invoke.mock.calls[0]?.[2]).toEqual({ polling: true });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(14_999);
    });
    expect(invoke).toHaveBeenCalledTimes(1);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    expect(invoke).toHaveBeenCalledTimes(2);
  });

  it('does not poll when logged out', async () => {
    renderHook(() => useUnreadMessages(false), { wrapper });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(60_000);
    });
    expect(invoke).not.toHaveBeenCalled();
  });
});

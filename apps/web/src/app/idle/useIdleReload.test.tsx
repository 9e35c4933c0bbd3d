import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerSocketWorker } from '../../state/socket-worker.ts';
import { ACTIVITY_DEBOUNCE_MS, IDLE_LIMIT_SECONDS, idleExpired, idleSeconds } from './idle-rules.ts';
import { useIdleReload } from './useIdleReload.ts';

describe('idle rules', () => {
  it('counts whole seconds and expires strictly above 7200 s', () => {
    expect(IDLE_LIMIT_SECONDS).toBe(7200);
    expect(ACTIVITY_DEBOUNCE_MS).toBe(1000);
    expect(idleSeconds(0, 7_200_999)).toBe(7200);
    expect(idleExpired(0, 7_200_999)).toBe(false);
    expect(idleExpired(0, 7_201_000)).toBe(true);
  });
});

describe('useIdleReload', () => {
  beforeEach(() => vi.useFakeTimers({ now: 0 }));
  afterEach(() => {
    vi.useRealTimers();
    registerSocketWorker(undefined);
  });

  it('reloads after more than 7200 s without activity, telling the socket worker to close first', () => {
    const calls: string[] = [];
    registerSocketWorker({ postMessage: (m) => calls.push(`worker:${JSON.stringify(m)}`) });
    const reload = () => calls.push('reload');
    renderHook(() => useIdleReload(reload));
    act(() => vi.advanceTimersByTime(7_200_000));
    expect(calls).toEqual([]);
    act(() => vi.advanceTimersByTime(1_000));
    expect(calls).toEqual(['worker:{"type":"close"}', 'reload']);
    act(() => vi.advanceTimersByTime(10_000));
    expect(calls.filter((c) => c === 'reload')).toHaveLength(1);
  });

  it('resets on activity, debounced by 1000 ms', () => {
    const reload = vi.fn();
    renderHook(() => useIdleReload(reload));
    act(() => vi.advanceTimersByTime(7_000_000));
    window.dispatchEvent(new Event('mousemove'));
    // Before the debounce settles the counter is not reset yet.
    act(() => vi.advanceTimersByTime(999));
    window.dispatchEvent(new Event('keydown'));
    act(() => vi.advanceTimersByTime(1000));
    act(() => vi.advanceTimersByTime(7_000_000));
    expect(reload).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(202_000));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('checks for expiry on activity (a tab whose timers were throttled)', () => {
    const reload = vi.fn();
    renderHook(() => useIdleReload(reload));
    // Jump the wall clock without running the 1 s ticks, as a sleeping tab would.
    vi.setSystemTime(7_300_000);
    window.dispatchEvent(new Event('click'));
    act(() => vi.advanceTimersByTime(ACTIVITY_DEBOUNCE_MS));
    expect(reload).toHaveBeenCalledTimes(1);
  });
});

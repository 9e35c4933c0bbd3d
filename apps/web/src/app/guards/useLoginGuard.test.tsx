import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notifySessionEnded } from '../../api/session-events.ts';
import { userInfoQuery, useSession } from '../../api/user.ts';
import type { LayoutType } from '../../state/site-config.ts';
import { useLoginGuard } from './useLoginGuard.ts';

function Guarded({ layout }: { layout: LayoutType }) {
  useLoginGuard({ mustLogin: true }, layout);
  const { loginFlag } = useSession();
  return <p data-testid="flag">{loginFlag}</p>;
}

function setup(layout: LayoutType, user: unknown) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(userInfoQuery.queryKey, user);
  const router = createMemoryRouter(
    [
      { path: '/mesage', element: <Guarded layout={layout} /> },
      { path: '/login', element: <p>login page</p> },
    ],
    { initialEntries: ['/mesage'] },
  );
  const view = render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router, view };
}

describe('mustLogin guard', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('sends a visitor to /login at once in layout type 1', async () => {
    const { router } = setup(1, null);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.state).toEqual({ from: '/mesage' });
  });

  it('waits 500 ms in layout type 2', async () => {
    const { router } = setup(2, null);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(499);
    });
    expect(router.state.location.pathname).toBe('/mesage');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    expect(router.state.location.pathname).toBe('/login');
  });

  it('keeps a logged-in user (flag "2") until the session ends', async () => {
    const { router, view } = setup(1, { userAccount: 'a***@x.com' });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000);
    });
    expect(view.getByTestId('flag').textContent).toBe('2');
    expect(router.state.location.pathname).toBe('/mesage');
    act(() => notifySessionEnded());
    // TanStack Query tells observers on the next tick; the guard's redirect is one more.
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(view.getByTestId('flag').textContent).toBe('1');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(100);
    });
    expect(router.state.location.pathname).toBe('/login');
  });
});

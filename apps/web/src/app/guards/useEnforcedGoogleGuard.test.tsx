import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { publicInfoQuery } from '../../api/common.ts';
import { userInfoQuery } from '../../api/user.ts';
import { enforcedGoogleRedirect, useEnforcedGoogleGuard } from './useEnforcedGoogleGuard.ts';

function Guarded() {
  useEnforcedGoogleGuard();
  return <p>page</p>;
}

async function visit(path: string, enforce: string, googleStatus: number | null) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } },
  });
  client.setQueryData(publicInfoQuery.queryKey, { switch: { is_enforce_google_auth: enforce } });
  client.setQueryData(userInfoQuery.queryKey, googleStatus === null ? null : { googleStatus });
  const router = createMemoryRouter(
    [
      { path: '*', element: <Guarded /> },
      { path: '/personal/bindGoogle', element: <p>bind</p> },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  await act(async () => {});
  return router.state.location;
}

describe('enforced Google guard', () => {
  it('sends a user without Google from the gated pages to bindGoogle, remembering the page', async () => {
    const location = await visit('/assets/withdraw?symbol=BTC', '1', 0);
    expect(location.pathname).toBe('/personal/bindGoogle');
    expect(location.state).toEqual({ from: '/assets/withdraw?symbol=BTC', enforced: true });
    expect((await visit('/personal/apiManagement', '1', 0)).pathname).toBe('/personal/bindGoogle');
  });

  it('leaves other pages, bound users, visitors and exchanges that do not enforce it alone', async () => {
    expect((await visit('/trade/btcusdt', '1', 0)).pathname).toBe('/trade/btcusdt');
    expect((await visit('/assets/withdraw', '1', 1)).pathname).toBe('/assets/withdraw');
    expect((await visit('/assets/withdraw', '0', 0)).pathname).toBe('/assets/withdraw');
    expect(enforcedGoogleRedirect('/personal/checkApi', true, null)).toBeNull();
    expect(enforcedGoogleRedirect('/assets/withdrawRecords', true, { googleStatus: 0 })).toBeNull();
    expect(enforcedGoogleRedirect('/assets/addressMent', true, { googleStatus: 0 })).toBe('/personal/bindGoogle');
  });
});

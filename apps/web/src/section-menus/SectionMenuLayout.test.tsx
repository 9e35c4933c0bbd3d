import '../i18n/test-i18n.ts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { publicInfoQuery } from '../api/common.ts';
import { assetsMenu } from './assets-menu.ts';
import { SectionMenuLayout } from './SectionMenuLayout.tsx';

function renderAt(path: string, switches: Record<string, string>) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } },
  });
  client.setQueryData(publicInfoQuery.queryKey, { switch: switches, msg: {}, limitCountryList: [] });
  const element = (
    <SectionMenuLayout menu={assetsMenu} title="Page">
      <p>Body</p>
    </SectionMenuLayout>
  );
  const router = createMemoryRouter([{ path: '/assets/:page', element }], { initialEntries: [path] });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return within(screen.getByRole('navigation', { name: 'Assets' }));
}

describe('SectionMenuLayout', () => {
  it('links every entry under the base, lights the current page and leaves out what is off or not built', () => {
    const menu = renderAt('/assets/withdraw', { fiat_open: '1', is_deposit_open: '1' });
    expect(menu.getByRole('link', { name: 'Withdraw' })).toHaveAttribute('aria-current', 'page');
    expect(menu.getByRole('link', { name: 'Deposit' })).toHaveAttribute('href', '/assets/recharge');
    // Fiat is switched on but not built: no entry.
    expect(menu.queryByRole('link', { name: 'Fiat account' })).toBeNull();
    expect(menu.getAllByRole('link').map((l) => l.getAttribute('href'))).toEqual([
      '/assets/exchangeAccount',
      '/assets/recharge',
      '/assets/withdraw',
      '/assets/addressMent',
      '/assets/flowingWater',
    ]);
  });

  it('has no deposit entry while is_deposit_open is off', () => {
    expect(renderAt('/assets/withdraw', {}).queryByRole('link', { name: 'Deposit' })).toBeNull();
  });

  it('lists the margin pages while lever_open is on, the margin transfers lit rather than History', () => {
    const menu = renderAt('/assets/lerverageFlowingWater', { lever_open: '1' });
    expect(menu.getByRole('link', { name: 'Margin transfers' })).toHaveAttribute('aria-current', 'page');
    expect(menu.getByRole('link', { name: 'History' })).not.toHaveAttribute('aria-current');
    expect(menu.getByRole('link', { name: 'Margin loans' })).toHaveAttribute('href', '/assets/leverageToLoan');
  });

  it('lights an entry for the other pages it stands for', () => {
    const menu = renderAt('/assets/exchangeFlowingWater', {});
    expect(menu.getByRole('link', { name: 'History' })).toHaveAttribute('aria-current', 'page');
  });
});

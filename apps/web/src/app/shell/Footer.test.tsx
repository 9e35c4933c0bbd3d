import '../../i18n/test-i18n.ts';
import { footerList } from '@opex/contract/calls/cms';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { publicInfoQuery } from '../../api/common.ts';
import { callKey } from '../../api/query.ts';
import { ToastProvider } from '../../ui/toast/ToastProvider.tsx';
import { Footer } from './Footer.tsx';

function renderFooter(footerOpen: string) {
  // The footer call never answers on its own: the test answers it.
  vi.stubGlobal(
    'fetch',
    vi.fn(() => new Promise(() => {})),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(publicInfoQuery.queryKey, {
    switch: { config_footer_open: footerOpen },
    msg: { company_name: 'Acme' },
    limitCountryList: [],
  });
  const router = createMemoryRouter([{ path: '/', element: <Footer /> }], { initialEntries: ['/'] });
  render(
    <QueryClientProvider client={client}>
      <ToastProvider>
        <RouterProvider router={router} />
      </ToastProvider>
    </QueryClientProvider>,
  );
  return client;
}

const operatorList = [
  { key: 'help', title: 'Help desk', list: [{ linkText: 'Ask us', link: '/footerPage/support', linkType: 0 }] },
];

describe('Footer', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows placeholders, not the built-in columns, until the operator's columns answer", async () => {
    const client = renderFooter('1');
    expect(screen.getAllByTestId('footer-skeleton')).toHaveLength(3);
    expect(screen.queryByRole('link', { name: 'About us' })).toBeNull();
    act(() => client.setQueryData(callKey(footerList, {}), operatorList));
    expect(await screen.findByRole('region', { name: 'Help desk' })).toBeInTheDocument();
    expect(screen.queryByTestId('footer-skeleton')).toBeNull();
    expect(screen.getByRole('link', { name: 'Ask us' })).toHaveAttribute('href', '/footerPage/support');
  });

  it('shows the built-in columns at once when the footer switch is off', () => {
    renderFooter('0');
    expect(screen.queryByTestId('footer-skeleton')).toBeNull();
    expect(screen.getAllByRole('region').length).toBe(3);
  });
});

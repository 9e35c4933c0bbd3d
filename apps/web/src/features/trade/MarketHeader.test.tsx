import '../../ui/testing/dom.ts';
import '../../i18n/test-i18n.ts';
import { coinSymbolIntroduce } from '@opex/contract/calls/common';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { publicInfoQuery } from '../../api/common.ts';
import { findMarket } from '../../markets/market-symbol.ts';
import { MarketHeader } from './MarketHeader.tsx';
import { marketEntry } from './testing/market-entry.ts';

const calls = vi.hoisted(() => ({ invoke: vi.fn() }));
vi.mock('../../api/call.ts', async (original) => ({
  ...(await original<typeof import('../../api/call.ts')>()),
  invoke: calls.invoke,
}));

const groups = { USDT: { 'BTC/USDT': marketEntry('BTC/USDT') } };

function renderHeader(symbolProfile: '0' | '1') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(publicInfoQuery.queryKey, {
    switch: { symbol_profile: symbolProfile },
    market: { market: groups, coinList: { USDT: { showPrecision: 2 } } },
  });
  const market = findMarket(groups, 'BTC_USDT');
  if (!market) throw new Error('no market');
  render(
    <QueryClientProvider client={client}>
      <MarketHeader market={market} ticker={undefined} live="open" />
    </QueryClientProvider>,
  );
}

describe("the trade page's coin introduction (symbol_profile)", () => {
  beforeEach(() => calls.invoke.mockReset());

  it('is absent while the switch is off, and nothing is asked for', () => {
    renderHeader('0');
    expect(screen.queryByRole('button', { name: 'About BTC' })).toBeNull();
    expect(calls.invoke).not.toHaveBeenCalled();
  });

  it("opens the base coin's introduction and profile while the switch is on", async () => {
    calls.invoke.mockResolvedValue({
      symbol: 'BTC',
      name: 'Bitcoin',
      icon: '',
      introduction: '<p>Peer-to-peer cash.</p><script>alert(1)</script>',
      issueDate: '2009-01-03',
      supply: '21000000',
      website: 'https://bitcoin.org',
      whitePaper: '',
    });
    renderHeader('1');
    expect(calls.invoke).not.toHaveBeenCalled();
    await userEvent.setup().click(screen.getByRole('button', { name: 'About BTC' }));
    const dialog = await screen.findByRole('dialog', { name: 'About BTC' });
    expect(calls.invoke.mock.calls[0]?.slice(0, 2)).toEqual([coinSymbolIntroduce, { symbol: 'BTC' }]);
    expect(await within(dialog).findByText('Peer-to-peer cash.')).toBeVisible();
    expect(within(dialog).getByText('21,000,000 BTC')).toBeVisible();
    expect(within(dialog).getByText('2009-01-03')).toBeVisible();
    expect(within(dialog).getByRole('link', { name: 'bitcoin.org' })).toHaveAttribute('href', 'https://bitcoin.org');
    // An unset field is left out, and operator html cannot run script.
    expect(within(dialog).queryByText('White paper')).toBeNull();
    expect(dialog.querySelector('script')).toBeNull();
  });
});

import '../../ui/testing/dom.ts';
import '../../i18n/test-i18n.ts';
import { QueryClient } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { publicInfoQuery } from '../../api/common.ts';
import { userInfoQuery } from '../../api/user.ts';
import { findMarket, type MarketGroups } from '../../markets/market-symbol.ts';
import { renderRouted } from '../../ui/testing/render-routed.tsx';
import { MarketList } from './MarketList.tsx';
import { marketEntry } from './testing/market-entry.ts';

const calls = vi.hoisted(() => ({ invoke: vi.fn() }));
vi.mock('../../api/call.ts', async (original) => ({
  ...(await original<typeof import('../../api/call.ts')>()),
  invoke: calls.invoke,
}));

const entry = (name: string, sort: number) => marketEntry(name, { sort });
const groups: MarketGroups = {
  USDT: { 'BTC/USDT': entry('BTC/USDT', 1), 'ETH/USDT': entry('ETH/USDT', 2) },
  BTC: { 'ETH/BTC': entry('ETH/BTC', 3) },
};

/** The list on /trade/BTC_USDT for a visitor (favourites in this browser) or a trader with the switch on. */
function renderList(who: 'visitor' | 'trader' = 'visitor') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(publicInfoQuery.queryKey, {
    switch: { optional_symbol_server_open: who === 'trader' ? '1' : '0' },
    market: { market: groups },
  });
  client.setQueryData(userInfoQuery.queryKey, who === 'trader' ? { id: 5 } : null);
  const current = findMarket(groups, 'BTC_USDT');
  if (!current) throw new Error('no market');
  const router = createMemoryRouter(
    [{ path: '/trade/:symbol', element: <MarketList groups={groups} current={current} /> }],
    { initialEntries: ['/trade/BTC_USDT'] },
  );
  renderRouted(client, router);
  return router;
}

const list = () => screen.getByRole('region', { name: 'Markets' });
const pairs = () =>
  within(list())
    .queryAllByRole('link')
    .map((link) => link.textContent?.split(/\d|-/)[0]);

describe('trade page market list', () => {
  beforeEach(() => {
    localStorage.clear();
    calls.invoke.mockReset();
  });

  it('stars a market without opening it, and lists it under the favourites tab', async () => {
    const router = renderList();
    const user = userEvent.setup();
    expect(pairs()).toEqual(['BTC/USDT', 'ETH/USDT']);
    const star = screen.getByRole('button', { name: 'Add ETH/USDT to favourites' });
    expect(star).toHaveAttribute('aria-pressed', 'false');
    // The star is beside the link, not inside it.
    expect(star.closest('a')).toBeNull();

    await user.click(star);
    expect(screen.getByRole('button', { name: 'Remove ETH/USDT from favourites' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(router.state.location.pathname).toBe('/trade/BTC_USDT');
    expect(localStorage.getItem('favouriteSymbols')).toBe('["ethusdt"]');
    expect(calls.invoke).not.toHaveBeenCalled();

    await user.click(screen.getByRole('tab', { name: 'Favourites' }));
    expect(pairs()).toEqual(['ETH/USDT']);
    await user.click(screen.getByRole('button', { name: 'Remove ETH/USDT from favourites' }));
    expect(pairs()).toEqual([]);
    expect(within(list()).getByText(/No favourites yet/)).toBeVisible();
    expect(router.state.location.pathname).toBe('/trade/BTC_USDT');
  });

  it('the favourites tab gathers every quote group and is searched like the others', async () => {
    localStorage.setItem('favouriteSymbols', '["ethbtc","btcusdt"]');
    renderList();
    const user = userEvent.setup();
    await user.click(screen.getByRole('tab', { name: 'Favourites' }));
    expect(pairs()).toEqual(['BTC/USDT', 'ETH/BTC']);
    await user.type(screen.getByRole('searchbox', { name: 'Search markets' }), 'eth');
    expect(pairs()).toEqual(['ETH/BTC']);
  });

  it('works from the keyboard: the star is a button of its own in the tab order', async () => {
    renderList();
    const user = userEvent.setup();
    const star = screen.getByRole('button', { name: 'Add BTC/USDT to favourites' });
    star.focus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('button', { name: 'Remove BTC/USDT from favourites' })).toHaveFocus();
    await user.keyboard(' ');
    expect(screen.getByRole('button', { name: 'Add BTC/USDT to favourites' })).toHaveAttribute('aria-pressed', 'false');
    await user.tab();
    expect(within(list()).getAllByRole('link')[0]).toHaveFocus();
  });

  it('keeps a trader’s stars on the server while the operator says so', async () => {
    let kept = ['btcusdt'];
    calls.invoke.mockImplementation(async (call: { name: string }, input: { symbols?: string }) => {
      if (call.name === 'optional/update_symbol') kept = [...kept, String(input.symbols)];
      return { symbols: kept };
    });
    renderList('trader');
    const user = userEvent.setup();
    expect(await screen.findByRole('button', { name: 'Remove BTC/USDT from favourites' })).toBeVisible();
    await user.click(screen.getByRole('tab', { name: 'BTC' }));
    await user.click(screen.getByRole('button', { name: 'Add ETH/BTC to favourites' }));
    expect(calls.invoke).toHaveBeenLastCalledWith(expect.objectContaining({ name: 'optional/update_symbol' }), {
      operationType: 1,
      symbols: 'ethbtc',
    });
    await user.click(screen.getByRole('tab', { name: 'Favourites' }));
    expect(pairs()).toEqual(['BTC/USDT', 'ETH/BTC']);
    expect(localStorage.getItem('favouriteSymbols')).toBeNull();
  });
});

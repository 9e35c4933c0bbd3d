import '../ui/testing/dom.ts';
import '../i18n/test-i18n.ts';
import { QueryClient } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import i18next from 'i18next';
import { createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { publicInfoQuery } from '../api/common.ts';
import { userInfoQuery } from '../api/user.ts';
import { MarketList } from '../features/trade/MarketList.tsx';
import { marketEntry } from '../features/trade/testing/market-entry.ts';
import { renderRouted } from '../ui/testing/render-routed.tsx';
import { findMarket } from './market-symbol.ts';

const groups = {
  USDT: {
    'BTC/USDT': marketEntry('BTC/USDT', { tags: { en_US: ['Hot'], zh_CN: ['热门'] } }),
    'ETH/USDT': marketEntry('ETH/USDT', { sort: 2 }),
  },
};

/** The trade page's market list, where each market's tags follow its name. */
function renderList(coinTagOpen: '0' | '1') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(publicInfoQuery.queryKey, { switch: { coin_tag_open: coinTagOpen }, market: { market: groups } });
  client.setQueryData(userInfoQuery.queryKey, null);
  const current = findMarket(groups, 'BTC_USDT');
  if (!current) throw new Error('no market');
  const router = createMemoryRouter(
    [{ path: '/trade/:symbol', element: <MarketList groups={groups} current={current} /> }],
    { initialEntries: ['/trade/BTC_USDT'] },
  );
  renderRouted(client, router);
}

describe('market tags (coin_tag_open)', () => {
  afterEach(() => i18next.changeLanguage('en_US'));

  it("shows the operator's tag beside its market while the switch is on", () => {
    renderList('1');
    expect(screen.getByText('Hot')).toBeVisible();
    expect(screen.getByRole('link', { name: /BTC\/USDT/ })).toHaveTextContent('Hot');
    expect(screen.getByRole('link', { name: /ETH\/USDT/ })).not.toHaveTextContent('Hot');
  });

  it("shows the reader's language when the operator wrote it", async () => {
    await i18next.changeLanguage('zh_CN');
    renderList('1');
    expect(screen.getByText('热门')).toBeVisible();
    expect(screen.queryByText('Hot')).toBeNull();
  });

  it('falls back to English for a language without tags', async () => {
    await i18next.changeLanguage('ja_JP');
    renderList('1');
    expect(screen.getByText('Hot')).toBeVisible();
  });

  it('shows no tag while the switch is off', () => {
    renderList('0');
    expect(screen.queryByText('Hot')).toBeNull();
  });
});

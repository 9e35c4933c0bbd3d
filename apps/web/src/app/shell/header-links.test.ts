import { describe, expect, it } from 'vitest';
import type { PublicInfo } from '../../api/common.ts';
import {
  accountLinks,
  assetLinks,
  type LinkContext,
  mainLinks,
  moreLinks,
  orderLinks,
  SUBMENU_SPACE_PX,
  submenuPlacement,
} from './header-links.ts';

function ctx(switches: Record<string, string>, extra: Partial<LinkContext> = {}): LinkContext {
  const info = {
    url: { exUrl: '', otcUrl: 'https://otc.example', coUrl: 'https://co.example', mexUrl: '', motcUrl: '', mcoUrl: '' },
    market: { market: { USDT: { 'BTC3L/USDT': { etfOpen: 1 } } } },
  } as unknown as PublicInfo;
  return { switches, isLogin: true, isAgent: false, hasAppPage: false, info, lang: 'en_US', ...extra };
}

const keysOf = (links: { key: string }[]) => links.map((l) => l.key);

describe('header links gated by switches and built products', () => {
  const everySwitch = {
    fiat_trade_open: '1',
    indep_co_switch: '1',
    lever_open: '1',
    etfNavigationSwitch: '1',
    saas_otc_flow_config: '1',
    fiat_open: '1',
    incrementConfigStatus: '1',
    newcoinOpen: '1',
    is_return_open: '1',
    is_financing_open: '1',
    agentUserOpen: '1',
  };

  it('shows only the spot links when every switch is off, and no support centre (not built)', () => {
    expect(keysOf(mainLinks(ctx({})))).toEqual(['market', 'trade', 'tradeMore']);
    expect(keysOf(orderLinks(ctx({})))).toEqual(['exchangeOrder']);
    expect(keysOf(assetLinks(ctx({})))).toEqual(['exchangeAccount']);
    expect(keysOf(accountLinks(ctx({})))).not.toContain('leaglTenderSet');
  });

  it('never links to a product not built, whatever its switch says', () => {
    const all = ctx(everySwitch, { isAgent: true });
    expect(keysOf(mainLinks(all))).toEqual(['market', 'trade', 'tradeMore', 'contract', 'margin', 'etf']);
    expect(mainLinks(all).find((l) => l.key === 'contract')?.to).toBe('/proSwap');
    expect(keysOf(orderLinks(all))).toEqual(['exchangeOrder', 'coOrder', 'leverageOrder']);
    expect(keysOf(assetLinks(all))).toEqual(['exchangeAccount', 'coAccount', 'leverageAccount']);
    expect(keysOf(accountLinks(all))).not.toContain('advertisingManagement');
    expect(keysOf(accountLinks(all))).not.toContain('exBroker');
    expect(moreLinks(all)).toEqual([]);
  });

  it('adds each built feature with its switch', () => {
    const all = ctx(everySwitch);
    expect(mainLinks(all).find((l) => l.key === 'etf')?.to).toBe('/trade/BTC3L_USDT');
    expect(keysOf(accountLinks(all))).toContain('leaglTenderSet');
  });

  it('has a more menu only for the app page while the other products are not built', () => {
    expect(moreLinks(ctx({}))).toEqual([]);
    expect(keysOf(moreLinks(ctx({}, { hasAppPage: true })))).toEqual(['appDownload']);
    expect(keysOf(moreLinks(ctx(everySwitch, { hasAppPage: true })))).toEqual(['appDownload']);
  });

  it('opens the extension below when 350 px are free, else above', () => {
    expect(SUBMENU_SPACE_PX).toBe(350);
    expect(submenuPlacement(350)).toBe('below');
    expect(submenuPlacement(349)).toBe('above');
  });
});

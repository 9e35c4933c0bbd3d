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

describe('header links gated by switches', () => {
  it('shows only the always-on links when every switch is off', () => {
    expect(keysOf(mainLinks(ctx({})))).toEqual(['market', 'trade', 'tradeMore', 'questions']);
    expect(keysOf(orderLinks(ctx({})))).toEqual(['exchangeOrder']);
    expect(keysOf(assetLinks(ctx({})))).toEqual(['exchangeAccount']);
  });

  it('adds each feature with its switch', () => {
    const all = ctx({
      fiat_trade_open: '1',
      indep_co_switch: '1',
      lever_open: '1',
      etfNavigationSwitch: '1',
      saas_otc_flow_config: '1',
      fiat_open: '1',
    });
    expect(keysOf(mainLinks(all))).toEqual([
      'market',
      'trade',
      'tradeMore',
      'otc',
      'contract',
      'margin',
      'etf',
      'mobility',
      'questions',
    ]);
    expect(mainLinks(all).find((l) => l.key === 'etf')?.to).toBe('/trade/BTC3L_USDT');
    expect(mainLinks(all).find((l) => l.key === 'otc')?.href).toBe('https://otc.example/otc/en_US/otcTrade');
    expect(keysOf(orderLinks(all))).toEqual(['exchangeOrder', 'otcOrder', 'coOrder', 'leverageOrder']);
    expect(keysOf(assetLinks(all))).toEqual([
      'exchangeAccount',
      'otcAccount',
      'b2cAccount',
      'coAccount',
      'leverageAccount',
    ]);
    expect(keysOf(accountLinks(all))).toContain('leaglTenderSet');
  });

  it('has no more menu unless new-coin, returns, app page, financing or agent is on', () => {
    expect(moreLinks(ctx({}))).toEqual([]);
    expect(keysOf(moreLinks(ctx({ newcoinOpen: '1' })))).toEqual(['innovation']);
    expect(keysOf(moreLinks(ctx({}, { hasAppPage: true })))).toEqual(['appDownload']);
    expect(keysOf(moreLinks(ctx({ is_return_open: '1', is_financing_open: '1' })))).toEqual([
      'mining',
      'manageFinances',
    ]);
  });

  it('shows the broker entry to agents only, with agentUserOpen on', () => {
    expect(keysOf(moreLinks(ctx({ agentUserOpen: '1' })))).toEqual([]);
    expect(keysOf(moreLinks(ctx({ agentUserOpen: '1' }, { isAgent: true })))).toEqual(['broker']);
  });

  it('opens the extension below when 350 px are free, else above', () => {
    expect(SUBMENU_SPACE_PX).toBe(350);
    expect(submenuPlacement(350)).toBe('below');
    expect(submenuPlacement(349)).toBe('above');
  });
});

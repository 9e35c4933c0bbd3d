import { describe, expect, it } from 'vitest';
import { redirectsFor, routesFor, servedMode, specRoutesFor } from './routes.tsx';

const paths = (mode: 'standard' | 'fiat' | 'futures') => specRoutesFor(mode).map((r) => r.path);
const route = (mode: 'standard' | 'fiat' | 'futures', path: string) => specRoutesFor(mode).find((r) => r.path === path);
const served = (mode: 'standard' | 'fiat' | 'futures') => routesFor(mode).map((r) => r.path);

describe('route table (platform.md §2)', () => {
  it('has every path of the standard set', () => {
    const wanted = [
      '/',
      '/login',
      '/register',
      '/resetPass',
      '/trade',
      '/trade/:symbol',
      '/margin',
      '/margin/:symbol',
      '/market',
      '/mobility',
      '/serviceLimit',
      '/broker',
      '/broker/:item',
      '/innovation',
      '/innovation/:id',
      '/mining',
      '/mesage',
      '/cms/:id?',
      '/noticeInfo/:ntId?',
      '/install',
      '/appDownload',
      '/manageFinances',
      '/manageFinances/:id',
      '/manageFinancesOrder',
      '/freeStaking',
      '/freeStaking/:id',
      '/myPos',
      '/verify',
      '/staking',
      '/tradeMore',
      '/questions/init',
      '/order/exchangeOrder',
      '/assets/bibaoDetail',
      '/personal/leaglTenderSet',
      '/personal/exccAuthorization',
      '/footerPage/about',
      '/footerPage/userGuide',
    ];
    expect(wanted.filter((p) => !paths('standard').includes(p))).toEqual([]);
    expect(paths('standard').filter((p) => p.startsWith('/assets/'))).toHaveLength(21);
    expect(paths('standard').filter((p) => p.startsWith('/personal/'))).toHaveLength(27);
    expect(paths('standard').filter((p) => p.startsWith('/footerPage/'))).toHaveLength(24);
  });

  it('marks the login routes', () => {
    for (const p of [
      '/mobility',
      '/innovation/:id',
      '/mesage',
      '/manageFinances/:id',
      '/myPos',
      '/questions/list',
      '/order/coOrder',
      '/assets/withdraw',
      '/personal/bindGoogle',
    ]) {
      expect(route('standard', p)?.meta.mustLogin, p).toBe(true);
    }
    for (const p of ['/', '/login', '/market', '/innovation', '/noticeInfo/:ntId?']) {
      expect(route('standard', p)?.meta.mustLogin, p).toBeFalsy();
    }
  });

  it('serves the fiat-only and futures-only sets', () => {
    expect(paths('fiat')).toEqual(
      expect.arrayContaining([
        '/',
        '/stranger',
        '/otcTrade',
        '/otcRelease',
        '/otcDetailOrder',
        '/companyApplication',
        '/companyApplicationDetail',
        '/applicationPolicy',
      ]),
    );
    expect(route('fiat', '/companyApplication')?.meta.mustLogin).toBe(true);
    expect(route('fiat', '/')?.name).toBe('fiatDeal');
    expect(paths('futures')).toEqual(
      expect.arrayContaining(['/', '/trade', '/trade/:symbol', '/proSwap', '/proSwap/:symbol', '/futuresData']),
    );
    expect(paths('futures')).not.toContain('/margin');
  });

  it('redirects /questions, /personal and unknown paths', () => {
    expect(redirectsFor('standard')).toEqual([
      { path: '/questions', to: '/questions/init' },
      { path: '/personal', to: '/personal/userManagement' },
      { path: '*', to: '/' },
    ]);
    expect(redirectsFor('futures')).toEqual([{ path: '*', to: '/' }]);
  });

  it('has no path twice in a mode', () => {
    for (const mode of ['standard', 'fiat', 'futures'] as const) {
      expect(new Set(paths(mode)).size).toBe(paths(mode).length);
    }
  });

  it('serves only routes with a page whose product is built: no placeholder', () => {
    const standard = served('standard');
    for (const absent of [
      '/mobility',
      '/mining',
      '/innovation',
      '/broker',
      '/freeStaking',
      '/manageFinances',
      '/questions/init',
      '/order/otcOrder',
      '/assets/otcAccount',
      '/assets/b2cAccount',
      '/personal/advertisingManagement',
    ]) {
      expect(standard, absent).not.toContain(absent);
    }
    for (const present of [
      '/',
      '/trade/:symbol',
      '/margin',
      '/margin/:symbol',
      '/order/exchangeOrder',
      '/order/leverageOrder',
      '/assets/recharge',
      '/assets/leverageAccount',
      '/assets/leverageToLoan',
      '/assets/lerverageFlowingWater',
      '/proSwap',
      '/proSwap/:symbol',
      '/futuresData',
      '/order/coOrder',
      '/assets/coAccount',
      '/assets/coFlowingWater',
      '/footerPage/siteMap',
    ]) {
      expect(standard, present).toContain(present);
    }
    expect(routesFor('standard').every((r) => typeof r.load === 'function')).toBe(true);
  });

  it('serves the standard set in a site mode whose product is not built', () => {
    expect(servedMode('standard')).toBe('standard');
    expect(servedMode('fiat')).toBe('standard');
    expect(servedMode('futures')).toBe('futures');
  });

  it('trades contracts at /trade in the futures-only mode', () => {
    const futures = routesFor('futures');
    for (const path of ['/trade', '/trade/:symbol', '/proSwap/:symbol'])
      expect(futures.find((r) => r.path === path)?.name, path).toBe('proSwap');
  });
});

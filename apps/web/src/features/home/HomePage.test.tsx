import '../../ui/testing/dom.ts';
import '../../i18n/test-i18n.ts';
import { index } from '@opex/contract/calls/common';
import type { Candle } from '@opex/contract/realtime';
import { QueryClient } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { publicInfoQuery } from '../../api/common.ts';
import { callKey } from '../../api/query.ts';
import { userInfoQuery } from '../../api/user.ts';
import { renderRouted } from '../../ui/testing/render-routed.tsx';
import HomePage from './HomePage.tsx';
import { sparklinePoints } from './sparkline.ts';

const realtime = vi.hoisted(() => ({ candles: [] as Candle[] }));
vi.mock('../../realtime/index.ts', async (original) => ({
  ...(await original<typeof import('../../realtime/index.ts')>()),
  useChannels: () => ({}),
  useChannelRequest: () => ({ data: realtime.candles, loading: false }),
}));

const HOUR = 3600;
const candle = (hour: number, close: string): Candle => ({
  id: 1_700_000_000 - (1_700_000_000 % HOUR) + hour * HOUR,
  open: close,
  close,
  high: close,
  low: close,
  vol: '1',
  amount: close,
});
const btc = {
  symbol: 'btcusdt',
  name: 'BTC/USDT',
  base: 'BTC',
  quote: 'USDT',
  close: '65000.00',
  open: '64000.00',
  high: '65500.00',
  low: '63900.00',
  rose: '0.0156',
  vol: '12.5',
  amount: '800000',
};

function renderHome(indexKlineSwitch: '0' | '1') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(publicInfoQuery.queryKey, {
    msg: { company_name: 'Opex' },
    indexHeaderTitle: {},
    switch: { index_kline_switch: indexKlineSwitch },
    market: { market: { USDT: {} }, maket_index: 'USDT' },
  });
  client.setQueryData(userInfoQuery.queryKey, null);
  client.setQueryData(callKey(index, {}), { cmsAdvertList: [], noticeInfoList: [], marketList: [btc] });
  renderRouted(client, createMemoryRouter([{ path: '/', element: <HomePage /> }]));
}

describe("the home page's mini charts (index_kline_switch)", () => {
  beforeEach(() => {
    localStorage.clear();
    // A day of hourly closes rising from 64000 to 65000, plus one from the day before, left out.
    realtime.candles = [candle(-25, '1'), ...Array.from({ length: 24 }, (_, h) => candle(h - 23, `${64000 + h * 40}`))];
  });

  it("draws each market's last 24 h while the switch is on", () => {
    renderHome('1');
    expect(screen.getByRole('columnheader', { name: 'Last 24h' })).toBeInTheDocument();
    const chart = screen.getByRole('img', { name: 'BTC/USDT price over the last 24 hours' });
    expect(chart).toHaveAttribute('data-direction', 'rise');
    const points = chart.querySelector('polyline')?.getAttribute('points')?.split(' ') ?? [];
    expect(points).toHaveLength(24);
    expect(points[0]).toBe('0,28');
    expect(points.at(-1)).toBe('96,0');
  });

  it('draws none while the switch is off', () => {
    renderHome('0');
    expect(screen.getByRole('link', { name: /BTC/ })).toBeVisible();
    // The day's volume carries its coin.
    expect(screen.getByText('12.5 BTC')).toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Last 24h' })).toBeNull();
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('scales prices exactly, beyond what a float tells apart', () => {
    const closes = ['90071992547409.91', '90071992547409.92', '90071992547409.93'];
    expect(sparklinePoints(closes, 100, 10)).toBe('0,10 50,5 100,0');
    expect(sparklinePoints(['5', '5'], 100, 10)).toBe('0,5 100,5');
  });
});

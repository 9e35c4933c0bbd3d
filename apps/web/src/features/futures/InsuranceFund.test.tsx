import '../../i18n/test-i18n.ts';
import { getRiskAccount, riskBalanceList } from '@opex/contract/calls/co-common';
import { QueryClient } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRouted } from '../../ui/testing/render-routed.tsx';
import { InsuranceFund } from './InsuranceFund.tsx';

const calls = vi.hoisted(() => ({ invoke: vi.fn(), drawn: [] as unknown[][] }));
vi.mock('../../api/call.ts', async (original) => ({
  ...(await original<typeof import('../../api/call.ts')>()),
  invoke: calls.invoke,
}));
// A canvas cannot draw here: the chart keeps what it was given.
vi.mock('lightweight-charts', () => ({
  ColorType: { Solid: 'solid' },
  LineType: { WithSteps: 1 },
  LineSeries: 'Line',
  createChart: () => ({
    addSeries: () => ({ applyOptions: () => undefined, setData: (points: unknown[]) => calls.drawn.push(points) }),
    timeScale: () => ({ fitContent: () => undefined }),
    remove: () => undefined,
  }),
}));

const movements = (coin: string) => ({
  historyList: [
    { id: 2, ctime: Date.UTC(2026, 0, 2), type: 2, hisAmount: '5' },
    { id: 1, ctime: Date.UTC(2026, 0, 1), type: 1, hisAmount: '25.125' },
  ],
  brokenLineList:
    coin === 'USDT'
      ? [
          { ctime: Date.UTC(2026, 0, 1), amount: '25.125' },
          { ctime: Date.UTC(2026, 0, 2), amount: '20.125' },
        ]
      : [],
  hisCount: 45,
});

function renderFund() {
  calls.invoke.mockImplementation(async (call: { name: string }, input: Record<string, unknown>) => {
    if (call.name === getRiskAccount.name) return { amount: input.coinSymbol === 'USDT' ? '20.125' : '0' };
    if (call.name === riskBalanceList.name) return movements(String(input.symbol));
    throw new Error(`unexpected call ${call.name}`);
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const element = <InsuranceFund coins={['USDT', 'BTC']} initialCoin="USDT" digitsOf={(c) => (c === 'BTC' ? 8 : 2)} />;
  renderRouted(client, createMemoryRouter([{ path: '/', element }]));
}

describe('the insurance fund on /futuresData', () => {
  beforeEach(() => {
    calls.invoke.mockReset();
    calls.drawn.length = 0;
  });

  it('shows the balance, the movements taken over and paid out, paged, and the balance line', async () => {
    renderFund();
    expect(await screen.findByText('20.12 USDT')).toHaveAttribute('data-testid', 'insurance-balance');
    const table = screen.getByRole('table', { name: 'Fund movements' });
    expect(await within(table).findByText('Taken over')).toBeVisible();
    expect(within(table).getByText('+25.12')).toBeVisible();
    expect(within(table).getByText('Paid out')).toBeVisible();
    expect(within(table).getByText('-5.00')).toBeVisible();
    await waitFor(() => expect(calls.drawn.at(-1)).toHaveLength(2));
    expect(screen.getByRole('img', { name: 'Insurance fund balance over time (USDT)' })).toHaveAttribute(
      'data-points',
      '2',
    );
    // 45 movements: three pages; the second asks for page 2.
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() =>
      expect(calls.invoke).toHaveBeenCalledWith(
        riskBalanceList,
        { symbol: 'USDT', page: 2, limit: 20 },
        expect.anything(),
      ),
    );
  });

  it("shows another margin coin's fund", async () => {
    renderFund();
    await screen.findByText('20.12 USDT');
    await userEvent.click(screen.getByRole('combobox', { name: 'Margin coin' }));
    await userEvent.click(screen.getByRole('option', { name: 'BTC' }));
    expect(await screen.findByText('0.00000000 BTC')).toBeVisible();
    expect(calls.invoke).toHaveBeenCalledWith(
      riskBalanceList,
      { symbol: 'BTC', page: 1, limit: 20 },
      expect.anything(),
    );
  });
});

import '../../ui/testing/dom.ts';
import '../../i18n/test-i18n.ts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { CoPosition } from '../../api/futures.ts';
import { http } from '../../api/http.ts';
import { btcContract } from '../../futures/testing/contract-fixture.ts';
import { btcPosition } from '../../futures/testing/position-fixture.ts';
import { ToastProvider } from '../../ui/toast/ToastProvider.tsx';
import { PositionsTable } from './PositionsTable.tsx';

const contract = btcContract();

function renderTable(positions: CoPosition[]) {
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <ToastProvider>
        <PositionsTable
          positions={positions}
          contracts={new Map([[contract.contractName, contract]])}
          unit={2}
          loading={false}
        />
      </ToastProvider>
    </QueryClientProvider>,
  );
}

const sent = (post: { mock: { calls: unknown[][] } }) =>
  post.mock.calls.filter((args) => String(args[0]).endsWith('order/order_create')).map((args) => args[1]);

describe('PositionsTable', () => {
  it('closes every position at market after asking, tries them all, and names a refusal by its code', async () => {
    let calls = 0;
    const post = vi.spyOn(http, 'post').mockImplementation(async () => {
      calls += 1;
      // The first close is refused: its position was closed meanwhile.
      return calls === 1
        ? { data: { code: '67005', msg: 'no position' } }
        : { data: { code: '0', data: { orderId: String(calls) } } };
    });
    renderTable([btcPosition(), btcPosition({ id: '32', orderSide: 'SELL', canCloseVolume: '4' })]);
    fireEvent.click(screen.getByRole('button', { name: 'Close all' }));
    const dialog = await screen.findByRole('dialog', { name: 'Close all positions' });
    expect(sent(post)).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close all' }));
    await waitFor(() => expect(sent(post)).toHaveLength(2));
    expect(sent(post)).toEqual([
      expect.objectContaining({ side: 'SELL', volume: '10', open: 'CLOSE', type: 2 }),
      expect.objectContaining({ side: 'BUY', volume: '4', open: 'CLOSE', type: 2 }),
    ]);
    expect(await screen.findByText('There is no position to close.')).toBeInTheDocument();
    post.mockRestore();
  });

  it('reverses a position after asking: the market close, then the other side at market', async () => {
    const post = vi.spyOn(http, 'post').mockResolvedValue({ data: { code: '0', data: { orderId: '1' } } });
    renderTable([btcPosition()]);
    fireEvent.click(screen.getByRole('button', { name: 'Reverse' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reverse · E-BTC-USDT' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reverse' }));
    await waitFor(() => expect(sent(post)).toHaveLength(2));
    expect(sent(post)).toEqual([
      expect.objectContaining({ side: 'SELL', volume: '10', open: 'CLOSE', type: 2 }),
      expect.objectContaining({ side: 'SELL', volume: '510', open: 'OPEN', type: 2 }),
    ]);
    expect(await screen.findByText('Position reversed.')).toBeInTheDocument();
    post.mockRestore();
  });

  it('sends no opening order when the close is refused', async () => {
    const post = vi.spyOn(http, 'post').mockResolvedValue({ data: { code: '67004', msg: 'over closable' } });
    renderTable([btcPosition()]);
    fireEvent.click(screen.getByRole('button', { name: 'Reverse' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reverse' }));
    await waitFor(() => expect(sent(post)).toHaveLength(1));
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
    post.mockRestore();
  });
});

import '../../i18n/test-i18n.ts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '../../ui/toast/ToastProvider.tsx';

const invoke = vi.fn();
vi.mock('../../api/call.ts', () => ({
  invoke: (...args: unknown[]) => invoke(...args),
  CallFailure: class extends Error {},
}));
const { DepositAddressCard } = await import('./DepositAddressCard.tsx');

const coin = { symbol: 'BTC', name: 'Bitcoin', icon: '', showPrecision: 6, depositOpen: 1, chains: [] };
const chain = { chain: 'BTC', name: 'Bitcoin', minDeposit: '0.0001', confirmations: 2, needMemo: 0 };
const reply = {
  symbol: 'BTC',
  chain: 'BTC',
  state: 'ready',
  address: 'bcrt1qz74qxfhwhf8wd3aq0neh9e8dtp8szgg229a69z',
  memo: '',
  needMemo: 0,
  minDeposit: '0.0001',
  confirmations: 2,
  error: '',
};

function show(node: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <ToastProvider>{node}</ToastProvider>
    </QueryClientProvider>,
  );
}

describe('the deposit address card', () => {
  beforeEach(() => invoke.mockReset());

  it('shows the address with its QR code, the minimum and the confirmations', async () => {
    invoke.mockResolvedValue(reply);
    show(<DepositAddressCard coin={coin} chain={chain} />);
    expect(await screen.findByTestId('deposit-address')).toHaveTextContent(reply.address);
    expect(await screen.findByRole('img', { name: 'QR code of your BTC deposit address on Bitcoin' })).toBeVisible();
    expect(screen.getByText('0.0001 BTC')).toBeVisible();
    expect(screen.getByText('2 blocks')).toBeVisible();
    expect(screen.queryByTestId('deposit-memo')).toBeNull();
    expect(invoke.mock.calls[0]?.[1]).toEqual({ symbol: 'BTC', chain: 'BTC' });
  });

  it('shows the memo and its warning where the chain needs one', async () => {
    invoke.mockResolvedValue({ ...reply, needMemo: 1, memo: '101' });
    show(<DepositAddressCard coin={coin} chain={{ ...chain, needMemo: 1 }} />);
    expect(await screen.findByTestId('deposit-memo')).toHaveTextContent('101');
    expect(screen.getByRole('note')).toHaveTextContent('A BTC deposit without this memo cannot be credited');
  });

  it('says plainly why there is no address, and asks again on retry', async () => {
    invoke.mockResolvedValueOnce({ ...reply, state: 'failed', address: '', error: 'no_xpub' });
    show(<DepositAddressCard coin={coin} chain={chain} />);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your deposit address could not be made: the exchange has not set up this network yet.',
    );
    expect(screen.queryByTestId('deposit-address')).toBeNull();
    invoke.mockResolvedValueOnce(reply);
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('deposit-address')).toHaveTextContent(reply.address);
  });

  it('asks for no address while the coin is closed for deposits', async () => {
    show(<DepositAddressCard coin={{ ...coin, depositOpen: 0 }} chain={chain} />);
    expect(screen.getByText('Deposits of BTC are closed for now.')).toBeVisible();
    expect(invoke).not.toHaveBeenCalled();
  });
});

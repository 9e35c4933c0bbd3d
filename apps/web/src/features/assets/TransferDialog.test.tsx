import '../../i18n/test-i18n.ts';
import '../../ui/testing/dom.ts';
import type { CallDef } from '@opex/contract/call';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '../../ui/toast/ToastProvider.tsx';

// The transport is the boundary here: the server's side of these calls is tested over HTTP (account-transfer.test).
const invoke = vi.fn();
vi.mock('../../api/call.ts', async (original) => ({
  ...(await original<object>()),
  invoke: (...args: unknown[]) => invoke(...args),
}));
const { TransferDialog } = await import('./TransferDialog.tsx');

const coin = (coinName: string, normal: string) => ({
  coinName,
  normal_balance: normal,
  lock_balance: '0',
  total_balance: normal,
  allBtcValuatin: '0',
  depositOpen: 1,
  withdrawOpen: 1,
  sort: 1,
  isFiat: 0,
  showPrecision: 2,
  overcharge_balance: '0',
  lock_position_balance: '0',
  lock_increment_amount: '0',
});

function answer(call: CallDef, input: Record<string, unknown>) {
  if (call.name === 'finance/account_type_balance') {
    const held = input.accountType === 'exchange' ? '100.25' : '3';
    return {
      accountType: input.accountType,
      totalBalance: '0',
      totalBalanceSymbol: 'BTC',
      allCoinMap: { USDT: coin('USDT', held) },
    };
  }
  if (call.name === 'finance/otc_transfer')
    return {
      transferId: 'transfer:x',
      amount: input.amount,
      coinSymbol: 'USDT',
      fromAccount: input.fromAccount,
      toAccount: input.toAccount,
    };
  throw new Error(`unexpected call ${call.name}`);
}

function renderDialog(onClose = vi.fn()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ToastProvider>
        <TransferDialog
          start={{ from: 'exchange', coin: 'USDT' }}
          offered={['exchange', 'otc', 'co']}
          onClose={onClose}
        />
      </ToastProvider>
    </QueryClientProvider>,
  );
  return onClose;
}

const transfers = () => invoke.mock.calls.filter(([call]) => (call as CallDef).name === 'finance/otc_transfer');

describe('the transfer dialog', () => {
  beforeEach(() => {
    invoke.mockReset();
    invoke.mockImplementation(async (call: CallDef, input: Record<string, unknown>) => answer(call, input));
  });

  it('refuses more than the source account holds before asking the server', async () => {
    renderDialog();
    await screen.findByText('100.25 USDT');
    await userEvent.type(screen.getByLabelText('Amount'), '100.26');
    await userEvent.click(screen.getByRole('button', { name: 'Transfer' }));
    expect(await screen.findByText('The amount is more than the available balance.')).toBeInTheDocument();
    expect(transfers()).toEqual([]);
  });

  it('sends the exact amount between the chosen accounts and closes', async () => {
    const onClose = renderDialog();
    await screen.findByText('100.25 USDT');
    await userEvent.click(screen.getByRole('button', { name: 'Max' }));
    expect(screen.getByLabelText('Amount')).toHaveValue('100.25');
    await userEvent.click(screen.getByRole('button', { name: 'Transfer' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(transfers().map(([, input]) => input)).toEqual([
      { fromAccount: 'exchange', toAccount: 'otc', amount: '100.25', coinSymbol: 'USDT' },
    ]);
    expect(await screen.findByText('Transferred 100.25 USDT from Spot to P2P.')).toBeInTheDocument();
  });

  it('swaps the accounts, and reads the new source account balance', async () => {
    renderDialog();
    await screen.findByText('100.25 USDT');
    await userEvent.click(screen.getByRole('button', { name: 'Swap accounts' }));
    expect(screen.getByRole('combobox', { name: 'From' })).toHaveTextContent('P2P');
    expect(screen.getByRole('combobox', { name: 'To' })).toHaveTextContent('Spot');
    expect(await screen.findByText('3.00 USDT')).toBeInTheDocument();
  });
});

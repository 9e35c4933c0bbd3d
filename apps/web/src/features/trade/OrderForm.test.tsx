import '../../ui/testing/dom.ts';
import '../../i18n/test-i18n.ts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { publicInfoQuery } from '../../api/common.ts';
import { http } from '../../api/http.ts';
import { marginOrderCalls, spotOrderCalls } from '../../api/orders.ts';
import { type UserInfo, userInfoQuery } from '../../api/user.ts';
import type { ChosenMarket } from '../../markets/market-symbol.ts';
import { OrderForm, type OrderFormProps } from './OrderForm.tsx';
import { marketEntry } from './testing/market-entry.ts';

// The market's live ticker, as the realtime worker would give it.
const live = vi.hoisted(() => ({ ticker: undefined as { close: string } | undefined }));
vi.mock('../../realtime/index.ts', () => ({ useChannel: () => live.ticker }));

const market: ChosenMarket = {
  title: 'USDT',
  name: 'BTC/USDT',
  base: 'BTC',
  quote: 'USDT',
  entry: marketEntry('BTC/USDT', { volume: 6 }),
};

function renderForm(
  overrides: Partial<OrderFormProps> = {},
  switches: Record<string, string> = {},
  user: Pick<UserInfo, 'authLevel'> = { authLevel: 0 },
  kycLimitConfig = { lever_trade_kyc_open: 0 },
) {
  const props: OrderFormProps = {
    market,
    side: 'BUY',
    kind: 'limit',
    available: '1000',
    isLogin: true,
    offeredPrice: { price: '65000' },
    calls: spotOrderCalls,
    onPlaced: () => undefined,
    ...overrides,
  };
  const client = new QueryClient();
  client.setQueryData(publicInfoQuery.queryKey, {
    market: { coinList: { USDT: { showPrecision: 2 }, BTC: { showPrecision: 6 } } },
    switch: switches,
    kycLimitConfig,
  });
  client.setQueryData(userInfoQuery.queryKey, user as UserInfo);
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <OrderForm {...props} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('OrderForm', () => {
  it('shows what the market or the balance refuses and sends nothing', () => {
    const post = vi.spyOn(http, 'post');
    renderForm();
    expect(screen.getByLabelText('Price')).toHaveValue('65000');
    fireEvent.change(screen.getByLabelText('Amount'), { target: { value: '0.00005' } });
    fireEvent.click(screen.getByRole('button', { name: 'Buy BTC' }));
    expect(screen.getByText('The smallest amount is 0.0001')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Amount'), { target: { value: '0.1' } });
    expect(screen.getByText('Not enough USDT available')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Buy BTC' }));
    expect(post).not.toHaveBeenCalled();
    post.mockRestore();
  });

  it('on a margin account: no time in force, and lever/order/create with auto-borrow and auto-repay', async () => {
    const post = vi.spyOn(http, 'post').mockResolvedValue({ data: { code: '0', data: { order_id: 7 } } });
    renderForm({ calls: marginOrderCalls, available: '0' });
    expect(screen.queryByRole('tablist', { name: 'Time in force' })).not.toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Amount'), { target: { value: '0.01' } });
    fireEvent.click(screen.getByLabelText('Auto-borrow'));
    fireEvent.click(screen.getByRole('button', { name: 'Buy BTC' }));
    await screen.findByText('Order placed.');
    expect(post).toHaveBeenCalledWith(
      'fe-ex-api/lever/order/create',
      { side: 'BUY', type: 1, price: '65000', volume: '0.01', symbol: 'btcusdt', autoBorrow: 1, autoRepay: 0 },
      expect.anything(),
    );
    post.mockRestore();
  });

  it('takes a price picked in the book, but the last price never overwrites a typed one', () => {
    const { rerender } = renderForm({ offeredPrice: undefined });
    const props = {
      market,
      side: 'BUY',
      kind: 'limit',
      available: '1',
      isLogin: true,
      calls: spotOrderCalls,
      onPlaced: () => undefined,
    } as const;
    const again = (offeredPrice: OrderFormProps['offeredPrice']) =>
      rerender(
        <QueryClientProvider client={new QueryClient()}>
          <MemoryRouter>
            <OrderForm {...props} offeredPrice={offeredPrice} />
          </MemoryRouter>
        </QueryClientProvider>,
      );
    fireEvent.change(screen.getByLabelText('Price'), { target: { value: '1000' } });
    again({ price: '65000', ifEmpty: true });
    expect(screen.getByLabelText('Price')).toHaveValue('1000');
    again({ price: '64999.5' });
    expect(screen.getByLabelText('Price')).toHaveValue('64999.5');
  });

  it('fills a share of the balance from the slider and shows the exact total', () => {
    renderForm();
    const slider = screen.getByRole('slider', { name: 'Share of the available balance' });
    expect(slider).toHaveAttribute('aria-valuetext', '0%');
    fireEvent.change(slider, { target: { value: '25' } });
    expect(screen.getByLabelText('Amount')).toHaveValue('0.003846');
    expect(screen.getByText('249.99 USDT')).toBeInTheDocument();
    expect(slider).toHaveAttribute('aria-valuetext', '25%');
    // A whole product keeps the quote decimals: 6,500.00, never 6,500.
    fireEvent.change(screen.getByLabelText('Amount'), { target: { value: '0.1' } });
    expect(screen.getByText('6,500.00 USDT')).toBeInTheDocument();
    fireEvent.change(slider, { target: { value: '0' } });
    expect(screen.getByLabelText('Amount')).toHaveValue('');
  });

  it('moves the slider a quarter with Page Up and Page Down, and follows a typed amount', () => {
    renderForm({ side: 'SELL', available: '2' });
    const slider = screen.getByRole('slider', { name: 'Share of the available balance' });
    fireEvent.keyDown(slider, { key: 'PageUp' });
    fireEvent.keyDown(slider, { key: 'PageUp' });
    expect(slider).toHaveValue('50');
    expect(screen.getByLabelText('Amount')).toHaveValue('1.000000');
    fireEvent.keyDown(slider, { key: 'PageDown' });
    expect(screen.getByLabelText('Amount')).toHaveValue('0.500000');
    fireEvent.change(screen.getByLabelText('Amount'), { target: { value: '1.5' } });
    expect(slider).toHaveValue('75');
  });

  it('keeps the slider off for visitors', () => {
    renderForm({ isLogin: false, available: undefined });
    expect(screen.getByRole('slider', { name: 'Share of the available balance' })).toBeDisabled();
  });

  it('asks a market buy for the quote amount to spend, at quote decimals', () => {
    renderForm({ kind: 'market' });
    expect(screen.queryByLabelText('Price')).toBeNull();
    fireEvent.change(screen.getByLabelText('Total to spend'), { target: { value: '4.999' } });
    expect(screen.getByLabelText('Total to spend')).toHaveValue('4.99');
    fireEvent.click(screen.getByRole('button', { name: 'Buy BTC' }));
    expect(screen.getByText('Spend at least 5')).toBeInTheDocument();
  });

  it('holds a limit price to the band at the last price, naming its edge', () => {
    const post = vi.spyOn(http, 'post');
    live.ticker = { close: '25000' };
    const banded = { ...market, entry: marketEntry('BTC/USDT', { volume: 6, priceBandUp: '10', priceBandDown: '10' }) };
    renderForm({ market: banded, offeredPrice: { price: '27500.01' } });
    fireEvent.change(screen.getByLabelText('Amount'), { target: { value: '0.01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Buy BTC' }));
    expect(screen.getByText('Buy price must be at most 27,500.00 USDT (10% above the last price)')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Price'), { target: { value: '27500' } });
    expect(screen.queryByText(/Buy price must be at most/)).toBeNull();
    expect(post).not.toHaveBeenCalled();
    live.ticker = undefined;
    post.mockRestore();
  });

  it('sends a trader whose identity is not verified to verify it while trading needs it', () => {
    const limited = { has_trade_limit_open: '1' };
    const { unmount } = renderForm({}, limited, { authLevel: 1 });
    expect(screen.queryByRole('button', { name: 'Buy BTC' })).toBeNull();
    expect(screen.getByText(/Trading needs your identity verified/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Verify identity' })).toHaveAttribute('href', '/personal/idAuth');
    unmount();
    renderForm({}, limited, { authLevel: 2 });
    expect(screen.getByRole('button', { name: 'Buy BTC' })).toBeInTheDocument();
  });

  it('asks for identity verification before margin orders while the operator requires it, not before spot ones', () => {
    const marginOnly = { lever_trade_kyc_open: 1 };
    const { unmount } = renderForm({ calls: marginOrderCalls }, {}, { authLevel: 1 }, marginOnly);
    expect(screen.queryByRole('button', { name: 'Buy BTC' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Verify identity' })).toHaveAttribute('href', '/personal/idAuth');
    unmount();
    renderForm({}, {}, { authLevel: 1 }, marginOnly);
    expect(screen.getByRole('button', { name: 'Buy BTC' })).toBeInTheDocument();
  });

  it('offers visitors log in and sign up instead of the order button', () => {
    renderForm({ isLogin: false, available: undefined });
    expect(screen.queryByRole('button', { name: 'Buy BTC' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/register');
  });
});

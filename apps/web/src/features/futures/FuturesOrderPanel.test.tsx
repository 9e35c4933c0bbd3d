import '../../ui/testing/dom.ts';
import '../../i18n/test-i18n.ts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { CoUserConfig } from '../../api/futures.ts';
import { http } from '../../api/http.ts';
import { btcContract } from '../../futures/testing/contract-fixture.ts';
import { ToastProvider } from '../../ui/toast/ToastProvider.tsx';
import { FuturesOrderPanel } from './FuturesOrderPanel.tsx';

vi.mock('../../realtime/index.ts', () => ({ useChannel: () => ({ close: '50000' }) }));

const config = (patch: Partial<CoUserConfig> = {}): CoUserConfig => ({
  openContract: 1,
  transStatus: 1,
  coUnit: 2,
  multiplierCoin: 'BTC',
  marginModel: 1,
  positionModel: 1,
  positionModelCanSwitch: true,
  marginModelCanSwitch: true,
  levelCanSwitch: true,
  nowLevel: 10,
  minLevel: 1,
  maxLevel: 125,
  userMaxLevel: 125,
  leverCeiling: {},
  leverOriginCeiling: { '125': '50000' },
  pcSecondConfirm: 0,
  expireTime: 7,
  couponTag: 0,
  ...patch,
});

const account = {
  symbol: 'USDT',
  canUseAmount: '1000',
  totalAmount: '1000',
  totalMargin: '0',
  isolateMargin: '0',
  lockAmount: '0',
  realizedAmount: '0',
  unRealizedAmount: '0',
  totalMarginRate: '0',
};

function renderPanel(user: CoUserConfig) {
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <ToastProvider>
        <MemoryRouter>
          <FuturesOrderPanel
            contract={btcContract()}
            config={user}
            positions={[]}
            account={account}
            unit={2}
            onLocalUnit={() => undefined}
            isLogin
            pickedPrice={undefined}
          />
        </MemoryRouter>
      </ToastProvider>
    </QueryClientProvider>,
  );
}

/** The bodies posted to one call (its path's end). */
const sent = (post: { mock: { calls: unknown[][] } }, path: string) =>
  post.mock.calls.filter((args) => String(args[0]).endsWith(path)).map((args) => args[1]);

describe('FuturesOrderPanel', () => {
  it('fills the last price, shows the max and cost, and places the order', async () => {
    const post = vi.spyOn(http, 'post').mockResolvedValue({ data: { code: '0', data: { orderId: '1' } } });
    renderPanel(config());
    expect(screen.getByLabelText('Price')).toHaveValue('50000');
    // 1000 USDT at 10x = 10000 USDT = 200 contracts of 0.001 BTC at 50000.
    expect(screen.getByTestId('max-quantity')).toHaveTextContent('200 Cont');
    fireEvent.click(screen.getByRole('button', { name: '50%' }));
    expect(screen.getByLabelText('Quantity')).toHaveValue('100');
    expect(screen.getByTestId('order-cost')).toHaveTextContent('500.0000 USDT');
    fireEvent.click(screen.getByRole('radio', { name: 'Post only' }));
    fireEvent.click(screen.getByRole('button', { name: 'Open long' }));
    await waitFor(() => expect(sent(post, 'order/order_create')).toHaveLength(1));
    expect(sent(post, 'order/order_create')[0]).toMatchObject({
      contractId: 7,
      side: 'BUY',
      price: '50000',
      volume: '100',
      open: 'OPEN',
      type: 5,
      leverageLevel: 10,
    });
    post.mockRestore();
  });

  it('refuses locally what the contract forbids, and sends nothing', () => {
    const post = vi.spyOn(http, 'post');
    renderPanel(config());
    fireEvent.change(screen.getByLabelText('Price'), { target: { value: '60000' } });
    fireEvent.change(screen.getByLabelText('Quantity'), { target: { value: '1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Open long' }));
    expect(screen.getByText('The price is too far from the last price: at most 52500.')).toBeInTheDocument();
    expect(sent(post, 'order/order_create')).toHaveLength(0);
    post.mockRestore();
  });

  it('asks again before placing when the user wants it; "don\'t ask again" saves pcSecondConfirm 0', async () => {
    const post = vi.spyOn(http, 'post').mockResolvedValue({ data: { code: '0', data: null } });
    renderPanel(config({ pcSecondConfirm: 1 }));
    fireEvent.change(screen.getByLabelText('Quantity'), { target: { value: '3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Open long' }));
    const dialog = await screen.findByRole('dialog');
    expect(sent(post, 'order/order_create')).toHaveLength(0);
    fireEvent.click(screen.getByRole('checkbox', { name: "Don't ask again" }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Open long' }));
    await waitFor(() => expect(sent(post, 'order/order_create')).toHaveLength(1));
    expect(sent(post, 'user/edit_user_page_config')).toEqual([{ pcSecondConfirm: 0, contractId: 7 }]);
    post.mockRestore();
  });

  it('one-way mode offers reduce-only and no Open/Close tabs; hedge mode the tabs and no reduce-only', () => {
    const oneWay = renderPanel(config());
    expect(screen.getByRole('checkbox', { name: 'Reduce only' })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Close' })).toBeNull();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Reduce only' }));
    expect(screen.getByRole('button', { name: 'Close short' })).toBeInTheDocument();
    oneWay.unmount();
    renderPanel(config({ positionModel: 2 }));
    expect(screen.queryByRole('checkbox', { name: 'Reduce only' })).toBeNull();
    expect(screen.getByRole('tab', { name: 'Close' })).toBeInTheDocument();
  });

  it('places a conditional market order on the mark price, in contracts, after the confirmation', async () => {
    const post = vi.spyOn(http, 'post').mockResolvedValue({ data: { code: '0', data: { orderId: '9' } } });
    renderPanel(config({ pcSecondConfirm: 1 }));
    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Conditional' }));
    fireEvent.click(screen.getByRole('tab', { name: 'Conditional' }));
    fireEvent.change(screen.getByLabelText('Trigger price'), { target: { value: '48000' } });
    const placeAt = within(screen.getByRole('tablist', { name: 'Order when triggered' }));
    fireEvent.mouseDown(placeAt.getByRole('tab', { name: 'Market' }));
    fireEvent.click(placeAt.getByRole('tab', { name: 'Market' }));
    fireEvent.click(screen.getByRole('combobox', { name: 'Trigger on' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Mark' }));
    fireEvent.change(screen.getByLabelText('Quantity'), { target: { value: '4' } });
    fireEvent.click(screen.getByRole('button', { name: 'Open long' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Conditional · Market')).toBeInTheDocument();
    expect(within(dialog).getByText('48,000.0 (Mark)')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Open long' }));
    await waitFor(() => expect(sent(post, 'order/order_create')).toHaveLength(1));
    expect(sent(post, 'order/order_create')[0]).toMatchObject({
      side: 'BUY',
      price: '0',
      volume: '4',
      open: 'OPEN',
      type: 2,
      isConditionOrder: true,
      triggerType: 3,
      triggerPriceType: 2,
      triggerPrice: '48000',
    });
    post.mockRestore();
  });

  it("refuses a trailing stop's callback out of range locally", () => {
    const post = vi.spyOn(http, 'post');
    renderPanel(config());
    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Trailing stop' }));
    fireEvent.click(screen.getByRole('tab', { name: 'Trailing stop' }));
    fireEvent.change(screen.getByLabelText('Callback rate'), { target: { value: '6' } });
    fireEvent.change(screen.getByLabelText('Quantity'), { target: { value: '1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Open long' }));
    expect(screen.getByText('Enter a callback rate from 0.1% to 5%.')).toBeInTheDocument();
    expect(sent(post, 'order/order_create')).toHaveLength(0);
    post.mockRestore();
  });
});

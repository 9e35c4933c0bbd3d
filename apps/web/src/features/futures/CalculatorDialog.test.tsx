import '../../ui/testing/dom.ts';
import '../../i18n/test-i18n.ts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { http } from '../../api/http.ts';
import { btcContract } from '../../futures/testing/contract-fixture.ts';
import { CalculatorDialog } from './CalculatorDialog.tsx';

const ladder = {
  ladderList: {
    ladderList: [
      {
        minPositionValue: '0',
        maxPositionValue: '50000',
        minMarginRate: '0.004',
        maxLever: 125,
        maintenanceAmount: '0',
      },
    ],
  },
  leverList: { minLever: 1, maxLever: 125 },
  leverCeiling: { '125': '50000' },
};

describe('CalculatorDialog', () => {
  it("works out each tab from its fields and the contract's brackets", async () => {
    const post = vi.spyOn(http, 'post').mockResolvedValue({ data: { code: '0', data: ladder } });
    render(
      <QueryClientProvider client={new QueryClient()}>
        <CalculatorDialog contract={btcContract()} unit={2} leverage={10} lastPrice="50000" onClose={() => undefined} />
      </QueryClientProvider>,
    );
    const results = () => screen.getByTestId('calculator-results');
    fireEvent.change(screen.getByLabelText('Exit price'), { target: { value: '52000' } });
    fireEvent.change(screen.getByLabelText('Quantity'), { target: { value: '100' } });
    await waitFor(() => expect(results()).toHaveTextContent('500.0000 USDT'));
    expect(results()).toHaveTextContent('+200.0000 USDT');
    expect(results()).toHaveTextContent('40.00%');

    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Liquidation price' }));
    fireEvent.click(screen.getByRole('tab', { name: 'Liquidation price' }));
    fireEvent.change(screen.getByLabelText('Wallet balance'), { target: { value: '1000' } });
    // 100 contracts (0.1 BTC) long at 50,000 backed by 1,000: 4,000 / 0.0996 = 40,160.64... -> 40,160.7.
    await waitFor(() => expect(results()).toHaveTextContent('40,160.7 USDT'));
    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Isolated' }));
    fireEvent.click(screen.getByRole('tab', { name: 'Isolated' }));
    expect(screen.getByLabelText('Position margin')).toHaveValue('1000');
    post.mockRestore();
  });
});

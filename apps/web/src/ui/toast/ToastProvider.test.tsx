import '../testing/dom.ts';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOAST_DURATION_MS, ToastProvider, useToast } from './ToastProvider.tsx';

function Trigger() {
  const toast = useToast();
  return (
    <>
      <button type="button" onClick={() => toast.error('Order failed')}>
        error
      </button>
      <button type="button" onClick={() => toast.success('Saved')}>
        success
      </button>
      <button type="button" onClick={() => toast.warning('Careful')}>
        warning
      </button>
      <button type="button" onClick={() => toast.info('Note')}>
        info
      </button>
    </>
  );
}

describe('ToastProvider', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const setup = () =>
    render(
      <ToastProvider closeLabel="Dismiss">
        <Trigger />
      </ToastProvider>,
    );

  it('puts a new toast on top of the list', () => {
    setup();
    fireEvent.click(screen.getByText('error'));
    fireEvent.click(screen.getByText('success'));
    const items = screen.getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Saved');
    expect(items[1]).toHaveTextContent('Order failed');
  });

  it('removes a toast after 3000 ms', () => {
    expect(TOAST_DURATION_MS).toBe(3000);
    setup();
    fireEvent.click(screen.getByText('info'));
    act(() => vi.advanceTimersByTime(2999));
    expect(screen.getByText('Note')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Note')).not.toBeInTheDocument();
  });

  it('removes a toast when its close button is clicked', () => {
    setup();
    fireEvent.click(screen.getByText('warning'));
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText('Careful')).not.toBeInTheDocument();
  });

  it('marks each toast with its type and announces errors as alerts', () => {
    setup();
    for (const type of ['error', 'success', 'info', 'warning']) fireEvent.click(screen.getByText(type));
    expect(screen.getAllByRole('listitem').map((item) => item.dataset.type)).toEqual([
      'warning',
      'info',
      'success',
      'error',
    ]);
    expect(screen.getByRole('alert')).toHaveTextContent('Order failed');
    expect(screen.getByRole('alert').closest('[aria-live]')).toHaveAttribute('aria-live', 'polite');
  });

  it('refuses to work without a provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<Trigger />)).toThrow(/ToastProvider/);
  });
});

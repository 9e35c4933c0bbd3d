import '../testing/dom.ts';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DataTable, DEFAULT_LINES, nextSort } from './DataTable.tsx';
import type { TableColumn, TableRow } from './table-types.ts';
import { ROW_HEIGHT_PX } from './use-row-window.ts';
import { WIDTH_REMEASURE_MS } from './use-table-width.ts';

const columns: TableColumn[] = [
  { key: 'pair', title: 'Pair' },
  { key: 'price', title: 'Price', sortable: true, align: 'right', promptText: 'Last traded price' },
  { key: 'side', title: 'Side' },
  { key: 'action', title: 'Action' },
];

const row = (id: string, price: string): TableRow => ({
  id,
  cells: {
    pair: { type: 'text', text: `${id}/USDT` },
    price: { type: 'text', text: price },
    side: { type: 'label', text: 'Buy', tone: 'buy' },
    action: { type: 'subTable', text: 'Details' },
  },
});

const manyRows = (count: number) => Array.from({ length: count }, (_, i) => row(`C${i}`, String(i)));

describe('DataTable', () => {
  afterEach(() => vi.useRealTimers());

  it('draws columns and cells, numbers right-aligned', () => {
    render(<DataTable label="Markets" columns={columns} rows={[row('BTC', '64000.12')]} noDataText="No data" />);
    const table = screen.getByRole('table', { name: 'Markets' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Pair', 'Price?', 'Side', 'Action']);
    const price = screen.getByRole('cell', { name: '64000.12' });
    expect(price).toHaveStyle({ textAlign: 'right' });
  });

  it('labels each cell with its column title, for the stacked phone layout', () => {
    render(<DataTable label="Markets" columns={columns} rows={[row('BTC', '1')]} noDataText="No data" stackOnNarrow />);
    expect(screen.getByRole('cell', { name: 'BTC/USDT' })).toHaveAttribute('data-label', 'Pair');
    expect(screen.getByRole('cell', { name: '1' })).toHaveAttribute('data-label', 'Price');
    expect(screen.getByRole('table', { name: 'Markets' }).className).toMatch(/stacked/);
  });

  it('shows the localised no-data text for an empty list', () => {
    render(<DataTable columns={columns} rows={[]} noDataText="Keine Daten" />);
    expect(screen.getByText('Keine Daten')).toBeInTheDocument();
  });

  it('cycles a sortable column down, up, down and reports key and direction', async () => {
    const onSortChange = vi.fn();
    render(<DataTable columns={columns} rows={[row('BTC', '1')]} noDataText="-" onSortChange={onSortChange} />);
    const header = screen.getByRole('columnheader', { name: /Price/ });
    const button = within(header).getByRole('button', { name: 'Price' });
    await userEvent.click(button);
    expect(onSortChange).toHaveBeenLastCalledWith({ key: 'price', direction: 'down' });
    expect(header).toHaveAttribute('aria-sort', 'descending');
    await userEvent.click(button);
    expect(onSortChange).toHaveBeenLastCalledWith({ key: 'price', direction: 'up' });
    expect(header).toHaveAttribute('aria-sort', 'ascending');
    await userEvent.click(button);
    expect(onSortChange).toHaveBeenLastCalledWith({ key: 'price', direction: 'down' });
    expect(within(screen.getByRole('columnheader', { name: 'Pair' })).queryByRole('button')).toBeNull();
  });

  it('starts a different column descending', () => {
    expect(nextSort({ key: 'price', direction: 'up' }, 'amount')).toEqual({ key: 'amount', direction: 'down' });
  });

  it('opens one sub-table at a time, with a loading state', async () => {
    const user = userEvent.setup();
    const pending = new Map<string, (node: string) => void>();
    const loadSubTable = vi.fn(
      (rowId: string) =>
        new Promise<React.ReactNode>((resolve) => pending.set(rowId, (text) => resolve(<p>{text}</p>))),
    );
    render(
      <DataTable
        columns={columns}
        rows={[row('BTC', '1'), row('ETH', '2')]}
        noDataText="-"
        loadSubTable={loadSubTable}
        loadingText="Loading trades"
      />,
    );
    const [btcToggle, ethToggle] = screen.getAllByRole('button', { name: 'Details' }) as [HTMLElement, HTMLElement];
    await user.click(btcToggle);
    expect(loadSubTable).toHaveBeenCalledWith('BTC');
    expect(btcToggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('status', { name: 'Loading trades' })).toBeInTheDocument();
    await act(async () => pending.get('BTC')?.('BTC trades'));
    expect(screen.getByText('BTC trades')).toBeInTheDocument();

    await user.click(ethToggle);
    expect(btcToggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText('BTC trades')).not.toBeInTheDocument();
    await act(async () => pending.get('ETH')?.('ETH trades'));
    expect(screen.getByText('ETH trades')).toBeInTheDocument();

    await user.click(ethToggle);
    expect(screen.queryByText('ETH trades')).not.toBeInTheDocument();
  });

  it('ignores a sub-table that arrives after its row was closed', async () => {
    const user = userEvent.setup();
    let finish: (node: string) => void = () => {};
    const loadSubTable = () => new Promise<React.ReactNode>((resolve) => (finish = resolve));
    render(<DataTable columns={columns} rows={[row('BTC', '1')]} noDataText="-" loadSubTable={loadSubTable} />);
    const toggle = screen.getByRole('button', { name: 'Details' });
    await user.click(toggle);
    await user.click(toggle);
    await act(async () => finish('late'));
    expect(screen.queryByText('late')).not.toBeInTheDocument();
  });

  it('shows 20 lines of 50 px under a 40 px header before scrolling', () => {
    expect(DEFAULT_LINES).toBe(20);
    expect(ROW_HEIGHT_PX).toBe(50);
    const { container } = render(<DataTable columns={columns} rows={manyRows(3)} noDataText="-" />);
    const scroller = container.firstElementChild as HTMLElement;
    expect(scroller.style.maxHeight).toBe('calc(var(--header-row-height) + calc(var(--row-height) * 20))');
  });

  it('draws only the rows in view of a long list and follows the scroll', () => {
    const { container } = render(<DataTable columns={columns} rows={manyRows(1000)} noDataText="-" lines={20} />);
    expect(screen.getAllByRole('row').length).toBeLessThan(40);
    expect(screen.getByText('C0/USDT')).toBeInTheDocument();
    const scroller = container.firstElementChild as HTMLElement;
    scroller.scrollTop = 500 * ROW_HEIGHT_PX;
    fireEvent.scroll(scroller);
    expect(screen.queryByText('C0/USDT')).not.toBeInTheDocument();
    expect(screen.getByText('C500/USDT')).toBeInTheDocument();
    expect(screen.getByTestId('spacer-top').style.height).toBe('calc(var(--row-height) * 490)');
  });

  it('measures its width at once and again 2 s after the data changes', () => {
    vi.useFakeTimers();
    let width = 800;
    const spy = vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(() => width);
    const { rerender } = render(<DataTable columns={columns} rows={manyRows(2)} noDataText="-" />);
    const table = screen.getByRole('table');
    expect(table.style.width).toBe('800px');
    width = 780;
    rerender(<DataTable columns={columns} rows={manyRows(3)} noDataText="-" />);
    expect(table.style.width).toBe('780px');
    width = 764; // a scrollbar appeared after the rows were drawn
    act(() => vi.advanceTimersByTime(WIDTH_REMEASURE_MS - 1));
    expect(table.style.width).toBe('780px');
    act(() => vi.advanceTimersByTime(1));
    expect(WIDTH_REMEASURE_MS).toBe(2000);
    expect(table.style.width).toBe('764px');
    spy.mockRestore();
  });

  it('draws every cell type', async () => {
    const onClick = vi.fn();
    const onInput = vi.fn();
    render(
      <DataTable
        columns={[{ key: 'a', title: 'A' }]}
        noDataText="-"
        rows={[
          {
            id: '1',
            cells: {
              a: [
                { type: 'button', text: 'Cancel', onClick },
                { type: 'link', text: 'Explorer', href: 'https://example.org/tx', external: true },
                { type: 'input', value: '', onChange: onInput, label: 'Note' },
                { type: 'html', html: '<img src=x onerror=alert(1)>' },
                { type: 'html', html: '<b>bold</b>', trusted: true },
                { type: 'icon', icon: <svg />, label: 'Verified' },
                {
                  type: 'select',
                  value: 'a',
                  selectOption: [{ code: 'a', value: 'Alpha' }],
                  onChange: () => {},
                  label: 'Pick',
                },
              ],
            },
          },
        ]}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClick).toHaveBeenCalledOnce();
    expect(screen.getByRole('link', { name: 'Explorer' })).toHaveAttribute('rel', 'noopener noreferrer');
    fireEvent.change(screen.getByRole('textbox', { name: 'Note' }), { target: { value: 'x' } });
    expect(onInput).toHaveBeenCalledWith('x');
    expect(screen.getByText('<img src=x onerror=alert(1)>')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: '' })).toBeNull();
    expect(screen.getByText('bold').tagName).toBe('B');
    expect(screen.getByRole('img', { name: 'Verified' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Pick' })).toHaveTextContent('Alpha');
  });

  it('shows placeholders while loading', () => {
    render(<DataTable columns={columns} rows={[]} noDataText="No data" loading />);
    expect(screen.getByTestId('skeleton')).toBeInTheDocument();
    expect(screen.queryByText('No data')).not.toBeInTheDocument();
    expect(screen.getByRole('table')).toHaveAttribute('aria-busy', 'true');
  });
});

import '../testing/dom.ts';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PAGE_SIZE, Pagination, pageRange } from './Pagination.tsx';

function Stateful({ total, pageSize }: { total: number; pageSize?: number }) {
  const [page, setPage] = useState(1);
  return <Pagination page={page} total={total} pageSize={pageSize} onPageChange={setPage} />;
}

describe('Pagination', () => {
  it("shows 'start - end of total' with 10 a page by default", () => {
    expect(DEFAULT_PAGE_SIZE).toBe(10);
    render(<Stateful total={25} />);
    expect(screen.getByText('1 - 10 of 25')).toBeInTheDocument();
  });

  it('moves one page at a time and never beyond the last', async () => {
    const user = userEvent.setup();
    render(<Stateful total={25} />);
    const next = screen.getByRole('button', { name: 'Next page' });
    await user.click(next);
    expect(screen.getByText('11 - 20 of 25')).toBeInTheDocument();
    await user.click(next);
    expect(screen.getByText('21 - 25 of 25')).toBeInTheDocument();
    expect(next).toBeDisabled();
  });

  it('never goes before the first page', async () => {
    const user = userEvent.setup();
    render(<Stateful total={25} />);
    const previous = screen.getByRole('button', { name: 'Previous page' });
    expect(previous).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await user.click(previous);
    expect(screen.getByText('1 - 10 of 25')).toBeInTheDocument();
  });

  it('handles an empty list and a custom page size', () => {
    expect(pageRange(1, 0, 10)).toEqual({ start: 0, end: 0 });
    render(<Stateful total={7} pageSize={5} />);
    expect(screen.getByText('1 - 5 of 7')).toBeInTheDocument();
  });
});

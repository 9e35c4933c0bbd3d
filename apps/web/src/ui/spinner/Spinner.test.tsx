import '../testing/dom.ts';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Skeleton, Spinner } from './Spinner.tsx';

describe('Spinner and Skeleton', () => {
  it('announces loading with a status role', () => {
    render(<Spinner label="Loading orders" />);
    expect(screen.getByRole('status', { name: 'Loading orders' })).toBeInTheDocument();
  });

  it('stays silent when unlabelled', () => {
    render(<Spinner label="" />);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('draws the requested number of placeholder lines, hidden from assistive tech', () => {
    render(<Skeleton lines={3} />);
    const skeleton = screen.getByTestId('skeleton');
    expect(skeleton.children).toHaveLength(3);
    expect(skeleton).toHaveAttribute('aria-hidden', 'true');
  });
});

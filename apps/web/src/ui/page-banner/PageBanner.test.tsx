import '../testing/dom.ts';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PageBanner } from './PageBanner.tsx';

describe('PageBanner', () => {
  it('defaults to the help-centre title', () => {
    render(<PageBanner />);
    expect(screen.getByRole('heading', { level: 1, name: 'Help Center' })).toBeInTheDocument();
  });

  it('shows the given title over the background image', () => {
    render(
      <PageBanner title="Fees" imageUrl="/img/banner.png">
        What trading costs
      </PageBanner>,
    );
    expect(screen.getByRole('heading', { name: 'Fees' })).toBeInTheDocument();
    expect(screen.getByRole('banner').style.getPropertyValue('--banner-image')).toBe('url("/img/banner.png")');
    expect(screen.getByText('What trading costs')).toBeInTheDocument();
  });
});

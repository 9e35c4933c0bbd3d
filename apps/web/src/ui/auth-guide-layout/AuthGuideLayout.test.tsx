import '../testing/dom.ts';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AuthGuideLayout } from './AuthGuideLayout.tsx';

describe('AuthGuideLayout', () => {
  it('shows the logo linking home, the guide and the form', () => {
    render(
      <AuthGuideLayout logoUrl="/logo.svg" logoAlt="Opex" guide={<p>Trade with confidence</p>}>
        <form aria-label="Log in" />
      </AuthGuideLayout>,
    );
    const logo = screen.getByRole('img', { name: 'Opex' });
    expect(logo).toHaveAttribute('src', '/logo.svg');
    expect(logo.closest('a')).toHaveAttribute('href', '/');
    expect(screen.getByText('Trade with confidence')).toBeInTheDocument();
    expect(screen.getByRole('main')).toContainElement(screen.getByRole('form', { name: 'Log in' }));
  });
});

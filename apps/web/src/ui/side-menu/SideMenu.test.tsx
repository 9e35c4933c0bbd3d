import '../testing/dom.ts';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SideMenu, type SideMenuItem } from './SideMenu.tsx';

const items: SideMenuItem[] = [
  {
    id: 'assets',
    navText: 'Assets',
    type: 1,
    iconSvg: <svg data-testid="icon" />,
    activeIconSvg: <svg data-testid="active-icon" />,
  },
  { id: 'spot', navText: 'Spot account', type: 2, href: '/assets/exchangeAccount' },
  { id: 'otc', navText: 'OTC account', type: 2, href: '/assets/otcAccount', display: 'none' },
  { id: 'orders', navText: 'Orders', type: 1 },
];

describe('SideMenu', () => {
  it('hides items whose display is none', () => {
    render(<SideMenu label="Account" items={items} />);
    expect(screen.queryByText('OTC account')).not.toBeInTheDocument();
    expect(screen.getAllByRole('listitem')).toHaveLength(3);
  });

  it('marks the active item as the current page', () => {
    render(<SideMenu label="Account" items={items} activeId="spot" />);
    expect(screen.getByRole('link', { name: 'Spot account' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('button', { name: 'Orders' })).not.toHaveAttribute('aria-current');
  });

  it('shows the active icon on the active item', () => {
    const { rerender } = render(<SideMenu label="Account" items={items} />);
    expect(screen.getByTestId('icon')).toBeInTheDocument();
    rerender(<SideMenu label="Account" items={items} activeId="assets" />);
    expect(screen.getByTestId('active-icon')).toBeInTheDocument();
  });

  it('reports the selected item and uses the given link renderer', async () => {
    const onSelect = vi.fn();
    render(
      <SideMenu
        label="Account"
        items={items}
        onSelect={onSelect}
        renderLink={({ href, className, children }) => (
          <a href={`#router${href}`} className={className}>
            {children}
          </a>
        )}
      />,
    );
    expect(screen.getByRole('link', { name: 'Spot account' })).toHaveAttribute(
      'href',
      '#router/assets/exchangeAccount',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Orders' }));
    expect(onSelect).toHaveBeenCalledWith(items[3]);
  });
});

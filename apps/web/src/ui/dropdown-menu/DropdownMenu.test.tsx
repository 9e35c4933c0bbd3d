import '../testing/dom.ts';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DropdownMenu } from './DropdownMenu.tsx';

describe('DropdownMenu', () => {
  it('opens from the keyboard, moves with arrows, selects with Enter', async () => {
    const user = userEvent.setup();
    const onLogout = vi.fn();
    render(
      <DropdownMenu
        trigger="alice@example.com"
        header="Verified"
        items={[
          { key: 'orders', label: 'Orders', href: '/order/exchangeOrder' },
          { key: 'logout', label: 'Log out', onSelect: onLogout, danger: true },
        ]}
      />,
    );
    await user.tab();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('menu')).toHaveTextContent('Verified');
    expect(screen.getByRole('menuitem', { name: 'Orders' })).toHaveAttribute('href', '/order/exchangeOrder');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Log out' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(onLogout).toHaveBeenCalledOnce();
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('closes on Esc and gives focus back to the trigger', async () => {
    const user = userEvent.setup();
    render(<DropdownMenu trigger="Language" items={[{ key: 'en', label: 'English' }]} />);
    await user.click(screen.getByRole('button', { name: 'Language' }));
    expect(screen.getByRole('menu')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Language' })).toHaveFocus();
  });
});

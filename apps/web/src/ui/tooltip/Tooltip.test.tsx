import '../testing/dom.ts';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Tooltip } from './Tooltip.tsx';

describe('Tooltip', () => {
  it('shows on keyboard focus and hides on Esc', async () => {
    const user = userEvent.setup();
    render(
      <Tooltip content="Fee charged by the network" delayMs={0}>
        <button type="button">Fee</button>
      </Tooltip>,
    );
    await user.tab();
    expect(screen.getByRole('button', { name: 'Fee' })).toHaveFocus();
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Fee charged by the network');
    expect(screen.getByRole('button', { name: 'Fee' })).toHaveAccessibleDescription('Fee charged by the network');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });
});

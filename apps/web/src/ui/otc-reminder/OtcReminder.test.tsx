import '../testing/dom.ts';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { OtcReminder } from './OtcReminder.tsx';

describe('OtcReminder', () => {
  it('starts collapsed and opens and closes from its toggle', async () => {
    const user = userEvent.setup();
    render(
      <OtcReminder title="Be careful when trading online">
        <p>Never pay outside the platform; check with support.</p>
      </OtcReminder>,
    );
    const toggle = screen.getByRole('button', { name: 'Show more' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByText(/Never pay outside/)).not.toBeVisible();
    await user.click(toggle);
    expect(screen.getByRole('button', { name: 'Show less' })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText(/Never pay outside/)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Show less' }));
    expect(screen.getByText(/Never pay outside/)).not.toBeVisible();
  });

  it('can start open', () => {
    render(
      <OtcReminder title="Careful" defaultOpen>
        advice
      </OtcReminder>,
    );
    expect(screen.getByText('advice')).toBeVisible();
  });
});

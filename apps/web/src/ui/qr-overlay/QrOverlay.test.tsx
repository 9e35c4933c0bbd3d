import '../testing/dom.ts';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { QrCode, QrOverlay } from './QrOverlay.tsx';

describe('QrCode', () => {
  it('draws the value as an SVG QR code in currentColor', async () => {
    render(<QrCode value="https://example.org/app" label="Scan to download" />);
    const code = await screen.findByRole('img', { name: 'Scan to download' });
    const svg = code.querySelector('svg');
    expect(svg).not.toBeNull();
    expect(code.innerHTML).toContain('stroke="currentColor"');
    expect(code.innerHTML).not.toContain('#000000');
  });
});

describe('QrOverlay', () => {
  it('opens on hover and from the keyboard, closes on Esc', async () => {
    const user = userEvent.setup();
    render(
      <QrOverlay value="bc1qaddress" label="Deposit address" caption="Scan with your wallet">
        Show QR
      </QrOverlay>,
    );
    const trigger = screen.getByRole('button', { name: 'Show QR' });
    await user.hover(trigger);
    expect(await screen.findByRole('img', { name: 'Deposit address' })).toBeInTheDocument();
    expect(screen.getByText('Scan with your wallet')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByText('Scan with your wallet')).not.toBeInTheDocument());
    expect(trigger).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Scan with your wallet')).toBeInTheDocument();
  });
});

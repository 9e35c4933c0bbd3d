import '../testing/dom.ts';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Alert } from './Alert.tsx';
import { ChecklistAlert } from './ChecklistAlert.tsx';
import { Dialog } from './Dialog.tsx';
import { HomePopupDialog } from './HomePopupDialog.tsx';
import { NoticeDialog } from './NoticeDialog.tsx';

function OpenableDialog({ dismissible = true }: { dismissible?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        open
      </button>
      <Dialog open={open} onOpenChange={setOpen} title="Settings" closeLabel="Close dialog" dismissible={dismissible}>
        <input aria-label="inside" />
      </Dialog>
    </>
  );
}

describe('Dialog', () => {
  it('opens with a title, closes on Esc and gives focus back', async () => {
    const user = userEvent.setup();
    render(<OpenableDialog />);
    const opener = screen.getByText('open');
    await user.click(opener);
    expect(screen.getByRole('dialog', { name: 'Settings' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(opener).toHaveFocus();
  });

  it('closes from its corner button', async () => {
    const user = userEvent.setup();
    render(<OpenableDialog />);
    await user.click(screen.getByText('open'));
    await user.click(screen.getByRole('button', { name: 'Close dialog' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('ignores Esc when not dismissible', async () => {
    const user = userEvent.setup();
    render(<OpenableDialog dismissible={false} />);
    await user.click(screen.getByText('open'));
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });
});

describe('Alert', () => {
  it('confirms, waits for the async work, then closes', async () => {
    const user = userEvent.setup();
    let finish = () => {};
    const onConfirm = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const onOpenChange = vi.fn();
    render(
      <Alert
        open
        onOpenChange={onOpenChange}
        title="Cancel order?"
        message="This cannot be undone"
        confirmText="Yes"
        cancelText="No"
        onConfirm={onConfirm}
      />,
    );
    const dialog = screen.getByRole('alertdialog', { name: 'Cancel order?' });
    expect(dialog).toHaveAccessibleDescription('This cannot be undone');
    await user.click(screen.getByRole('button', { name: 'Yes' }));
    expect(onConfirm).toHaveBeenCalledOnce();
    expect(screen.getByRole('button', { name: 'Yes' })).toHaveAttribute('aria-busy', 'true');
    expect(onOpenChange).not.toHaveBeenCalled();
    finish();
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
  });

  it('cancels', async () => {
    const user = userEvent.setup();
    const onCancel = vi.fn();
    const onOpenChange = vi.fn();
    render(
      <Alert open onOpenChange={onOpenChange} title="Sure?" confirmText="Yes" cancelText="No" onCancel={onCancel} />,
    );
    await user.click(screen.getByRole('button', { name: 'No' }));
    expect(onCancel).toHaveBeenCalledOnce();
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });
});

describe('ChecklistAlert', () => {
  it('lists each item with its check state', () => {
    render(
      <ChecklistAlert
        open
        onOpenChange={() => {}}
        title="Before you withdraw"
        items={[
          { id: 'kyc', text: 'Identity verified', checked: true },
          { id: 'ga', text: 'Google authenticator on', checked: false },
        ]}
        checkedLabel="done"
        uncheckedLabel="not done"
        confirmText="OK"
      />,
    );
    const items = screen.getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Identity verifieddone');
    expect(items[1]).toHaveTextContent('Google authenticator onnot done');
    expect(items[1]).toHaveAttribute('data-checked', 'false');
  });
});

describe('NoticeDialog', () => {
  it('shows the notice title, time and text', () => {
    render(
      <NoticeDialog
        open
        onOpenChange={() => {}}
        title="Maintenance"
        time="2024-01-02 03:04:05"
        content={'<b>Line one</b>\nLine two'}
        confirmText="OK"
      />,
    );
    expect(screen.getByRole('dialog', { name: 'Maintenance' })).toHaveAccessibleDescription('2024-01-02 03:04:05');
    // Markup is shown as text, never interpreted.
    expect(screen.getByText(/<b>Line one<\/b>/)).toBeInTheDocument();
  });
});

describe('HomePopupDialog', () => {
  const base = { open: true, title: 'Launch', onButton: vi.fn(), onClose: vi.fn() };

  it('shows the image for display type 0', () => {
    render(<HomePopupDialog {...base} displayType={0} imageUrl="/p.png" />);
    expect(screen.getByRole('img', { name: 'Launch' })).toHaveAttribute('src', '/p.png');
  });

  it('shows the text as text unless the caller trusts it', () => {
    const { rerender } = render(<HomePopupDialog {...base} displayType={1} imageText="<i>hi</i>" />);
    expect(screen.getByText('<i>hi</i>')).toBeInTheDocument();
    rerender(<HomePopupDialog {...base} displayType={1} imageText="<i>hi</i>" trustedHtml />);
    expect(screen.getByText('hi').tagName).toBe('I');
  });

  it('reports which button was pressed and hides a button without text', async () => {
    const user = userEvent.setup();
    const onButton = vi.fn();
    render(<HomePopupDialog {...base} onButton={onButton} displayType={1} buttonTwo="Go" />);
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['', 'Go']);
    await user.click(screen.getByRole('button', { name: 'Go' }));
    expect(onButton).toHaveBeenCalledWith(2);
  });

  it('reports a close from Esc', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    render(<HomePopupDialog {...base} onClose={onClose} displayType={1} />);
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledOnce();
  });
});

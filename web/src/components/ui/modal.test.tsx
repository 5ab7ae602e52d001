import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Modal } from '@/components/ui/modal';

function Harness({ dismissible }: { dismissible?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <Modal open={open} onClose={() => setOpen(false)} title="Example" dismissible={dismissible}>
        <input aria-label="First field" />
        <button type="button">Last button</button>
      </Modal>
    </>
  );
}

describe('Modal', () => {
  it('moves focus in, traps Tab inside, closes on Escape and gives focus back', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect(screen.getByRole('dialog', { name: 'Example' })).toBeInTheDocument();
    // The close button comes first in the panel.
    expect(screen.getByRole('button', { name: 'Close dialog' })).toHaveFocus();
    await user.tab();
    expect(screen.getByLabelText('First field')).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Last button' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Close dialog' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Last button' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open' })).toHaveFocus();
  });

  it('not dismissible: no close button, and neither Escape nor the backdrop closes it', async () => {
    const user = userEvent.setup();
    render(<Harness dismissible={false} />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = screen.getByRole('dialog', { name: 'Example' });
    expect(screen.queryByRole('button', { name: 'Close dialog' })).toBeNull();
    expect(screen.getByLabelText('First field')).toHaveFocus();
    await user.keyboard('{Escape}');
    await user.click(dialog.previousElementSibling as HTMLElement);
    expect(screen.getByRole('dialog', { name: 'Example' })).toBeInTheDocument();
  });

  it('closes on a click on the backdrop', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.click(screen.getByRole('dialog', { name: 'Example' }).previousElementSibling as HTMLElement);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

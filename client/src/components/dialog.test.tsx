import { fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Dialog } from './dialog.tsx';

function Harness({ onClose }: { onClose: () => void }) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <Dialog
        open={open}
        title="Results"
        onClose={() => {
          onClose();
          setOpen(false);
        }}
      >
        <p>Inside</p>
        <button type="button">Action</button>
      </Dialog>
    </>
  );
}

function renderDialog() {
  const onClose = vi.fn();
  render(<Harness onClose={onClose} />);
  return { onClose, dialog: () => screen.queryByRole('dialog', { name: 'Results' }) };
}

describe('Dialog', () => {
  it('shows its title and content while open, as a modal', () => {
    const { dialog } = renderDialog();
    const shown = dialog()!;
    expect(shown.hasAttribute('open')).toBe(true);
    expect(shown.getAttribute('aria-modal')).toBe('true');
    within(shown).getByRole('heading', { name: 'Results' });
    within(shown).getByText('Inside');
  });

  it('closes on the close icon', () => {
    const { onClose, dialog } = renderDialog();
    fireEvent.click(within(dialog()!).getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledOnce();
    expect(dialog()).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    expect(dialog()).not.toBeNull();
  });

  it('closes on a click on the overlay (the dialog element itself), not inside the panel', () => {
    const { onClose, dialog } = renderDialog();
    fireEvent.click(within(dialog()!).getByText('Inside'));
    fireEvent.click(within(dialog()!).getByRole('button', { name: 'Action' }));
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.click(dialog()!);
    expect(onClose).toHaveBeenCalledOnce();
    expect(dialog()).toBeNull();
  });

  it('closes on Escape through its own state (the cancel event is taken over)', () => {
    const { onClose, dialog } = renderDialog();
    const element = dialog()!;
    const escape = new Event('cancel', { cancelable: true });
    fireEvent(element, escape);
    expect(escape.defaultPrevented).toBe(true);
    expect(onClose).toHaveBeenCalledOnce();
    expect(element.hasAttribute('open')).toBe(false);
  });

  it('is an alertdialog when asked to be', () => {
    render(
      <Dialog open title="Jotto" role="alertdialog" onClose={() => {}}>
        <p>Hi</p>
      </Dialog>,
    );
    screen.getByRole('alertdialog', { name: 'Jotto' });
  });
});

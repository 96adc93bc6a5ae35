import { type MouseEvent, type SyntheticEvent, useEffect, useRef } from 'react';

/**
 * Drives a native `<dialog>` as a modal from React state: `showModal()` while `open` (focus
 * trapped inside, the page behind inert), `close()` otherwise. Escape and a click on the
 * overlay call `onClose`, so the dialog and React state never disagree. Focus goes to the element
 * marked `data-autofocus` if there is one. Spread the result on
 * the `<dialog>`; its content must fill it, so that a click on the element itself is the
 * overlay.
 */
export function useModalDialog(open: boolean, onClose: () => void) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      // The browser focuses the first focusable element, the close icon; a modal may name the
      // one its answer should start on instead (the alert's OK, a confirmation's safe choice).
      dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    }
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return {
    ref,
    onCancel: (event: SyntheticEvent<HTMLDialogElement>) => {
      event.preventDefault();
      onClose();
    },
    onClick: (event: MouseEvent<HTMLDialogElement>) => {
      if (event.target === ref.current) onClose();
    },
  };
}

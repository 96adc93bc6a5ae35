import { type ReactNode, useId } from 'react';
import { useModalDialog } from './use-modal-dialog.ts';
import styles from './dialog.module.css';

export interface DialogProps {
  open: boolean;
  /** Called on the close icon, a click on the overlay, and Escape. */
  onClose: () => void;
  title: string;
  children: ReactNode;
  /** `alertdialog` for messages that need an answer (alerts, confirmations). */
  role?: 'dialog' | 'alertdialog';
  className?: string;
}

/**
 * A modal on the native `<dialog>` and `showModal()`: focus is trapped inside, Escape closes,
 * focus returns to where it was, and the page behind is inert, all by the browser.
 * It closes on the close icon and on a click on the overlay (docs/PRODUCT.md, 'Modals').
 */
export function Dialog({
  open,
  onClose,
  title,
  children,
  role = 'dialog',
  className,
}: DialogProps) {
  const modal = useModalDialog(open, onClose);
  const titleId = useId();
  return (
    <dialog
      {...modal}
      className={`${styles.dialog} ${className ?? ''}`}
      role={role === 'alertdialog' ? 'alertdialog' : undefined}
      aria-labelledby={titleId}
      aria-modal="true"
    >
      {open && (
        <div className={styles.panel}>
          <header className={styles.header}>
            <h2 id={titleId} className={styles.title}>
              {title}
            </h2>
            <button type="button" className={styles.close} aria-label="Close" onClick={onClose}>
              <span aria-hidden="true">×</span>
            </button>
          </header>
          {children}
        </div>
      )}
    </dialog>
  );
}

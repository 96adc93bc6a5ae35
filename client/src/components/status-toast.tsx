import { createContext, type ReactNode, useCallback, useContext, useEffect, useState } from 'react';
import styles from './status-toast.module.css';

/** How long a status toast shows before it leaves by itself. */
export const STATUS_TOAST_MS = 4_000;

type ShowStatus = (message: string) => void;
const StatusToastContext = createContext<ShowStatus | null>(null);

/**
 * The status toast (docs/PRODUCT.md, 'Modals'): a short sentence that something worked
 * ('Challenge sent!'), which needs no answer and leaves by itself after STATUS_TOAST_MS. Unlike
 * the alert modal it takes no focus and blocks nothing: it sits over the header band at the top
 * of the screen, clicks pass through it, and screen readers hear it through a polite live region
 * (the region is always there, so that what appears in it is announced). A new message replaces
 * one still showing and starts the time again.
 */
export function StatusToastProvider({ children }: { children: ReactNode }) {
  const [shown, setShown] = useState<{ message: string; at: number } | null>(null);
  const showStatus = useCallback<ShowStatus>(
    (message) => setShown({ message, at: Date.now() }),
    [],
  );
  useEffect(() => {
    if (!shown) return;
    const timer = setTimeout(() => setShown(null), STATUS_TOAST_MS);
    return () => clearTimeout(timer);
  }, [shown]);
  return (
    <StatusToastContext.Provider value={showStatus}>
      {children}
      <div role="status" aria-live="polite" aria-atomic="true" className={styles.region}>
        {shown && <p className={styles.toast}>{shown.message}</p>}
      </div>
    </StatusToastContext.Provider>
  );
}

/** Shows a message in the status toast. */
export function useStatusToast(): ShowStatus {
  const showStatus = useContext(StatusToastContext);
  if (!showStatus) throw new Error('useStatusToast needs a StatusToastProvider above it');
  return showStatus;
}

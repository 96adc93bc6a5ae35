import { createContext, type ReactNode, useCallback, useContext, useState } from 'react';
import { Dialog } from './dialog.tsx';
import styles from './alert-provider.module.css';

type ShowAlert = (message: string) => void;
const AlertContext = createContext<ShowAlert | null>(null);

/**
 * The alert modal of spec §2, used for every alert the spec lists instead of `window.alert`:
 * a message that closes on the overlay or the close icon (and Escape). Its state is the spec's
 * "alert dialog: a message, or false" (§3); a new alert replaces one still showing.
 */
export function AlertProvider({ children }: { children: ReactNode }) {
  const [message, setMessage] = useState<string | false>(false);
  const showAlert = useCallback<ShowAlert>((text) => setMessage(text), []);
  return (
    <AlertContext.Provider value={showAlert}>
      {children}
      <Dialog
        open={message !== false}
        onClose={() => setMessage(false)}
        title="Jotto"
        role="alertdialog"
      >
        <p className={styles.message}>{message}</p>
        <button
          type="button"
          className="button button-primary"
          data-autofocus
          onClick={() => setMessage(false)}
        >
          OK
        </button>
      </Dialog>
    </AlertContext.Provider>
  );
}

/** Shows a message in the alert modal. */
export function useAlert(): ShowAlert {
  const showAlert = useContext(AlertContext);
  if (!showAlert) throw new Error('useAlert needs an AlertProvider above it');
  return showAlert;
}

import { createContext, type ReactNode, useCallback, useContext, useState } from 'react';
import { Dialog } from './dialog.tsx';
import { asksToSignIn, SignInLinks } from './sign-in-links.tsx';
import styles from './alert-provider.module.css';

type ShowAlert = (message: string) => void;
const AlertContext = createContext<ShowAlert | null>(null);

/**
 * The alert modal (docs/PRODUCT.md, 'Modals'), used for every alert instead of `window.alert`:
 * a message that closes on the overlay or the close icon (and Escape). Its state is a message,
 * or false when closed; a new alert replaces one still showing. A 'You must be logged in to …'
 * alert also offers 'Sign up' and 'Log in', so a guest is shown the way on, not only told no.
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
        {message !== false && asksToSignIn(message) && (
          <SignInLinks quiet onFollow={() => setMessage(false)} />
        )}
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

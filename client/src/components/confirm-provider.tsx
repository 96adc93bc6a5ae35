import { createContext, type ReactNode, useCallback, useContext, useRef, useState } from 'react';
import { Dialog } from './dialog.tsx';
import styles from './alert-provider.module.css';

type AskConfirm = (message: string) => Promise<boolean>;
const ConfirmContext = createContext<AskConfirm | null>(null);

/**
 * A yes/no question in a modal, for the confirmations ('Are you sure?') instead of
 * `window.confirm`, which would block the page and look like the browser, not the game.
 */
export function ConfirmProvider({ children }: { children: ReactNode }) {
  const [message, setMessage] = useState<string | null>(null);
  const resolver = useRef<((answer: boolean) => void) | null>(null);
  const answer = (value: boolean) => {
    resolver.current?.(value);
    resolver.current = null;
    setMessage(null);
  };
  const ask = useCallback<AskConfirm>((text) => {
    resolver.current?.(false);
    setMessage(text);
    return new Promise<boolean>((resolve) => {
      resolver.current = resolve;
    });
  }, []);
  return (
    <ConfirmContext.Provider value={ask}>
      {children}
      <Dialog
        open={message !== null}
        onClose={() => answer(false)}
        title="Jotto"
        role="alertdialog"
      >
        <p className={styles.message}>{message}</p>
        <div className="button-row">
          <button type="button" className="button button-primary" onClick={() => answer(true)}>
            Yes
          </button>
          {/* Focus starts on the choice that changes nothing: Enter never gives up by mistake. */}
          <button type="button" className="button" data-autofocus onClick={() => answer(false)}>
            Cancel
          </button>
        </div>
      </Dialog>
    </ConfirmContext.Provider>
  );
}

/** Asks a yes/no question; resolves true for Yes, false for Cancel, Escape or the overlay. */
export function useConfirm(): AskConfirm {
  const ask = useContext(ConfirmContext);
  if (!ask) throw new Error('useConfirm needs a ConfirmProvider above it');
  return ask;
}

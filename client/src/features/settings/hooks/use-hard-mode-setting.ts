import { useSyncExternalStore } from 'react';
import { guestHardMode, setGuestHardMode, subscribeGuestHardMode } from '@/lib/guest-hard-mode.ts';
import { useAccountSetting } from './use-account-setting.ts';

/** The hard-mode switch's state and its one action, wherever the setting is kept. */
export interface HardModeSetting {
  /** On or off; undefined while an account's settings load (or failed to). */
  on: boolean | undefined;
  /** Where it is kept, for the line under the switch. */
  keptIn: 'browser' | 'account';
  /** An account's settings could not be read. */
  failed: boolean;
  set: (on: boolean) => void;
}

/**
 * The hard-mode setting (docs/PRODUCT.md, 'Hard mode'): a guest's in this browser, an
 * account's through the API, shown at once and saved in order (one save at a time); a refused
 * save is alerted and the switch goes back to what the server holds.
 */
export function useHardModeSetting(signedIn: boolean): HardModeSetting {
  const guestOn = useSyncExternalStore(subscribeGuestHardMode, guestHardMode);
  const account = useAccountSetting('hardMode', signedIn);
  if (!signedIn) {
    return { on: guestOn, keptIn: 'browser', failed: false, set: setGuestHardMode };
  }
  return { ...account, keptIn: 'account' };
}

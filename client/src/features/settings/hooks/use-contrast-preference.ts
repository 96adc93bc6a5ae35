import { useEffect, useState } from 'react';
import {
  applyContrast,
  CONTRAST_STORAGE_KEY,
  type ContrastPreference,
  readContrastPreference,
  saveContrastPreference,
} from '../contrast-preference.ts';

/** Told in this tab when a control makes a choice: the control is both in the sidebar and on /settings. */
const CHOSEN_EVENT = 'jotto:contrast-chosen';

/**
 * The contrast preference and its setter: a new choice is saved in this browser and shown at
 * once (`data-contrast` on <html>). Another tab's choice shows here too, and so does the other
 * control's in this tab (the sidebar's and the Settings page's can be on screen together).
 */
export function useContrastPreference(): [ContrastPreference, (next: ContrastPreference) => void] {
  const [preference, setPreference] = useState(readContrastPreference);
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === CONTRAST_STORAGE_KEY || event.key === null) {
        setPreference(readContrastPreference());
      }
    };
    const onChosen = () => setPreference(readContrastPreference());
    window.addEventListener('storage', onStorage);
    window.addEventListener(CHOSEN_EVENT, onChosen);
    return () => {
      window.removeEventListener('storage', onStorage);
      window.removeEventListener(CHOSEN_EVENT, onChosen);
    };
  }, []);
  const choose = (next: ContrastPreference) => {
    saveContrastPreference(next);
    applyContrast(next);
    setPreference(next);
    window.dispatchEvent(new Event(CHOSEN_EVENT));
  };
  return [preference, choose];
}

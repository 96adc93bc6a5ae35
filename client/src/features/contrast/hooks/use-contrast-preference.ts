import { useEffect, useState } from 'react';
import {
  applyContrast,
  CONTRAST_STORAGE_KEY,
  type ContrastPreference,
  readContrastPreference,
  saveContrastPreference,
} from '../contrast-preference.ts';

/**
 * The contrast preference and its setter: a new choice is saved in this browser and shown at
 * once (`data-contrast` on <html>). Another tab's choice shows here too.
 */
export function useContrastPreference(): [ContrastPreference, (next: ContrastPreference) => void] {
  const [preference, setPreference] = useState(readContrastPreference);
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === CONTRAST_STORAGE_KEY || event.key === null) {
        setPreference(readContrastPreference());
      }
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);
  const choose = (next: ContrastPreference) => {
    saveContrastPreference(next);
    applyContrast(next);
    setPreference(next);
  };
  return [preference, choose];
}

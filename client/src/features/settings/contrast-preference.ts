/**
 * High contrast (docs/PRODUCT.md, 'High contrast'): the player's choice, kept in this browser
 * (local storage, for guests and accounts alike), and the `data-contrast` attribute on <html> that
 * the stylesheets read. No React here: `main.tsx` applies it before the first render, so the
 * first paint already has the right colours and mark shapes.
 */

/** 'system' follows the device's `prefers-contrast: more`; the others override it. */
export type ContrastPreference = 'system' | 'more' | 'standard';

/** What the page shows: the value of `data-contrast` on <html>. */
export type Contrast = 'more' | 'standard';

export const CONTRAST_PREFERENCES: readonly ContrastPreference[] = ['system', 'more', 'standard'];

export const CONTRAST_STORAGE_KEY = 'jotto:contrast';

/** The media query of a device set to ask for more contrast. */
export const MORE_CONTRAST_QUERY = '(prefers-contrast: more)';

function isContrastPreference(value: unknown): value is ContrastPreference {
  return CONTRAST_PREFERENCES.some((preference) => preference === value);
}

/** The saved choice; 'system' when none is saved, or storage cannot be read (private modes). */
export function readContrastPreference(): ContrastPreference {
  try {
    const stored = localStorage.getItem(CONTRAST_STORAGE_KEY);
    return isContrastPreference(stored) ? stored : 'system';
  } catch {
    return 'system';
  }
}

/** Saves the choice ('system' removes it). A browser that refuses storage keeps it for this page. */
export function saveContrastPreference(preference: ContrastPreference): void {
  try {
    if (preference === 'system') localStorage.removeItem(CONTRAST_STORAGE_KEY);
    else localStorage.setItem(CONTRAST_STORAGE_KEY, preference);
  } catch {
    // Nothing to do: the page still shows the choice until it is reloaded.
  }
}

/** What a preference shows, given whether the device asks for more contrast. */
export function resolveContrast(preference: ContrastPreference, systemMore: boolean): Contrast {
  if (preference === 'system') return systemMore ? 'more' : 'standard';
  return preference;
}

function systemAsksMore(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(MORE_CONTRAST_QUERY).matches;
}

/** Sets `data-contrast` on <html> from a preference (the saved one unless given). */
export function applyContrast(preference: ContrastPreference = readContrastPreference()): void {
  document.documentElement.dataset.contrast = resolveContrast(preference, systemAsksMore());
}

/**
 * Applies the saved preference now and keeps the page in step after: when the device's setting
 * changes (it matters while the preference is 'system') and when another tab saves a new choice.
 */
export function startContrast(): void {
  applyContrast();
  if (typeof window.matchMedia === 'function') {
    window.matchMedia(MORE_CONTRAST_QUERY).addEventListener('change', () => applyContrast());
  }
  window.addEventListener('storage', (event) => {
    if (event.key === CONTRAST_STORAGE_KEY || event.key === null) applyContrast();
  });
}

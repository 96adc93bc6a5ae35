import { vi } from 'vitest';
import { MORE_CONTRAST_QUERY } from './contrast-preference.ts';

/**
 * A device whose `prefers-contrast: more` is `more` (jsdom has no matchMedia); `change(next)`
 * flips it as the device's setting would, telling the listeners.
 */
export function stubSystemContrast(more: boolean): { change: (next: boolean) => void } {
  let matches = more;
  const listeners = new Set<() => void>();
  vi.stubGlobal('matchMedia', (query: string) => ({
    media: query,
    get matches() {
      return query === MORE_CONTRAST_QUERY && matches;
    },
    addEventListener: (_type: 'change', listener: () => void) => listeners.add(listener),
    removeEventListener: (_type: 'change', listener: () => void) => listeners.delete(listener),
  }));
  return {
    change: (next) => {
      matches = next;
      for (const listener of listeners) listener();
    },
  };
}

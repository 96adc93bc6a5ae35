import type { NewGameQuery } from '@jotto/shared/game-schemas';

/**
 * A guest's hard-mode setting (docs/PRODUCT.md, 'Hard mode'), kept in this browser: a guest has
 * no account to keep it. It goes with every new solo and daily game (`newGameQuery`); the server
 * ignores it for a signed-in player, whose account's setting applies.
 */
const STORAGE_KEY = 'jotto:hard-mode';

const listeners = new Set<() => void>();

/** Whether this browser's guest setting is on (off when storage is unreadable). */
export function guestHardMode(): boolean {
  try {
    return localStorage.getItem(STORAGE_KEY) === 'on';
  } catch {
    return false;
  }
}

/** Keeps the guest setting in this browser and tells whoever shows it. */
export function setGuestHardMode(on: boolean): void {
  try {
    if (on) localStorage.setItem(STORAGE_KEY, 'on');
    else localStorage.removeItem(STORAGE_KEY);
  } catch {
    // Storage full or off: nothing to keep it in, and the switch shows what is stored.
  }
  for (const listener of listeners) listener();
}

/** Calls `listener` when the setting changes here (for `useSyncExternalStore`). */
export function subscribeGuestHardMode(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The query of a new solo or daily game: `hard=true` when the guest setting is on. */
export function newGameQuery(): NewGameQuery {
  return guestHardMode() ? { hard: true } : {};
}

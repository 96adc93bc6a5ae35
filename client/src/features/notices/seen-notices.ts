/** Where a tab keeps the keys of the notices it has shown or dismissed. */
export const SEEN_NOTICES_STORAGE_KEY = 'jotto:seen-notices';

// The newest keys are enough: a notice older than these has long left the server's answer.
const KEPT_KEYS = 200;

/**
 * The keys this tab has shown or dismissed, from sessionStorage: per tab (another tab shows
 * what it has not shown itself), kept across reloads of the tab. Without storage (a browser that
 * refuses it) the tab remembers only until it reloads.
 */
export function readSeenNotices(): Set<string> {
  try {
    const stored: unknown = JSON.parse(sessionStorage.getItem(SEEN_NOTICES_STORAGE_KEY) ?? '[]');
    return new Set(Array.isArray(stored) ? stored.filter((key) => typeof key === 'string') : []);
  } catch {
    return new Set();
  }
}

/** Saves the keys (the newest KEPT_KEYS of them, in the order they were seen). */
export function writeSeenNotices(keys: ReadonlySet<string>): void {
  try {
    sessionStorage.setItem(SEEN_NOTICES_STORAGE_KEY, JSON.stringify([...keys].slice(-KEPT_KEYS)));
  } catch {
    // Storage full or refused: this tab forgets at its next reload, nothing worse.
  }
}

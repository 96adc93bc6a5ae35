import { useEffect, useSyncExternalStore } from 'react';

const subscribeVisibility = (onChange: () => void) => {
  document.addEventListener('visibilitychange', onChange);
  return () => document.removeEventListener('visibilitychange', onChange);
};

/** Whether the tab is on screen (`document.visibilityState`), kept current. */
export function useDocumentVisible(): boolean {
  return useSyncExternalStore(
    subscribeVisibility,
    () => document.visibilityState !== 'hidden',
    () => true,
  );
}

// A count this hook put in front of the title, as `(2) `.
const COUNT_PREFIX = /^\(\d+\) /;

/**
 * While the tab is hidden, the document title counts what waits unseen: `(2) Jotto`; back to
 * the title without the count when there is nothing, or once the tab is visible again. The rest
 * of the title is left as whoever set it.
 */
export function useDocumentTitleCount(count: number, hidden: boolean): void {
  useEffect(() => {
    const title = document.title.replace(COUNT_PREFIX, '');
    document.title = hidden && count > 0 ? `(${count}) ${title}` : title;
  }, [count, hidden]);
  useEffect(
    () => () => {
      document.title = document.title.replace(COUNT_PREFIX, '');
    },
    [],
  );
}

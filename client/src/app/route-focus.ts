import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';

/** How long a new page may take to show its h1 (its code and its data loading). */
const HEADING_WAIT_MS = 10_000;

/**
 * Moves the focus to the new page's h1 after each route change, once, so that a keyboard or screen
 * reader user starts reading the new page at its title rather than from the top of the document
 * (the body, where focus falls when the link that was used goes away). The h1 gets tabIndex -1:
 * focusable by script, not a tab stop.
 *
 * The order, when something else wants the focus:
 * - the first load of the app moves nothing: the browser starts at the top, and a page that
 *   focuses a control of its own (the guess input of a game) keeps it;
 * - a page that puts the focus somewhere itself keeps it: the guess input, which has the focus
 *   when a game opens (docs/PRODUCT.md, 'Interface'), a modal that opens with the page
 *   (/challenges/new), or the control a closed modal gave the focus back to;
 * - a route change that keeps the page (its h1 is the same element: route tabs, a modal's own
 *   address) leaves the focus where it is, on the tab or the control;
 * - otherwise, as soon as the new page's h1 shows (after its code and data), it has the focus.
 */
export function useFocusHeadingOnNavigation(): void {
  const { key } = useLocation();
  // Each route change (a history entry of its own, Back and Forward included), counted from the
  // first load (0), with what had the focus as it happened: read while rendering the new route,
  // before the page is replaced, so it is the link or button that navigated. Anything else
  // focused by the time the new h1 shows was the new page's own doing.
  const [navigation, setNavigation] = useState({ key, count: 0, before: null as Element | null });
  if (navigation.key !== key) {
    setNavigation({ key, count: navigation.count + 1, before: document.activeElement });
  }
  const { count, before } = navigation;
  // The h1 of the page as last seen, to tell a new page from the same page at another address.
  const headingShown = useRef<HTMLHeadingElement | null>(null);
  useEffect(() => {
    const firstLoad = count === 0;
    const previous = headingShown.current;
    const focusTakenByPage = () => {
      const active = document.activeElement;
      return active !== null && active !== document.body && active !== before && active.isConnected;
    };
    const settle = (heading: HTMLHeadingElement): void => {
      headingShown.current = heading;
      if (firstLoad || heading === previous || focusTakenByPage()) return;
      heading.tabIndex = -1;
      heading.focus({ preventScroll: true });
    };
    const now = document.querySelector('h1');
    if (now) {
      settle(now);
      return;
    }
    const observer = new MutationObserver(() => {
      const heading = document.querySelector('h1');
      if (!heading) return;
      stop();
      settle(heading);
    });
    const timer = window.setTimeout(() => stop(), HEADING_WAIT_MS);
    const stop = () => {
      observer.disconnect();
      window.clearTimeout(timer);
    };
    observer.observe(document.body, { childList: true, subtree: true });
    return stop;
  }, [count, before]);
}

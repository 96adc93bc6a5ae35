import { type RefObject, useLayoutEffect, useRef, useState } from 'react';

/**
 * The width of an element in CSS pixels, followed as it changes (`fallback` until known, never
 * under `minimum`). Charts draw at their box's width with it, so that their text keeps the page's
 * size at every width instead of shrinking with the picture on a phone.
 */
export function useMeasuredWidth<E extends Element>(
  fallback: number,
  minimum = 280,
): [RefObject<E | null>, number] {
  const ref = useRef<E>(null);
  const [width, setWidth] = useState(fallback);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      const measured = Math.round(entry?.contentRect.width ?? 0);
      if (measured > 0) setWidth(Math.max(minimum, measured));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [minimum]);
  return [ref, width];
}

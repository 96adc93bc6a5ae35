import { type ComponentType, createElement, type ReactElement, useEffect, useState } from 'react';
import { PageLoading } from '@/components/page-loading.tsx';

/** A screen whose chunk can be fetched before it is rendered. */
export interface PreloadablePage<P> {
  (props: P): ReactElement;
  /** Fetches the chunk (once; again after a failure). */
  preload(): Promise<unknown>;
}

/**
 * A route's screen loaded on first visit (its own chunk), from a module's named export:
 * every screen is split out so the landing page loads none of the others (its budget:
 * docs/PRODUCT.md, 'Interface').
 *
 * Not React.lazy: a lazy screen suspends, and once a Suspense fallback has shown React holds
 * the content back for its reveal throttle (300 ms) after it, on top of the chunk's own time.
 * Here the screen says 'Loading...' itself until its chunk has come, then shows at once; a
 * chunk already fetched (`preload()`, which the first load calls for its route before
 * rendering: see main.tsx) renders on the first pass. A chunk that fails to load throws to the
 * nearest LoadErrorBoundary, as a lazy one would.
 */
export function lazyPage<M, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
): M[K] extends ComponentType<infer P> ? PreloadablePage<P> : never;
export function lazyPage<M, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
): PreloadablePage<object> {
  let loaded: ComponentType | null = null;
  let loading: Promise<ComponentType> | null = null;
  const preload = () =>
    (loading ??= load().then(
      (module) => (loaded = module[name] as ComponentType),
      (error: unknown) => {
        // A failed fetch (offline for a moment) is tried again next time, not kept.
        loading = null;
        throw error;
      },
    ));
  function Page(props: object) {
    const [state, setState] = useState<{ screen: ComponentType | null; error?: Error }>(() => ({
      screen: loaded,
    }));
    useEffect(() => {
      if (state.screen || state.error) return;
      let current = true;
      preload().then(
        (screen) => current && setState({ screen }),
        (error: unknown) =>
          current &&
          setState({
            screen: null,
            error: error instanceof Error ? error : new Error('the screen did not load'),
          }),
      );
      return () => {
        current = false;
      };
    }, [state]);
    if (state.error) throw state.error;
    return state.screen ? createElement(state.screen, props) : createElement(PageLoading);
  }
  return Object.assign(Page, { preload });
}

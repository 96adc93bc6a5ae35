import { type ComponentType, lazy } from 'react';

/**
 * A route's screen loaded on first visit (its own chunk), from a module's named export:
 * every screen is split out so the landing page loads none of the others (its budget:
 * docs/PRODUCT.md, 'Interface').
 */
export function lazyPage<M, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
): M[K] extends ComponentType<infer P> ? ReturnType<typeof lazy<ComponentType<P>>> : never;
export function lazyPage<M, K extends keyof M>(load: () => Promise<M>, name: K) {
  return lazy(async () => ({ default: (await load())[name] as ComponentType }));
}

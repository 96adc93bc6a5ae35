import { describe, expect, it } from 'vitest';
import { CLIENT_ROUTE_PATTERNS, clientRoutePattern, isRootScope } from './app-shell.ts';

const isClientPage = (path: string) => CLIENT_ROUTE_PATTERNS.some((pattern) => pattern.test(path));

describe("the worker's client pages", () => {
  it('matches a route with its parameters, a trailing slash and a query', () => {
    const game = clientRoutePattern('/game/:gameId');
    expect(game.test('/game/42')).toBe(true);
    expect(game.test('/game/42/')).toBe(true);
    expect(game.test('/game/42?from=push')).toBe(true);
    expect(game.test('/game/42/extra')).toBe(false);
    expect(game.test('/game')).toBe(false);
  });

  it('answers the pages of the client, never the API, the probes or the API docs', () => {
    for (const page of ['/', '/home', '/rules', '/game/7', '/users/bob/verify/abc', '/login?x=1']) {
      expect(isClientPage(page), page).toBe(true);
    }
    for (const other of ['/api/user', '/api/auth/google', '/healthz', '/metrics', '/docs', '/x']) {
      expect(isClientPage(other), other).toBe(false);
    }
  });

  it('tells the root scope from the old /public/ one', () => {
    expect(isRootScope('https://jotto.example/')).toBe(true);
    expect(isRootScope('https://jotto.example/public/')).toBe(false);
  });
});

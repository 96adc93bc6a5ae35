import { describe, expect, it } from 'vitest';
import { API_ENDPOINTS } from './api-endpoints.ts';
import { API_PATHS } from './api-paths.ts';
import { fillPath } from './fill-path.ts';
import { CLIENT_ROUTES, clientPath } from './client-routes.ts';

describe('fillPath', () => {
  it('fills each parameter, URL-encoded', () => {
    expect(fillPath(API_PATHS.play.path, { id: 4, word: 'crane' })).toBe('/game/4/play/crane');
    expect(fillPath(API_PATHS.profile.path, { username: 'a b/c' })).toBe('/profile/a%20b%2Fc');
    expect(fillPath(API_PATHS.userInfo.path)).toBe('/user/info');
  });

  it('refuses to build a path with a parameter missing', () => {
    expect(() => fillPath(API_PATHS.game.path, {})).toThrow(/missing path parameter id/);
  });
});

describe('the endpoint table', () => {
  it('has every path of API_PATHS under the same name, method and path', () => {
    for (const [name, where] of Object.entries(API_PATHS)) {
      const endpoint = API_ENDPOINTS[name as keyof typeof API_ENDPOINTS];
      expect(endpoint).toMatchObject(where);
    }
    expect(Object.keys(API_ENDPOINTS).sort()).toEqual(Object.keys(API_PATHS).sort());
  });

  it('declares path parameters exactly when the path has some', () => {
    for (const endpoint of Object.values(API_ENDPOINTS)) {
      const names = [...endpoint.path.matchAll(/:(\w+)/g)].map((m) => m[1]).sort();
      const declared =
        'params' in endpoint ? Object.keys(endpoint.params.properties).sort() : ([] as string[]);
      expect(declared, endpoint.path).toEqual(names);
    }
  });
});

describe('clientPath', () => {
  it('builds concrete client paths from the route table', () => {
    expect(clientPath('/game/:gameId', { gameId: 12 })).toBe('/game/12');
    expect(
      clientPath('/users/:username/verify/:verifyCode', { username: 'Al', verifyCode: 'x_1' }),
    ).toBe('/users/Al/verify/x_1');
    expect(clientPath('/profile/:username', { username: 'a/b' })).toBe('/profile/a%2Fb');
    expect(clientPath('/challenges')).toBe('/challenges');
    expect(CLIENT_ROUTES).toContain('/challenges/new');
  });
});

/**
 * Every JSON route of the API (spec §7): its method and its path under API_PREFIX, in the
 * `:param` syntax Fastify and react-router share. This is the half of the endpoint table the
 * browser needs at run time; `api-endpoints.ts` adds the schemas under the same names.
 *
 * Why two files for one table: the schemas are TypeBox values, and importing them into the
 * client would put TypeBox and every schema into the landing page's JavaScript (16 KB gzipped,
 * measured with a Vite library build of the five schema modules; the budget is 100 KB). The
 * client takes method and path from here and only the *types* of `api-endpoints.ts`.
 */
export const API_PATHS = {
  register: { method: 'POST', path: '/register' },
  login: { method: 'POST', path: '/login' },
  /** A GET that ends the session: covered by the cross-site guard. */
  logout: { method: 'GET', path: '/logout', changesState: true },
  userInfo: { method: 'GET', path: '/user/info' },
  finalize: { method: 'POST', path: '/finalize' },
  verify: { method: 'GET', path: '/users/:username/verify/:verifyCode', changesState: true },
  pushToken: { method: 'POST', path: '/user/pushtoken' },

  gamesList: { method: 'POST', path: '/games' },
  newGame: { method: 'GET', path: '/games/new', changesState: true },
  game: { method: 'GET', path: '/games/:id' },
  play: { method: 'GET', path: '/game/:id/play/:word', changesState: true },
  counts: { method: 'GET', path: '/game/:id/counts' },
  clearMarks: { method: 'GET', path: '/game/:id/clear', changesState: true },
  updateMark: { method: 'POST', path: '/game/:id/update' },
  /** The post-game analysis of a finished game (issue 15). */
  analysis: { method: 'GET', path: '/game/:id/analysis' },

  challengesList: { method: 'POST', path: '/challenges' },
  newChallenge: { method: 'POST', path: '/challenges/new' },
  acceptChallenge: { method: 'POST', path: '/challenges/accept' },
  denyChallenge: { method: 'POST', path: '/challenges/deny' },
  challengeInfo: { method: 'GET', path: '/challenges/:id/info' },

  addFriend: { method: 'GET', path: '/friends/add/:username', changesState: true },
  friends: { method: 'GET', path: '/user/friends' },
  friendRequests: { method: 'GET', path: '/user/friend_requests' },
  acceptFriend: { method: 'POST', path: '/friends/accept' },
  denyFriend: { method: 'POST', path: '/friends/deny' },
  searchUsers: { method: 'POST', path: '/user/search' },
  profile: { method: 'GET', path: '/profile/:username' },

  leaderboard: { method: 'GET', path: '/leaders/:type' },
} as const satisfies Record<string, ApiPath>;

/** One route's method and path (and whether a GET changes state). */
export interface ApiPath {
  method: 'GET' | 'POST';
  /** Under API_PREFIX, with `:name` parameters. */
  path: string;
  /** A GET that changes state (spec §7 has several): the cross-site guard covers it. */
  changesState?: boolean;
}

export type ApiName = keyof typeof API_PATHS;

/**
 * Fills a path's `:name` parameters, each URL-encoded: `fillPath('/game/:id/play/:word',
 * {id: 4, word: 'crane'})` is `/game/4/play/crane`. Throws when a parameter is missing, so a
 * caller cannot build `/game/undefined`.
 */
export function fillPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:([A-Za-z]+)/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(value));
  });
}

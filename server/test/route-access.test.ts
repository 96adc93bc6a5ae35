import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_ENDPOINTS,
  ENDPOINT_ACCESS_LEVELS,
  type EndpointAccess,
  type EndpointBody,
  type EndpointParams,
} from '@jotto/shared/api-endpoints';
import type { ApiName } from '@jotto/shared/api-paths';
import { fillPath } from '@jotto/shared/fill-path';
import { GAME_MESSAGES } from '@jotto/shared/game-rules';
import { users } from '../src/db/account-tables.ts';
import { unauthorized } from '../src/errors.ts';
import { PICK_USERNAME_FIRST } from '../src/sessions/route-access.ts';
import { SESSION_COOKIE } from '@jotto/shared/request-headers';
import { startTestApp, type TestApp, TestAgent } from './test-app.ts';

/**
 * Access is declared once per route (the endpoint table's `access`, or `config.access` on a
 * route outside it) and enforced by one hook. These tests walk the table and the routes the
 * app really registered: a route under the API prefix that declares nothing, or one whose
 * declaration differs from the table, or a level the hook does not enforce, fails here.
 */

/** A valid request of every endpoint: access is checked after validation, so it must pass. */
const SAMPLES: { [N in ApiName]: { params: EndpointParams<N>; body: EndpointBody<N> } } = {
  register: {
    params: undefined,
    body: { username: 'someone', email: 'someone@example.com', password: 'secret1' },
  },
  login: { params: undefined, body: { username: 'someone', password: 'secret1' } },
  logout: { params: undefined, body: undefined },
  userInfo: { params: undefined, body: undefined },
  finalize: { params: undefined, body: { username: 'someone' } },
  verify: { params: { username: 'someone', verifyCode: 'abc' }, body: undefined },
  pushToken: { params: undefined, body: { token: 'device-token' } },
  forgotPassword: { params: undefined, body: { email: 'someone@example.com' } },
  resetPassword: { params: undefined, body: { token: 'abc', password: 'secret1' } },
  verification: { params: undefined, body: undefined },
  resendVerification: { params: undefined, body: undefined },
  settings: { params: undefined, body: undefined },
  updateSettings: { params: undefined, body: { hardMode: true } },
  gamesList: { params: undefined, body: { type: 'solo', age: 'new' } },
  newGame: { params: undefined, body: undefined },
  botGame: { params: undefined, body: { level: 'easy' } },
  game: { params: { id: 1 }, body: undefined },
  play: { params: { id: 1, word: 'crane' }, body: undefined },
  counts: { params: { id: 1 }, body: undefined },
  clearMarks: { params: { id: 1 }, body: undefined },
  updateMark: { params: { id: 1 }, body: { letter: 'e', color: 'good' } },
  analysis: { params: { id: 1 }, body: undefined },
  gameSkill: { params: { id: 1 }, body: undefined },
  liveGames: { params: undefined, body: undefined },
  watchGame: { params: { id: 1 }, body: undefined },
  unwatchGame: { params: { id: 1 }, body: undefined },
  say: { params: { id: 1 }, body: { phrase: 'hello' } },
  mutePhrases: { params: { id: 1 }, body: { muted: true } },
  challengesList: { params: undefined, body: { type: 'in' } },
  newChallenge: { params: undefined, body: { username: 'someone' } },
  acceptChallenge: { params: undefined, body: { challenge_id: 1 } },
  denyChallenge: { params: undefined, body: { challenge_id: 1 } },
  challengeInfo: { params: { id: 1 }, body: undefined },
  addFriend: { params: { username: 'someone' }, body: undefined },
  friends: { params: undefined, body: undefined },
  friendRequests: { params: undefined, body: undefined },
  acceptFriend: { params: undefined, body: { id: 1 } },
  denyFriend: { params: undefined, body: { id: 1 } },
  searchUsers: { params: undefined, body: { username: 'some' } },
  profile: { params: { username: 'someone' }, body: undefined },
  profileRatings: { params: { username: 'someone' }, body: undefined },
  block: { params: undefined, body: { username: 'someone' } },
  unblock: { params: undefined, body: { username: 'someone' } },
  blocked: { params: undefined, body: undefined },
  report: { params: undefined, body: { username: 'someone', reason: 'abuse' } },
  notices: { params: undefined, body: undefined },
  noticesSeen: { params: undefined, body: { notices: [{ kind: 'challenge-denied', id: 1 }] } },
  leaderboard: { params: { type: 'daily' }, body: undefined },
  matchSeek: { params: undefined, body: undefined },
  matchCancel: { params: undefined, body: undefined },
  matchStatus: { params: undefined, body: undefined },
  daily: { params: undefined, body: undefined },
  dailyStats: { params: undefined, body: undefined },
  dailyLeaders: { params: undefined, body: undefined },
  dailyReminder: { params: undefined, body: undefined },
  setDailyReminder: { params: undefined, body: { hour: 20, timeZone: 'Europe/Paris' } },
  dailyReminderOff: { params: undefined, body: undefined },
  dailyArchive: { params: undefined, body: undefined },
  dailyDay: { params: { day: '2026-11-27' }, body: undefined },
};

type Situation = 'no session' | 'guest' | 'no username yet';
type Refusal = { status: number; err: string } | 'let through';

const NOT_LOGGED_IN = unauthorized().message;
/** What each level answers in each situation, before the route's own work. */
function refusal(access: EndpointAccess, situation: Situation, name: ApiName): Refusal {
  const signIn = name === 'gamesList' ? GAME_MESSAGES.guestsCannotSave : NOT_LOGGED_IN;
  const pickUsername = { status: 403, err: PICK_USERNAME_FIRST };
  switch (access) {
    case 'public':
      return 'let through';
    case 'visitor':
      return situation === 'no username yet' ? pickUsername : 'let through';
    case 'game':
      if (situation === 'no session') return { status: 404, err: GAME_MESSAGES.notFound };
      return situation === 'no username yet' ? pickUsername : 'let through';
    case 'account':
      return situation === 'no username yet' ? 'let through' : { status: 401, err: signIn };
    case 'user':
      return situation === 'no username yet' ? pickUsername : { status: 401, err: signIn };
  }
}

const NAMES = Object.keys(API_ENDPOINTS) as ApiName[];

describe('access declared per route, enforced by one hook', () => {
  let t: TestApp;
  const agents = new Map<Situation, () => Promise<TestAgent>>();

  beforeAll(async () => {
    t = await startTestApp('pglite');
    await t.app.ready();
    agents.set('no session', async () => new TestAgent(t.app));
    agents.set('guest', async () => {
      const guest = new TestAgent(t.app);
      expect((await guest.get('/api/games/new')).status).toBe(200);
      return guest;
    });
    agents.set('no username yet', async () => {
      // An account signed in through a provider that has not picked its username.
      const [nameless] = await t.app.db.insert(users).values({}).returning({ id: users.id });
      const session = await t.app.sessions.create(nameless!.id);
      const agent = new TestAgent(t.app);
      agent.cookies.set(SESSION_COOKIE, session.sessionId);
      return agent;
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('gives every endpoint of the table a known level, registered as the table says', () => {
    for (const name of NAMES) {
      const endpoint = API_ENDPOINTS[name];
      expect(ENDPOINT_ACCESS_LEVELS, name).toContain(endpoint.access);
      const registered = t.app.declaredRoutes.filter(
        (route) => route.method === endpoint.method && route.url === `/api${endpoint.path}`,
      );
      expect(
        registered.map((route) => route.access),
        name,
      ).toEqual([endpoint.access]);
    }
  });

  it('has no route under the API prefix, nor any of ours elsewhere, without a declaration', () => {
    const routes = t.app.declaredRoutes;
    const underApi = routes.filter((route) => route.url.startsWith('/api/'));
    // The table's routes, their HEAD twins, social sign-in and the OpenAPI document at least.
    expect(underApi.length).toBeGreaterThan(NAMES.length + 10);
    const undeclared = routes
      .filter((route) => route.access === undefined)
      .map((route) => `${route.method} ${route.url}`);
    // @fastify/static's asset route takes no route options of ours; the built assets are public.
    expect(undeclared.filter((route) => !/^(GET|HEAD) \/public\/\*$/.test(route))).toEqual([]);
  });

  it('refuses to register a route under the API prefix that declares nothing', async () => {
    const other = await startTestApp('pglite');
    try {
      expect(() => other.app.get('/api/undeclared', async () => ({ result: 'ok' }))).toThrow(
        /GET \/api\/undeclared declares no access/,
      );
      expect(() =>
        other.app.get(
          '/api/declared',
          { config: { access: 'user', sessionCheckedByService: true } },
          async () => ({ result: 'ok' }),
        ),
      ).toThrow(/sessionCheckedByService is for access 'game' only/);
      // Outside the prefix nothing is enforced, so nothing is required.
      expect(() => other.app.get('/elsewhere', async () => 'ok')).not.toThrow();
    } finally {
      await other.close();
    }
    // A second app on a fresh PGlite database: its start (migrations in WebAssembly) took over
    // 30 s once on a loaded two-core machine.
  }, 90_000);

  describe.each(['no session', 'guest', 'no username yet'] as const)('%s', (situation) => {
    it.each(NAMES.filter((name) => API_ENDPOINTS[name].access !== 'public'))(
      '%s answers as its level says',
      async (name) => {
        const endpoint = API_ENDPOINTS[name];
        const expected = refusal(endpoint.access, situation, name);
        const agent = await agents.get(situation)!();
        const { params, body } = SAMPLES[name];
        const url = `/api${fillPath(endpoint.path, params ?? {})}`;
        const response =
          endpoint.method === 'GET' ? await agent.get(url) : await agent.post(url, body ?? {});
        if (expected === 'let through') {
          // Whatever the route answers next, it is not the refusal of a stricter level.
          expect(response.body.err, `${response.status}`).not.toBe(PICK_USERNAME_FIRST);
          expect(response.status).not.toBe(401);
          expect(response.status).not.toBe(400);
        } else {
          expect({ status: response.status, err: response.body.err }).toEqual(expected);
        }
      },
    );
  });
});

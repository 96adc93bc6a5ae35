import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countMatches } from '@jotto/shared/game-rules';
import { SESSION_COOKIE } from '@jotto/shared/request-headers';
import { SECRET_WORDS } from '@jotto/shared/word-lists';
import { variablesIn } from '../src/config/config-declarations.ts';
import { RATE_LIMIT_VARIABLES } from '../src/config/config-variable-groups.ts';
import { users } from '../src/db/account-tables.ts';
import { games } from '../src/db/game-tables.ts';
import { newUsername, startTestApp, type TestApp, TestAgent } from './test-app.ts';
import { TEST_REDIS_URL, uniqueClientAddress } from './test-environment.ts';

// Guesses were counted per client address only: a classroom of signed-in players behind one
// address shared RATE_LIMIT_PLAY and was refused within a minute. Signed-in players are now
// counted per account, guests per address; challenges sent, challenges accepted, 'Play now'
// seeks and cancels have limits of their own, per account. Every limit here is its default.

/** A declared limit's default, as the manual states it. */
function defaultLimit(name: string): number {
  const declared = variablesIn(RATE_LIMIT_VARIABLES).find((v) => v.variable === name);
  if (typeof declared?.default !== 'number') throw new Error(`${name} has no default`);
  return declared.default;
}

const PLAY = defaultLimit('RATE_LIMIT_PLAY');
const CHALLENGES = defaultLimit('RATE_LIMIT_CHALLENGES');
const SEEKS = defaultLimit('RATE_LIMIT_SEEKS');
const SEEK_CANCELS = defaultLimit('RATE_LIMIT_SEEK_CANCELS');
const ACCOUNT_GAMES = defaultLimit('RATE_LIMIT_ACCOUNT_GAMES');
const LIMITS = Object.fromEntries(
  [
    'RATE_LIMIT_PLAY',
    'RATE_LIMIT_GUEST_GAMES',
    'RATE_LIMIT_ACCOUNT_GAMES',
    'RATE_LIMIT_CHALLENGES',
    'RATE_LIMIT_SEEKS',
    'RATE_LIMIT_SEEK_CANCELS',
  ].map((name) => [name, String(defaultLimit(name))]),
);

const REFUSED = {
  result: 'error',
  err: expect.stringMatching(/^Too many attempts\. Try again in \d+ seconds\.$/),
};

interface Player {
  agent: TestAgent;
  username: string;
  id: number;
}

/** Registers an account from `address` (registrations are not limited here). */
async function registerAt(app: FastifyInstance, address: string): Promise<Player> {
  const agent = new TestAgent(app, { remoteAddress: address });
  const username = newUsername('rl');
  const answer = await agent.post('/api/register', {
    username,
    email: `${username}@example.com`,
    password: 'secret1',
  });
  expect(answer.status).toBe(200);
  const [row] = await app.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.username, username));
  return { agent, username, id: row!.id };
}

/** The same browser (its cookies) on another node, or from another address. */
function sameBrowser(app: FastifyInstance, address: string, from: TestAgent): TestAgent {
  const agent = new TestAgent(app, { remoteAddress: address });
  for (const [name, value] of from.cookies) agent.cookies.set(name, value);
  return agent;
}

/**
 * Starts a solo game and opens its board, as the game screen does before the first guess (the
 * board read puts the session in the node's memory); answers the game and guesses that miss.
 */
async function openGame(app: FastifyInstance, agent: TestAgent, guesses: number) {
  const created = await agent.get<{ gameId: number }>('/api/games/new');
  expect(created.status).toBe(200);
  const { gameId } = created.body;
  expect((await agent.get(`/api/games/${gameId}`)).status).toBe(200);
  const [row] = await app.db
    .select({ secret: games.secret })
    .from(games)
    .where(eq(games.id, gameId));
  const secret = row!.secret.trim();
  const words = SECRET_WORDS.filter((word) => countMatches(word, secret) < 5).slice(0, guesses);
  expect(words).toHaveLength(guesses);
  return { gameId, words };
}

describe('limits per account for signed-in players, per address for guests (Postgres, Redis)', () => {
  let nodeA: TestApp;
  let nodeB: TestApp;
  beforeAll(async () => {
    nodeA = await startTestApp('postgres', { ...LIMITS, REDIS_URL: TEST_REDIS_URL });
    nodeB = await startTestApp(
      'postgres',
      { ...LIMITS, REDIS_URL: TEST_REDIS_URL },
      { databaseUrl: nodeA.databaseUrl! },
    );
    // Counts per account live in Redis under the account's id, which every scratch database
    // numbers from 1: ids of their own keep this run's counts apart from another run's.
    const start = 100_000_000 + (randomBytes(4).readUInt32BE() % 1_900_000_000);
    await nodeA.app.db.execute(sql`SELECT setval(pg_get_serial_sequence('users', 'id'), ${start})`);
  });
  afterAll(async () => {
    await nodeB.app.close();
    await nodeA.close();
  });

  it('40 signed-in players on one address, each guessing every 5 s, are never refused', async () => {
    const classroom = uniqueClientAddress();
    const players: Player[] = [];
    for (let i = 0; i < 40; i++) players.push(await registerAt(nodeA.app, classroom));
    // 12 guesses each: one every 5 s for a minute, compressed into one rate window.
    const boards = await Promise.all(players.map((p) => openGame(nodeA.app, p.agent, 13)));
    const statuses: number[] = [];
    for (let round = 0; round < 12; round++) {
      const answers = await Promise.all(
        players.map((p, i) =>
          p.agent.get(`/api/game/${boards[i]!.gameId}/play/${boards[i]!.words[round]}`),
        ),
      );
      statuses.push(...answers.map((a) => a.status));
    }
    // Counted per address, as before, 360 of these 480 were refused.
    expect(40 * 12).toBeGreaterThan(PLAY);
    expect(statuses.filter((s) => s === 429)).toHaveLength(0);
    expect(statuses.every((s) => s === 200)).toBe(true);

    // One account far beyond its own limit is refused; its classmates are not.
    const flooder = await registerAt(nodeA.app, classroom);
    const board = await openGame(nodeA.app, flooder.agent, PLAY);
    const flood: number[] = [];
    for (let i = 0; i < PLAY + 30; i++) {
      const word = board.words[i % PLAY]!;
      flood.push((await flooder.agent.get(`/api/game/${board.gameId}/play/${word}`)).status);
    }
    expect(flood.slice(0, PLAY).filter((s) => s === 429)).toHaveLength(0);
    expect(flood.slice(PLAY)).toEqual(Array(30).fill(429));
    const refused = await flooder.agent.get(`/api/game/${board.gameId}/play/${board.words[0]}`);
    expect(refused).toMatchObject({ status: 429, body: REFUSED });
    // The same account from another address and node is counted with it (once that node holds
    // its session: the board read). Node B's caches may be at rest (nothing looked up for a
    // minute): a session read before Redis answers the watch's first PING is not kept, and the
    // guess's key would fall back to the address. Its caches awake, the board read keeps it.
    const elsewhere = sameBrowser(nodeB.app, uniqueClientAddress(), flooder.agent);
    await expect
      .poll(() => nodeB.app.invalidations.trusted, { timeout: 5_000, interval: 20 })
      .toBe(true);
    expect((await elsewhere.get(`/api/games/${board.gameId}`)).status).toBe(200);
    expect((await elsewhere.get(`/api/game/${board.gameId}/play/${board.words[0]}`)).status).toBe(
      429,
    );
    const classmate = players[0]!;
    const next = await classmate.agent.get(
      `/api/game/${boards[0]!.gameId}/play/${boards[0]!.words[12]}`,
    );
    expect(next.status).toBe(200);
  });

  it('counts a guest per address, and made-up cookies with it', async () => {
    const address = uniqueClientAddress();
    const guest = new TestAgent(nodeA.app, { remoteAddress: address });
    const board = await openGame(nodeA.app, guest, PLAY);
    const half = Math.floor(PLAY / 2);
    const play = (agent: TestAgent, word: string) =>
      agent.get(`/api/game/${board.gameId}/play/${word}`).then((a) => a.status);
    const statuses: number[] = [];
    for (const word of board.words.slice(0, half)) statuses.push(await play(guest, word));
    // Answered (a solo game is over after 20 misses: 409 then), never refused.
    expect(statuses.filter((s) => s === 429)).toHaveLength(0);
    // A cookie nobody issued names no session: 404, counted on the address, not on its own.
    const forged = () => {
      const agent = new TestAgent(nodeA.app, { remoteAddress: address });
      agent.cookies.set(SESSION_COOKIE, randomBytes(32).toString('base64url'));
      return agent;
    };
    const withForged: number[] = [];
    for (const word of board.words.slice(half)) withForged.push(await play(forged(), word));
    expect(withForged.every((s) => s === 404)).toBe(true);
    expect(await play(forged(), board.words[0]!)).toBe(429);
    const refused = await guest.get(`/api/game/${board.gameId}/play/${board.words[0]}`);
    expect(refused).toMatchObject({ status: 429, body: REFUSED });

    // An account on that address has an allowance of its own, once the node holds its
    // session; until then (no read of it on this node yet) it counts on the address.
    const player = await registerAt(nodeA.app, address);
    const created = await player.agent.get<{ gameId: number }>('/api/games/new');
    const word = board.words[0]!;
    expect((await player.agent.get(`/api/game/${created.body.gameId}/play/${word}`)).status).toBe(
      429,
    );
    expect((await player.agent.get(`/api/games/${created.body.gameId}`)).status).toBe(200);
    expect((await player.agent.get(`/api/game/${created.body.gameId}/play/${word}`)).status).toBe(
      200,
    );
  });

  it(`refuses challenges past ${CHALLENGES} a minute from one account, from two addresses`, async () => {
    const first = uniqueClientAddress();
    const alice = await registerAt(nodeA.app, first);
    const bob = await registerAt(nodeA.app, uniqueClientAddress());
    const aliceElsewhere = sameBrowser(nodeB.app, uniqueClientAddress(), alice.agent);
    const challenge = (agent: TestAgent) =>
      agent.post('/api/challenges/new', { username: bob.username });
    const statuses: number[] = [];
    // Sending the same challenge again keeps the one pending: every send is answered 200.
    for (let i = 0; i < CHALLENGES; i++)
      statuses.push((await challenge(i % 2 ? aliceElsewhere : alice.agent)).status);
    expect(statuses).toEqual(Array(CHALLENGES).fill(200));
    expect(await challenge(alice.agent)).toMatchObject({ status: 429, body: REFUSED });
    expect(await challenge(aliceElsewhere)).toMatchObject({ status: 429, body: REFUSED });
    // Another account on Alice's address is not affected.
    const carol = await registerAt(nodeA.app, first);
    expect((await challenge(carol.agent)).status).toBe(200);
  });

  it(`refuses challenges accepted past ${ACCOUNT_GAMES} a minute (each starts a game)`, async () => {
    const bob = await registerAt(nodeA.app, uniqueClientAddress());
    const accept = () => bob.agent.post('/api/challenges/accept', { challenge_id: 2_000_000_000 });
    const statuses: number[] = [];
    for (let i = 0; i < ACCOUNT_GAMES; i++) statuses.push((await accept()).status);
    expect(statuses.filter((s) => s === 429)).toHaveLength(0);
    expect(await accept()).toMatchObject({ status: 429, body: REFUSED });
  });

  it(`refuses seeks past ${SEEKS} and cancels past ${SEEK_CANCELS} a minute from one account`, async () => {
    const first = uniqueClientAddress();
    const dave = await registerAt(nodeA.app, first);
    const daveElsewhere = sameBrowser(nodeB.app, uniqueClientAddress(), dave.agent);
    const seek = (agent: TestAgent) => agent.post('/api/match/seek');
    const statuses: number[] = [];
    // Seeking again while waiting keeps the one place in the queue.
    for (let i = 0; i < SEEKS; i++)
      statuses.push((await seek(i % 2 ? daveElsewhere : dave.agent)).status);
    expect(statuses).toEqual(Array(SEEKS).fill(200));
    expect(await seek(dave.agent)).toMatchObject({ status: 429, body: REFUSED });
    expect(await seek(daveElsewhere)).toMatchObject({ status: 429, body: REFUSED });
    // Another account on Dave's address seeks (and is paired with him).
    const erin = await registerAt(nodeA.app, first);
    expect((await seek(erin.agent)).status).toBe(200);

    const cancel = (agent: TestAgent) => agent.post('/api/match/cancel');
    const cancels: number[] = [];
    for (let i = 0; i < SEEK_CANCELS; i++)
      cancels.push((await cancel(i % 2 ? daveElsewhere : dave.agent)).status);
    expect(cancels).toEqual(Array(SEEK_CANCELS).fill(200));
    expect(await cancel(dave.agent)).toMatchObject({ status: 429, body: REFUSED });
    expect((await cancel(erin.agent)).status).toBe(200);
  });
});

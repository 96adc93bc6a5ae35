import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config/config.ts';
import { pushTokens, users } from '../src/db/account-tables.ts';
import { SESSION_COOKIE } from '@jotto/shared/request-headers';
import {
  connected,
  openSocket,
  quietFor,
  recordEvents,
  type ClientSocket,
} from '@jotto/test-support/socket-client';
import { RecordingPushTransport } from './recording-push-transport.ts';
import { registerUser, TestAgent } from './test-app.ts';
import { createScratchPostgresDatabase } from './test-environment.ts';
import type { FastifyInstance } from 'fastify';

type Json = Record<string, unknown>;

/**
 * How long a test listens for something that must NOT happen (an event to the wrong socket, a
 * push for an ordinary guess, the other session's socket closed). Each listens only after what
 * did happen has arrived, and the node would send the wrong thing in the same pass as the
 * right one (one emit to a room, one logout closing its session's sockets, the push decided
 * with the guess), over loopback to this process: it would arrive within milliseconds, and
 * 300 ms leaves a wide margin on a loaded machine.
 */
const NOTHING_ELSE_WITHIN_MS = 300;

describe('the Socket.IO channel on one node', () => {
  let app: FastifyInstance;
  let baseUrl: string;
  let drop: () => Promise<void>;
  const push = new RecordingPushTransport();
  const sockets: ClientSocket[] = [];
  const track = (socket: ClientSocket) => (sockets.push(socket), socket);

  beforeAll(async () => {
    const scratch = await createScratchPostgresDatabase();
    drop = scratch.drop;
    const config = loadConfig({
      LOG_LEVEL: 'silent',
      DATABASE_URL: scratch.url,
      SESSION_SECRET: 'test-secret-test-secret-test-secret-0123',
      CLIENT_ORIGIN: 'https://client.jotto.test',
      PUBLIC_URL: 'http://localhost:3000',
      RATE_LIMIT_PLAY: '100000',
      RATE_LIMIT_REGISTER: '100000',
      RATE_LIMIT_LOGIN: '100000',
    });
    app = await buildApp(config, { pushTransport: push });
    await app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    sockets.forEach((s) => s.disconnect());
    await app.close();
    await drop();
  });

  const sessionOf = (agent: TestAgent) => agent.cookies.get(SESSION_COOKIE);
  const idOf = async (username: string) =>
    (await app.db.select({ id: users.id }).from(users).where(eq(users.username, username)))[0]!.id;

  it('refuses a handshake without a session, with a forged one, or from a foreign origin', async () => {
    await expect(connected(track(openSocket(baseUrl, undefined)))).rejects.toThrow('unauthorized');
    await expect(connected(track(openSocket(baseUrl, 'x'.repeat(43))))).rejects.toThrow(
      'unauthorized',
    );
    const { agent } = await registerUser(app);
    await expect(
      connected(track(openSocket(baseUrl, sessionOf(agent), { origin: 'https://evil.example' }))),
    ).rejects.toThrow();
    await connected(
      track(openSocket(baseUrl, sessionOf(agent), { origin: 'https://client.jotto.test' })),
    );
    await connected(track(openSocket(baseUrl, sessionOf(agent))));
  });

  it('delivers challenge events to the users they concern, and to no one else', async () => {
    const alice = await registerUser(app);
    const bob = await registerUser(app);
    const carol = await registerUser(app);
    const aliceEvents = recordEvents(
      await connected(track(openSocket(baseUrl, sessionOf(alice.agent)))),
      ['challenge:accepted', 'challenge:denied', 'challenge:received'],
    );
    const bobSocket = await connected(track(openSocket(baseUrl, sessionOf(bob.agent))));
    const bobEvents = recordEvents(bobSocket, ['challenge:received']);
    const carolEvents = recordEvents(
      await connected(track(openSocket(baseUrl, sessionOf(carol.agent)))),
      ['challenge:received', 'challenge:accepted'],
    );

    const first = await alice.agent.post<Json>('/api/challenges/new', { username: bob.username });
    const [received] = await bobEvents.waitFor(1);
    expect(received!.payload).toEqual({
      challengeId: first.body.challengeId,
      sender: alice.username,
    });
    await bob.agent.post('/api/challenges/deny', { challenge_id: first.body.challengeId });
    const [denied] = await aliceEvents.waitFor(1, 'challenge:denied');
    expect(denied!.payload).toEqual({ challengeId: first.body.challengeId });

    const second = await alice.agent.post<Json>('/api/challenges/new', { username: bob.username });
    const accepted = await bob.agent.post<Json>('/api/challenges/accept', {
      challenge_id: second.body.challengeId,
    });
    const [acceptedEvent] = await aliceEvents.waitFor(1, 'challenge:accepted');
    expect(acceptedEvent!.payload).toEqual({
      challengeId: second.body.challengeId,
      gameId: accepted.body.gameId,
    });
    expect(await quietFor(carolEvents, NOTHING_ELSE_WITHIN_MS)).toBe(true);
    expect(carolEvents.events).toEqual([]);
    expect(aliceEvents.events.filter((e) => e.name === 'challenge:received')).toEqual([]);
  });

  it('sends every guess of the opponent as game:counts, in order, to every tab', async () => {
    const alice = await registerUser(app);
    const bob = await registerUser(app);
    const gameId = (
      await app.games.createVersusGame([await idOf(alice.username), await idOf(bob.username)])
    ).gameId;
    const tab1 = recordEvents(await connected(track(openSocket(baseUrl, sessionOf(alice.agent)))), [
      'game:counts',
    ]);
    const tab2 = recordEvents(await connected(track(openSocket(baseUrl, sessionOf(alice.agent)))), [
      'game:counts',
    ]);
    const bobTab = recordEvents(await connected(track(openSocket(baseUrl, sessionOf(bob.agent)))), [
      'game:counts',
    ]);
    const words = ['crane', 'sloth', 'pudgy', 'mound', 'fifth'];
    const scores: number[] = [];
    for (const word of words) {
      const played = await bob.agent.get<Json>(`/api/game/${gameId}/play/${word}`);
      expect(played.status).toBe(200);
      scores.push(played.body.score as number);
    }
    for (const tab of [tab1, tab2]) {
      const events = await tab.waitFor(words.length);
      expect(events.map((e) => e.payload.seq)).toEqual([1, 2, 3, 4, 5]);
      expect(events.map((e) => e.payload.enemyGuesses)).toEqual([1, 2, 3, 4, 5]);
      expect(events.map((e) => e.payload.enemyScore)).toEqual(scores);
      expect(
        events.every((e) => e.payload.gameId === gameId && e.payload.outcome === 'pending'),
      ).toBe(true);
    }
    // Bob's own guesses are not news to Bob.
    expect(await quietFor(bobTab, NOTHING_ELSE_WITHIN_MS)).toBe(true);
    // The REST route the fallback polls reads the same state as the last event (and how many
    // watch, which `game:watchers` tells).
    const counts = await alice.agent.get<Json>(`/api/game/${gameId}/counts`);
    const { result, watchers, ...polled } = counts.body;
    expect(result).toBe('ok');
    expect(watchers).toBe(0);
    expect(polled).toEqual(tab1.events.at(-1)!.payload);
  });

  it("sends a player's own moves and marks to every tab of theirs as game:moved and game:marks", async () => {
    const alice = await registerUser(app);
    const bob = await registerUser(app);
    const gameId = (
      await app.games.createVersusGame([await idOf(alice.username), await idOf(bob.username)])
    ).gameId;
    const names: Array<'game:moved' | 'game:marks' | 'game:counts'> = [
      'game:moved',
      'game:marks',
      'game:counts',
    ];
    const tab1 = recordEvents(
      await connected(track(openSocket(baseUrl, sessionOf(alice.agent)))),
      names,
    );
    // Another device of Alice's: another session, the same user room.
    const phone = new TestAgent(app);
    await phone.post('/api/login', { username: alice.username, password: alice.password });
    const tab2 = recordEvents(await connected(track(openSocket(baseUrl, sessionOf(phone)))), names);
    const bobTab = recordEvents(await connected(track(openSocket(baseUrl, sessionOf(bob.agent)))), [
      'game:moved',
      'game:marks',
    ]);

    // Two ongoing guesses (the batch) and a finishing one (the locked path).
    const first = await alice.agent.get<Json>(`/api/game/${gameId}/play/crane`);
    const second = await alice.agent.get<Json>(`/api/game/${gameId}/play/sloth`);
    await alice.agent.get(`/api/game/${gameId}/play/giveup`);
    for (const tab of [tab1, tab2]) {
      const moves = await tab.waitFor(3, 'game:moved');
      expect(moves.map((e) => e.payload)).toEqual([
        {
          gameId,
          word: 'crane',
          matches: first.body.matches,
          score: first.body.score,
          guesses: 1,
          win: false,
          forfeit: false,
          finished: false,
          seq: 1,
        },
        {
          gameId,
          word: 'sloth',
          matches: second.body.matches,
          score: second.body.score,
          guesses: 2,
          win: false,
          forfeit: false,
          finished: false,
          seq: 2,
        },
        {
          gameId,
          score: second.body.score,
          guesses: 2,
          win: false,
          forfeit: true,
          finished: true,
          seq: 3,
        },
      ]);
      // Never the secret, not even once my game is over.
      expect(JSON.stringify(moves)).not.toContain('target');
    }

    await alice.agent.post(`/api/game/${gameId}/update`, { letter: 'q', color: 'bad' });
    await alice.agent.get(`/api/game/${gameId}/clear`);
    for (const tab of [tab1, tab2]) {
      const marks = await tab.waitFor(2, 'game:marks');
      expect(marks.map((e) => e.payload)).toEqual([
        { gameId, alphabet: { q: 'bad' } },
        { gameId, alphabet: {} },
      ]);
    }
    // My moves are news to my tabs only: the opponent hears game:counts, as before.
    expect(await quietFor(bobTab, NOTHING_ELSE_WITHIN_MS)).toBe(true);
    expect(bobTab.events).toEqual([]);
  });

  it('sends a solo guess to my other tabs too, without an event number', async () => {
    const alice = await registerUser(app);
    const created = await alice.agent.get<Json>('/api/games/new');
    const gameId = created.body.gameId as number;
    const tab = recordEvents(await connected(track(openSocket(baseUrl, sessionOf(alice.agent)))), [
      'game:moved',
    ]);
    const played = await alice.agent.get<Json>(`/api/game/${gameId}/play/crane`);
    const [moved] = await tab.waitFor(1);
    expect(moved!.payload).toEqual({
      gameId,
      word: 'crane',
      matches: played.body.matches,
      score: played.body.score,
      guesses: 1,
      win: played.body.win,
      forfeit: false,
      finished: played.body.finished,
    });
  });

  it('a client that missed events while disconnected converges with one fetch on reconnect', async () => {
    const alice = await registerUser(app);
    const bob = await registerUser(app);
    const gameId = (
      await app.games.createVersusGame([await idOf(alice.username), await idOf(bob.username)])
    ).gameId;
    const steady = recordEvents(
      await connected(track(openSocket(baseUrl, sessionOf(alice.agent)))),
      ['game:counts'],
    );
    const flaky = track(openSocket(baseUrl, sessionOf(alice.agent)));
    const flakyEvents = recordEvents(await connected(flaky), ['game:counts']);
    await bob.agent.get(`/api/game/${gameId}/play/crane`);
    await flakyEvents.waitFor(1);
    flaky.disconnect();
    for (const word of ['sloth', 'pudgy', 'giveup'])
      await bob.agent.get(`/api/game/${gameId}/play/${word}`);
    await steady.waitFor(4);
    flaky.connect();
    await connected(flaky);
    // On every (re)connect the client fetches the counts once: that is how it catches up.
    const caughtUp = await alice.agent.get<Json>(`/api/game/${gameId}/counts`);
    const { result: _result, watchers: _watchers, ...state } = caughtUp.body;
    expect(flakyEvents.events).toHaveLength(1);
    expect(state).toEqual(steady.events.at(-1)!.payload);
    expect(state).toMatchObject({ seq: 4, enemyForfeit: true, enemyGuesses: 3 });
  });

  it('logout disconnects that session’s sockets and leaves the user’s other sessions connected', async () => {
    const { agent, username, password } = await registerUser(app);
    const otherDevice = new TestAgent(app);
    await otherDevice.post('/api/login', { username, password });
    const doomed = await connected(track(openSocket(baseUrl, sessionOf(agent))));
    const survivor = await connected(track(openSocket(baseUrl, sessionOf(otherDevice))));
    const closed = new Promise<string>((resolve) => doomed.once('disconnect', resolve));
    await agent.get('/api/logout');
    expect(await closed).toBe('io server disconnect');
    let survivorClosed = false;
    survivor.once('disconnect', () => (survivorClosed = true));
    await new Promise((resolve) => setTimeout(resolve, NOTHING_ELSE_WITHIN_MS));
    expect(survivorClosed).toBe(false);
    expect(survivor.connected).toBe(true);
  });

  it('a sign-in that replaces a signed-in session closes that session’s sockets', async () => {
    const { agent, username, password } = await registerUser(app);
    const replaced = await connected(track(openSocket(baseUrl, sessionOf(agent))));
    const closed = new Promise<string>((resolve) => replaced.once('disconnect', resolve));
    // The same browser signs in again: a new session, the previous one deleted.
    expect((await agent.post('/api/login', { username, password })).status).toBe(200);
    expect(await closed).toBe('io server disconnect');
    // The new session's socket is admitted as usual.
    expect((await connected(track(openSocket(baseUrl, sessionOf(agent))))).connected).toBe(true);
  });

  it('closes a socket that sends anything, and keeps serving the account’s other sockets', async () => {
    const alice = await registerUser(app);
    const bob = await registerUser(app);
    const sender = await connected(track(openSocket(baseUrl, sessionOf(alice.agent))));
    const quiet = await connected(track(openSocket(baseUrl, sessionOf(alice.agent))));
    const events = recordEvents(quiet, ['challenge:received']);
    const closed = new Promise<string>((resolve) => sender.once('disconnect', resolve));
    (sender.emit as unknown as (event: string, ...args: unknown[]) => void)('game:counts', {
      evil: true,
    });
    expect(await closed).toBe('io server disconnect');
    await bob.agent.post('/api/challenges/new', { username: alice.username });
    await events.waitFor(1);
    expect(quiet.connected).toBe(true);
  });

  describe('push notifications at the provider boundary', () => {
    it('pushes a received challenge, an accepted one and an opponent who finished', async () => {
      const alice = await registerUser(app);
      const bob = await registerUser(app);
      await alice.agent.post('/api/user/pushtoken', { token: `alice-device-${alice.username}` });
      await bob.agent.post('/api/user/pushtoken', { token: `bob-device-${bob.username}` });
      const sentTo = (token: string) => push.sent.filter((m) => m.tokens.includes(token));
      const waitForPush = (token: string, count: number) =>
        vi.waitFor(
          () => {
            expect(sentTo(token)).toHaveLength(count);
            return sentTo(token);
          },
          { timeout: 5_000, interval: 20 },
        );

      const { challengeId } = (
        await alice.agent.post<Json>('/api/challenges/new', { username: bob.username })
      ).body;
      const [toBob] = await waitForPush(`bob-device-${bob.username}`, 1);
      expect(toBob!.data).toEqual({
        title: 'New challenge',
        icon: 'http://localhost:3000/public/icon-192.png',
        body: `${alice.username} challenged you to a game!`,
        click_action: 'http://localhost:3000/challenges',
      });
      const { gameId } = (
        await bob.agent.post<{ gameId: number }>('/api/challenges/accept', {
          challenge_id: challengeId,
        })
      ).body;
      const [toAlice] = await waitForPush(`alice-device-${alice.username}`, 1);
      expect(toAlice!.data).toMatchObject({
        title: 'Challenge accepted',
        click_action: `http://localhost:3000/game/${gameId}`,
      });

      // An ordinary guess is not worth a notification.
      await bob.agent.get(`/api/game/${gameId}/play/crane`);
      await new Promise((r) => setTimeout(r, NOTHING_ELSE_WITHIN_MS));
      expect(sentTo(`alice-device-${alice.username}`)).toHaveLength(1);
      await bob.agent.get(`/api/game/${gameId}/play/giveup`);
      const finished = await waitForPush(`alice-device-${alice.username}`, 2);
      expect(finished[1]!.data!.body).toContain('finished');
      expect(finished[1]!.data!.click_action).toBe(`http://localhost:3000/game/${gameId}`);
    });

    it('forgets tokens the provider says are dead', async () => {
      const alice = await registerUser(app);
      const bob = await registerUser(app);
      const dead = `dead-${bob.username}`;
      const live = `live-${bob.username}`;
      await bob.agent.post('/api/user/pushtoken', { token: dead });
      await bob.agent.post('/api/user/pushtoken', { token: live });
      push.rejectTokens.add(dead);
      await alice.agent.post('/api/challenges/new', { username: bob.username });
      const bobId = await idOf(bob.username);
      await vi.waitFor(
        async () => {
          const remaining = await app.db
            .select()
            .from(pushTokens)
            .where(eq(pushTokens.userId, bobId));
          expect(remaining.map((r) => r.token)).toEqual([live]);
        },
        { timeout: 5_000, interval: 20 },
      );
    });
  });
});

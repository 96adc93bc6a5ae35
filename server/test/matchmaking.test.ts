import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { MatchSeekResponse, MatchStatusResponse } from '@jotto/shared/match-schemas';
import { SESSION_COOKIE } from '@jotto/shared/request-headers';
import { sessions, users } from '../src/db/account-tables.ts';
import { gamePlayers, games } from '../src/db/game-tables.ts';
import { matchSeeks } from '../src/db/social-tables.ts';
import { MatchQueueJob, SOCKET_REFRESH_MS } from '../src/matchmaking/match-queue-job.ts';
import { newUsername, registerUser, startTestApp, TestAgent, type TestApp } from './test-app.ts';
import { DATABASE_KINDS } from './test-environment.ts';

type Seek = MatchSeekResponse;

/** A job's listening, for a job the test runs by hand (`tick`), never started. */
const notListening = async () => async () => {};
type Status = MatchStatusResponse;

describe.each(DATABASE_KINDS)("'Play now' on %s", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
    // Each test runs the node's look at the queue itself, when it means to.
    await t.app.matchQueueJob.stop();
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(async () => {
    // Every test starts with an empty queue (the app is shared by the file's tests).
    await t.app.db.delete(matchSeeks);
  });

  interface Player {
    agent: TestAgent;
    username: string;
    id: number;
  }

  async function newPlayer(rating = 1500): Promise<Player & { password: string }> {
    const { agent, username, password } = await registerUser(t.app, newUsername('m'));
    const [row] = await t.app.db
      .update(users)
      .set({ rating })
      .where(eq(users.username, username))
      .returning({ id: users.id });
    return { agent, username, id: row!.id, password };
  }

  /** The same player signed in on another device: another session of the account. */
  async function otherDevice(player: Player & { password: string }): Promise<Player> {
    const agent = new TestAgent(t.app);
    const login = await agent.post('/api/login', {
      username: player.username,
      password: player.password,
    });
    expect(login.status).toBe(200);
    return { ...player, agent };
  }

  /** The keyed hash of the session an agent's cookie names. */
  const sessionHashOf = (player: Player) =>
    t.app.sessions.hash(player.agent.cookies.get(SESSION_COOKIE)!);

  /** The player's row in the queue, if any. */
  const seekRowOf = async (player: Player) =>
    (await t.app.db.select().from(matchSeeks).where(eq(matchSeeks.userId, player.id)))[0];

  const seek = async (player: Player) => {
    const answer = await player.agent.post<Seek>('/api/match/seek');
    expect(answer.status).toBe(200);
    return answer.body;
  };
  const status = async (player: Player) => {
    const answer = await player.agent.get<Status>('/api/match/status');
    expect(answer.status).toBe(200);
    return answer.body;
  };
  const cancel = async (player: Player) => {
    const answer = await player.agent.post('/api/match/cancel');
    expect(answer).toMatchObject({ status: 200, body: { result: 'ok' } });
  };

  /** Moves a player's wait back in time: it began, and was last seen, `ms` earlier. */
  async function age(player: Player, ms: { waited?: number; seen?: number }) {
    const interval = (value: number) => sql.raw(`interval '${value} milliseconds'`);
    await t.app.db
      .update(matchSeeks)
      .set({
        seekingSince: sql`${matchSeeks.seekingSince} - ${interval(ms.waited ?? 0)}`,
        seenAt: sql`${matchSeeks.seenAt} - ${interval(ms.seen ?? 0)}`,
      })
      .where(eq(matchSeeks.userId, player.id));
  }

  /** The versus games each player is in, by user id. */
  async function gamesOf(players: Player[]): Promise<Map<number, number[]>> {
    const rows = await t.app.db
      .select({ userId: gamePlayers.userId, gameId: gamePlayers.gameId })
      .from(gamePlayers)
      .innerJoin(games, eq(games.id, gamePlayers.gameId))
      .where(
        inArray(
          gamePlayers.userId,
          players.map((player) => player.id),
        ),
      );
    const byUser = new Map<number, number[]>(players.map((player) => [player.id, []]));
    for (const row of rows) byUser.get(row.userId!)!.push(row.gameId);
    return byUser;
  }

  it('refuses guests and visitors with the 401 of every user route', async () => {
    const nobody = new TestAgent(t.app);
    const guest = new TestAgent(t.app);
    expect((await guest.get('/api/games/new')).status).toBe(200);
    for (const agent of [nobody, guest]) {
      for (const [method, url] of [
        ['POST', '/api/match/seek'],
        ['POST', '/api/match/cancel'],
        ['GET', '/api/match/status'],
      ] as const) {
        const answer = method === 'GET' ? await agent.get(url) : await agent.post(url);
        expect({ status: answer.status, body: answer.body }).toEqual({
          status: 401,
          body: { result: 'error', err: 'You must be logged in to do that' },
        });
      }
    }
    expect(await t.app.db.select().from(matchSeeks)).toEqual([]);
  });

  it('does not pair the same two players twice in a row while anyone else is waiting', async () => {
    const alice = await newPlayer();
    const bob = await newPlayer();
    await seek(alice);
    const first = await seek(bob);
    expect(first).toMatchObject({ status: 'paired' });
    // Both move on (the game has started for them), and seek again, with carol waiting, far
    // from their ratings: bob and alice do not meet again while she waits.
    for (const player of [alice, bob]) {
      await player.agent.get(`/api/game/${first.gameId}/play/giveup`);
    }
    const carol = await newPlayer(2400);
    expect(await seek(carol)).toMatchObject({ status: 'waiting' });
    expect(await seek(alice)).toMatchObject({ status: 'waiting' });
    expect(await seek(bob)).toMatchObject({ status: 'waiting' });
    // With nobody else waiting, they may.
    await t.app.matches.cancel(carol.id);
    await t.app.matches.cancel(bob.id);
    expect(await seek(bob)).toMatchObject({ status: 'paired' });
    await t.app.matches.cancel(alice.id);
    await t.app.matches.cancel(bob.id);
  });

  it('pairs the second seeker with the first in one rated versus game both can open', async () => {
    const alice = await newPlayer();
    const bob = await newPlayer();
    expect(await status(alice)).toEqual({ result: 'ok', status: 'idle' });
    expect(await seek(alice)).toEqual({ result: 'ok', status: 'waiting' });
    expect(await status(alice)).toEqual({ result: 'ok', status: 'waiting' });

    const paired = await seek(bob);
    expect(paired).toEqual({
      result: 'ok',
      status: 'paired',
      gameId: expect.any(Number),
      rated: true,
    });
    const gameId = paired.gameId!;
    expect(await status(alice)).toEqual({ result: 'ok', status: 'paired', gameId, rated: true });
    expect(await status(bob)).toEqual({ result: 'ok', status: 'paired', gameId, rated: true });

    const [game] = await t.app.db.select().from(games).where(eq(games.id, gameId));
    expect(game).toMatchObject({ mode: 'versus', rated: true });
    expect((await gamesOf([alice, bob])).get(alice.id)).toEqual([gameId]);
    const aliceView = await alice.agent.get(`/api/games/${gameId}`);
    const bobView = await bob.agent.get(`/api/games/${gameId}`);
    expect(aliceView.body).toMatchObject({ multiplayer: true, enemyName: bob.username });
    expect(bobView.body).toMatchObject({ multiplayer: true, enemyName: alice.username });
  });

  it('answers a paired player who seeks again with the same game, until they move in it', async () => {
    const alice = await newPlayer();
    const bob = await newPlayer();
    await seek(alice);
    const { gameId } = await seek(bob);
    expect(await seek(alice)).toEqual({ result: 'ok', status: 'paired', gameId, rated: true });
    expect(await seek(bob)).toEqual({ result: 'ok', status: 'paired', gameId, rated: true });

    // Alice moves: the game has started for her; a new Play now is a new wait.
    expect((await alice.agent.get(`/api/game/${gameId}/play/crane`)).status).toBe(200);
    expect(await status(alice)).toEqual({ result: 'ok', status: 'idle' });
    expect(await seek(alice)).toEqual({ result: 'ok', status: 'waiting' });
    // Bob has not moved: his seek still answers that game, and he is not paired again.
    expect(await seek(bob)).toEqual({ result: 'ok', status: 'paired', gameId, rated: true });
    expect((await gamesOf([alice, bob])).get(bob.id)).toEqual([gameId]);

    // Cancelling forgets the pairing (the game stays): the next seek waits anew.
    await cancel(bob);
    expect(await status(bob)).toEqual({ result: 'ok', status: 'idle' });
    expect(await seek(bob)).toMatchObject({ status: 'paired' });
    expect((await gamesOf([bob])).get(bob.id)).toHaveLength(2);
  });

  it('never pairs a player with themselves: seeking twice keeps one place', async () => {
    const alice = await newPlayer();
    expect(await seek(alice)).toEqual({ result: 'ok', status: 'waiting' });
    expect(await seek(alice)).toEqual({ result: 'ok', status: 'waiting' });
    expect(await t.app.matches.pairWaiting()).toBe(0);
    expect(await t.app.db.select().from(matchSeeks)).toHaveLength(1);
    expect((await gamesOf([alice])).get(alice.id)).toEqual([]);
  });

  it('a repeated seek keeps the time the wait began', async () => {
    const alice = await newPlayer();
    await seek(alice);
    await age(alice, { waited: 4_000 });
    const [before] = await t.app.db.select().from(matchSeeks);
    await seek(alice);
    const [after] = await t.app.db.select().from(matchSeeks);
    expect(after!.seekingSince).toEqual(before!.seekingSince);
    expect(after!.seenAt.getTime()).toBeGreaterThan(before!.seenAt.getTime());
  });

  it('cancel leaves the queue: the next seeker waits instead of pairing', async () => {
    const alice = await newPlayer();
    const bob = await newPlayer();
    await seek(alice);
    await cancel(alice);
    expect(await status(alice)).toEqual({ result: 'ok', status: 'idle' });
    expect(await seek(bob)).toEqual({ result: 'ok', status: 'waiting' });
    // Cancelling when not in the queue is fine too.
    await cancel(alice);
  });

  it('pairs within ±100 at once, and prefers the closest rating', async () => {
    const low = await newPlayer(1500);
    const high = await newPlayer(1620);
    expect(await seek(low)).toMatchObject({ status: 'waiting' });
    // 120 apart: both wait.
    expect(await seek(high)).toMatchObject({ status: 'waiting' });
    // 1580 is within 100 of both: the closer one (1620, 40 away) is taken.
    const middle = await newPlayer(1580);
    const paired = await seek(middle);
    expect(paired).toMatchObject({ status: 'paired' });
    expect(await status(high)).toEqual({
      result: 'ok',
      status: 'paired',
      gameId: paired.gameId,
      rated: true,
    });
    expect(await status(low)).toEqual({ result: 'ok', status: 'waiting' });
    // 1601 is 101 away from 1500: no pair yet.
    const far = await newPlayer(1601);
    expect(await seek(far)).toMatchObject({ status: 'waiting' });
  });

  it('widens to any rating after 10 s of waiting, through the pairing pass', async () => {
    const alice = await newPlayer(1300);
    const bob = await newPlayer(1900);
    await seek(alice);
    await seek(bob);
    await age(alice, { waited: 9_000 });
    await t.app.matchQueueJob.tick();
    expect(await status(alice)).toEqual({ result: 'ok', status: 'waiting' });
    await age(alice, { waited: 1_000 });
    await t.app.matchQueueJob.tick();
    const paired = await status(alice);
    expect(paired).toEqual({
      result: 'ok',
      status: 'paired',
      gameId: expect.any(Number),
      rated: true,
    });
    expect(await status(bob)).toEqual(paired);
    // And a newcomer far from a player who has waited 10 s pairs with them at once.
    const carol = await newPlayer(2400);
    await seek(carol);
    await age(carol, { waited: 10_000 });
    const dave = await newPlayer(800);
    expect(await seek(dave)).toMatchObject({ status: 'paired' });
  });

  it('expires a seek 60 s after its last sign of life: never paired, then deleted', async () => {
    const alice = await newPlayer();
    const bob = await newPlayer();
    await seek(alice);
    await age(alice, { seen: 59_000 });
    // A poll within the 60 s keeps it alive, from now.
    expect(await status(alice)).toEqual({ result: 'ok', status: 'waiting' });
    await age(alice, { seen: 60_000 });
    expect(await seek(bob)).toEqual({ result: 'ok', status: 'waiting' });
    expect(await status(alice)).toEqual({ result: 'ok', status: 'idle' });
    await t.app.matchQueueJob.tick();
    expect(await t.app.db.select().from(matchSeeks).where(eq(matchSeeks.userId, alice.id))).toEqual(
      [],
    );
    // Seeking again is a new wait, and Bob's is still there to pair with.
    expect(await seek(alice)).toMatchObject({ status: 'paired' });
  });

  it('keeps alive the seeks of players whose socket the node holds, and only theirs', async () => {
    const alice = await newPlayer(1000);
    const bob = await newPlayer(2000);
    await seek(alice);
    await seek(bob);
    await age(alice, { seen: SOCKET_REFRESH_MS + 40_000 });
    await age(bob, { seen: SOCKET_REFRESH_MS + 40_000 });
    const aliceHash = sessionHashOf(alice);
    const job = new MatchQueueJob(
      t.app.matches,
      (hash) => hash === aliceHash,
      notListening,
      t.app.log,
    );
    await job.tick();
    const seen = new Map(
      (await t.app.db.select().from(matchSeeks)).map((row) => [row.userId, row.seenAt]),
    );
    expect(Date.now() - seen.get(alice.id)!.getTime()).toBeLessThan(5_000);
    expect(Date.now() - seen.get(bob.id)!.getTime()).toBeGreaterThan(40_000);
    // 20 s later (for the clock of the database), Bob has expired and Alice has not.
    await age(alice, { seen: 20_000 });
    await age(bob, { seen: 20_000 });
    expect(await status(alice)).toEqual({ result: 'ok', status: 'waiting' });
    expect(await status(bob)).toEqual({ result: 'ok', status: 'idle' });
  });

  it('concurrent seeks on one node: every player in exactly one game', async () => {
    const players = await Promise.all(Array.from({ length: 20 }, () => newPlayer()));
    const answers = await Promise.all(players.map((player) => seek(player)));
    expect(answers.filter((answer) => answer.status === 'paired')).toHaveLength(10);
    const byUser = await gamesOf(players);
    const gameIds = [...byUser.values()];
    expect(gameIds.every((ids) => ids.length === 1)).toBe(true);
    expect(new Set(gameIds.flat()).size).toBe(10);
    for (const player of players) {
      expect((await status(player)).gameId).toBe(byUser.get(player.id)![0]);
    }
  });

  describe('a seek is its sessions’', () => {
    it('logout cancels the seek', async () => {
      const alice = await newPlayer();
      const bob = await newPlayer();
      await seek(alice);
      expect((await alice.agent.get('/api/logout')).status).toBe(200);
      expect(await seekRowOf(alice)).toBeUndefined();
      // Nobody is left to pair with.
      expect(await seek(bob)).toEqual({ result: 'ok', status: 'waiting' });
    });

    it('stays while another live session of the account is seeking, and goes with the last', async () => {
      const alice = await newPlayer();
      const phone = await otherDevice(alice);
      await seek(alice);
      await age(alice, { waited: 3_000 });
      // The phone seeks too: the same wait, kept by both sessions.
      expect(await seek(phone)).toEqual({ result: 'ok', status: 'waiting' });
      const both = await seekRowOf(alice);
      expect(new Set(both!.sessionHashes)).toEqual(
        new Set([sessionHashOf(alice), sessionHashOf(phone)]),
      );
      expect(Date.now() - both!.seekingSince.getTime()).toBeGreaterThanOrEqual(3_000);

      await alice.agent.get('/api/logout');
      expect(await seekRowOf(alice)).toMatchObject({ seekingSince: both!.seekingSince });
      expect(await status(phone)).toEqual({ result: 'ok', status: 'waiting' });
      // Still paired like any seek.
      const bob = await newPlayer();
      const paired = await seek(bob);
      expect(paired).toMatchObject({ status: 'paired' });
      expect(await status(phone)).toEqual({
        result: 'ok',
        status: 'paired',
        gameId: paired.gameId,
        rated: true,
      });
      // The last seeking session ends: the seek goes, paired or not (the game stays).
      await phone.agent.get('/api/logout');
      expect(await seekRowOf(alice)).toBeUndefined();
      expect((await gamesOf([alice])).get(alice.id)).toEqual([paired.gameId]);
    });

    it('a session of the account that did not seek neither keeps the seek nor keeps it alive', async () => {
      const alice = await newPlayer();
      const laptop = await otherDevice(alice);
      await seek(alice);
      await age(alice, { seen: 50_000 });
      // The laptop learns where the account stands, but its poll is no sign of the seeker.
      expect(await status(laptop)).toEqual({ result: 'ok', status: 'waiting' });
      expect(Date.now() - (await seekRowOf(alice))!.seenAt.getTime()).toBeGreaterThan(49_000);
      // Nor does a socket of the laptop's session count for the node's keep-alive.
      const laptopHash = sessionHashOf(laptop);
      await new MatchQueueJob(
        t.app.matches,
        (hash) => hash === laptopHash,
        notListening,
        t.app.log,
      ).tick();
      expect(Date.now() - (await seekRowOf(alice))!.seenAt.getTime()).toBeGreaterThan(49_000);
      // The seeking session signs out: the laptop's session does not keep the seek.
      await alice.agent.get('/api/logout');
      expect(await seekRowOf(alice)).toBeUndefined();
      expect(await status(laptop)).toEqual({ result: 'ok', status: 'idle' });
    });

    it('an expired seeking session: its seek is never paired, and the next pass deletes it', async () => {
      const alice = await newPlayer();
      const bob = await newPlayer();
      await seek(alice);
      // Expiry is time passing: nobody announces it.
      await t.app.db
        .update(sessions)
        .set({ expiresAt: new Date(Date.now() - 1_000) })
        .where(eq(sessions.idHash, sessionHashOf(alice)));
      expect(await seek(bob)).toEqual({ result: 'ok', status: 'waiting' });
      await t.app.matchQueueJob.tick();
      expect(await seekRowOf(alice)).toBeUndefined();
      expect(await seekRowOf(bob)).toMatchObject({ gameId: null });
    });

    it('the purge of expired sessions cancels their seeks (a seek of another, live session stays)', async () => {
      // Too far apart in rating to pair at once.
      const alice = await newPlayer(1000);
      const bob = await newPlayer(2000);
      await seek(alice);
      await seek(bob);
      await t.app.db
        .update(sessions)
        .set({ expiresAt: new Date(Date.now() - 1_000) })
        .where(eq(sessions.idHash, sessionHashOf(alice)));
      await t.app.purgeJob.run();
      expect(await seekRowOf(alice)).toBeUndefined();
      expect(await seekRowOf(bob)).toMatchObject({ gameId: null });
    });

    it('a seek whose session ended before its turn is refused, and leaves no row', async () => {
      const alice = await newPlayer();
      const hash = sessionHashOf(alice);
      await t.app.db.delete(sessions).where(eq(sessions.idHash, hash));
      const answer = await t.app.matches.seek({
        userId: alice.id,
        username: alice.username,
        sessionHash: hash,
      });
      expect(answer).toEqual({ status: 'idle' });
      expect(await seekRowOf(alice)).toBeUndefined();
    });
  });
});

import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { CountsResponse, GameDetailResponse } from '@jotto/shared/game-schemas';
import type { SaidEntry } from '@jotto/shared/phrase-schemas';
import { userRoom, watchRoom } from '@jotto/shared/realtime-events';
import { connected, quietFor, recordEvents } from '@jotto/test-support/socket-client';
import { games } from '../src/db/game-tables.ts';
import { gamePhrases, userBlocks } from '../src/db/moderation-tables.ts';
import { registerPlayer, type RegisteredPlayer } from './test-app.ts';
import { listeningTestApp } from './listening-test-app.ts';
import { DATABASE_KINDS } from './test-environment.ts';

type Json = Record<string, unknown>;
type Player = RegisteredPlayer;

/**
 * How long a test listens for an event that must NOT come: it would go out in the same pass as
 * the one to the spectators, which the test waits for first, over loopback to this process.
 */
const NOTHING_ELSE_WITHIN_MS = 300;

describe.each(DATABASE_KINDS)('quick phrases on %s', (kind) => {
  const t = listeningTestApp(kind);

  const newPlayer = () => registerPlayer(t.app, 'qp');

  async function newVersus(a: Player, b: Player): Promise<number> {
    return (await t.app.games.createVersusGame([a.id, b.id], undefined, { rated: false })).gameId;
  }

  /** A socket of the player's (every socket of theirs joins their user room). */
  async function socketOf(player: Player) {
    return recordEvents(await connected(t.socketOf(player.agent)), ['game:said', 'game:counts']);
  }

  /**
   * A spectator's socket in the game's watch room. Putting it there is the watch route's job
   * (another part of the app); the test does what that route does, through the server.
   */
  async function spectatorOf(gameId: number) {
    const spectator = await newPlayer();
    const events = await socketOf(spectator);
    t.app.io.in(userRoom(spectator.id)).socketsJoin(watchRoom(gameId));
    return events;
  }

  const say = (player: Player, gameId: number, phrase: unknown) =>
    player.agent.post<Json>(`/api/game/${gameId}/say`, { phrase });
  const mute = (player: Player, gameId: number, muted: boolean) =>
    player.agent.post<Json>(`/api/game/${gameId}/mute`, { muted });

  async function sayOk(player: Player, gameId: number, phrase: string): Promise<SaidEntry> {
    const response = await say(player, gameId, phrase);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return (response.body as { said: SaidEntry }).said;
  }

  async function counts(player: Player, gameId: number, since?: number) {
    const query = since === undefined ? '' : `?since=${since}`;
    const response = await player.agent.get<CountsResponse>(`/api/game/${gameId}/counts${query}`);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body;
  }

  async function detail(player: Player, gameId: number) {
    const response = await player.agent.get<GameDetailResponse>(`/api/games/${gameId}`);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body;
  }

  /** `blocker` blocks `blocked`, as the block route stores it. */
  async function block(blocker: Player, blocked: Player) {
    await t.app.db.insert(userBlocks).values({ blockerId: blocker.id, blockedId: blocked.id });
  }

  /** Moves the game's settlement `minutes` into the past. */
  async function settledAgo(gameId: number, minutes: number) {
    await t.app.db
      .update(games)
      .set({ settledAt: new Date(Date.now() - minutes * 60_000) })
      .where(eq(games.id, gameId));
  }

  it('a phrase takes the next seq and reaches the opponent and the spectators', async () => {
    const [a, b] = [await newPlayer(), await newPlayer()];
    const gameId = await newVersus(a, b);
    const aTab = await socketOf(a);
    const bTab = await socketOf(b);
    const watching = await spectatorOf(gameId);
    expect((await detail(a, gameId)).seq).toBe(0);

    const said = await sayOk(a, gameId, 'good_luck');
    expect(said).toEqual({ from: a.username, phrase: 'good_luck', at: expect.any(String), seq: 1 });
    expect(Date.parse(said.at)).toBeGreaterThan(Date.now() - 60_000);
    const event = { gameId, ...said };
    expect((await bTab.waitFor(1, 'game:said'))[0]!.payload).toEqual(event);
    expect((await watching.waitFor(1, 'game:said'))[0]!.payload).toEqual(event);
    // The sender's tab has its answer; the spectator hears no game:counts of a phrase.
    expect(await quietFor(aTab, NOTHING_ELSE_WITHIN_MS)).toBe(true);
    expect(aTab.events).toEqual([]);
    expect(watching.events.filter((e) => e.name === 'game:counts')).toEqual([]);

    // The detail carries the game's seq after the phrase, and every phrase; so do both players'.
    expect(await detail(b, gameId)).toMatchObject({ seq: 1, said: [said] });
    expect(await detail(a, gameId)).toMatchObject({ seq: 1, said: [said] });
    expect(await detail(b, gameId)).not.toHaveProperty('mutedOpponent');

    // The next move takes the next number: the opponent's game:counts says so.
    const played = await b.agent.get<Json>(`/api/game/${gameId}/play/crane`);
    expect(played.body).toMatchObject({ seq: 2 });
    expect((await aTab.waitFor(1, 'game:counts'))[0]!.payload).toMatchObject({ seq: 2 });
    const reply = await sayOk(b, gameId, 'thanks');
    expect(reply.seq).toBe(3);
    expect((await aTab.waitFor(1, 'game:said'))[0]!.payload).toEqual({ gameId, ...reply });
  });

  it('a poll with since carries the phrases after it; without since, no said, and no cache mixes them', async () => {
    const [a, b] = [await newPlayer(), await newPlayer()];
    const gameId = await newVersus(a, b);
    const plain = await counts(b, gameId);
    expect(plain).not.toHaveProperty('said');
    expect(await counts(b, gameId, 0)).toMatchObject({ seq: 0, said: [] });

    const first = await sayOk(a, gameId, 'hello');
    await b.agent.get(`/api/game/${gameId}/play/crane`);
    const second = await sayOk(b, gameId, 'have_fun');
    // Each answer is asked twice: the second comes from the node's cache of poll answers.
    for (let round = 0; round < 2; round += 1) {
      expect(await counts(b, gameId, 0)).toMatchObject({ seq: 3, said: [first, second] });
      expect((await counts(b, gameId, 1)).said).toEqual([second]);
      expect((await counts(b, gameId, 2)).said).toEqual([second]);
      expect((await counts(b, gameId, 3)).said).toEqual([]);
      expect((await counts(a, gameId, 0)).said).toEqual([first, second]);
      const unchanged = await counts(b, gameId);
      expect(unchanged).toMatchObject({ seq: 3, enemyGuesses: 0 });
      expect(unchanged).not.toHaveProperty('said');
    }
    // A later phrase reaches a poll of a since already answered.
    const third = await sayOk(a, gameId, 'oops');
    expect((await counts(b, gameId, 3)).said).toEqual([third]);

    const badSince = await b.agent.get<Json>(`/api/game/${gameId}/counts?since=-1`);
    expect(badSince.status).toBe(400);
  });

  it('accepts only the fixed phrases', async () => {
    const [a, b] = [await newPlayer(), await newPlayer()];
    const gameId = await newVersus(a, b);
    for (const phrase of ['hi', 'HELLO', '', 42, null, 'hello world']) {
      const response = await say(a, gameId, phrase);
      expect(response.status, JSON.stringify(phrase)).toBe(400);
      expect(response.body).toMatchObject({ result: 'error', err: expect.any(String) });
    }
    expect((await a.agent.post<Json>(`/api/game/${gameId}/say`, {})).status).toBe(400);
    const extra = await a.agent.post<Json>(`/api/game/${gameId}/say`, {
      phrase: 'hello',
      to: b.username,
    });
    expect(extra.status).toBe(400);
    for (const phrase of ['hello', 'good_luck', 'have_fun', 'nice_guess', 'oops'] as const) {
      expect((await say(a, gameId, phrase)).status).toBe(200);
    }
    const other = await newVersus(b, a);
    for (const phrase of ['well_played', 'thanks', 'rematch']) {
      expect((await say(b, other, phrase)).status).toBe(200);
    }
    const badMute = await a.agent.post<Json>(`/api/game/${gameId}/mute`, { muted: 'yes' });
    expect(badMute.status).toBe(400);
  });

  it('is a 404 for anyone but the two players of a versus game between people', async () => {
    const [a, b, carol] = [await newPlayer(), await newPlayer(), await newPlayer()];
    const gameId = await newVersus(a, b);
    const notFound = { result: 'error', err: 'Game not found' };
    expect(await say(carol, gameId, 'hello')).toMatchObject({ status: 404, body: notFound });
    expect(await mute(carol, gameId, true)).toMatchObject({ status: 404, body: notFound });
    expect(await say(a, 999_999_999, 'hello')).toMatchObject({ status: 404, body: notFound });

    const solo = (await a.agent.get<{ gameId: number }>('/api/games/new')).body.gameId;
    expect(await say(a, solo, 'hello')).toMatchObject({ status: 404, body: notFound });
    expect(await mute(a, solo, true)).toMatchObject({ status: 404, body: notFound });
    expect(await detail(a, solo)).not.toHaveProperty('said');

    const bot = await a.agent.post<{ gameId: number }>('/api/games/bot', { level: 'easy' });
    expect(bot.status).toBe(200);
    expect(await say(a, bot.body.gameId, 'hello')).toMatchObject({ status: 404, body: notFound });
    expect(await mute(a, bot.body.gameId, true)).toMatchObject({ status: 404, body: notFound });
    expect(await detail(a, bot.body.gameId)).not.toHaveProperty('said');
    expect(await counts(a, bot.body.gameId, 0)).not.toHaveProperty('said');

    // Nothing was said or taken anywhere.
    expect(await t.app.db.select().from(gamePhrases).where(eq(gamePhrases.gameId, gameId))).toEqual(
      [],
    );
    expect((await detail(a, gameId)).seq).toBe(0);
  });

  it('is a 409 once the game was settled more than 10 minutes ago', async () => {
    const [a, b] = [await newPlayer(), await newPlayer()];
    const gameId = await newVersus(a, b);
    await settledAgo(gameId, 9);
    expect((await say(a, gameId, 'well_played')).status).toBe(200);
    await settledAgo(gameId, 11);
    expect(await say(b, gameId, 'rematch')).toMatchObject({
      status: 409,
      body: { result: 'error', err: 'This game is over' },
    });
    // Muting is still possible: it only changes what reaches me.
    expect(await mute(b, gameId, true)).toMatchObject({ status: 200, body: { muted: true } });
    const [row] = await t.app.db
      .select({ seq: games.eventSeq })
      .from(games)
      .where(eq(games.id, gameId));
    expect(row!.seq).toBe(1);
  });

  it('allows five phrases a minute per player across games; the sixth is a 429', async () => {
    const [a, b, c] = [await newPlayer(), await newPlayer(), await newPlayer()];
    const first = await newVersus(a, b);
    const second = await newVersus(a, c);
    for (let i = 0; i < 3; i += 1) await sayOk(a, first, 'hello');
    for (let i = 0; i < 2; i += 1) await sayOk(a, second, 'hello');
    const tooMany = {
      status: 429,
      body: { result: 'error', err: 'Too many phrases: wait a minute' },
    };
    expect(await say(a, first, 'oops')).toMatchObject(tooMany);
    expect(await say(a, second, 'oops')).toMatchObject(tooMany);
    // Refused phrases took no seq; the other players have their own allowance.
    expect((await detail(b, first)).seq).toBe(3);
    await sayOk(b, first, 'thanks');

    // The minute rolls: once the oldest phrase is a minute old, one more may go.
    const [oldest] = await t.app.db
      .select({ id: gamePhrases.id })
      .from(gamePhrases)
      .where(eq(gamePhrases.gameId, first))
      .orderBy(gamePhrases.id)
      .limit(1);
    await t.app.db
      .update(gamePhrases)
      .set({ createdAt: new Date(Date.now() - 61_000) })
      .where(eq(gamePhrases.id, oldest!.id));
    await sayOk(a, second, 'oops');
    expect(await say(a, second, 'oops')).toMatchObject(tooMany);
  });

  it('lets exactly five of six parallel phrases through', async () => {
    const [a, b, c] = [await newPlayer(), await newPlayer(), await newPlayer()];
    const [first, second] = [await newVersus(a, b), await newVersus(a, c)];
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => say(a, i % 2 === 0 ? first : second, 'hello')),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    // Five stored, each game's with consecutive seqs from 1, and nothing taken by the sixth.
    const rows = await t.app.db.select().from(gamePhrases).where(eq(gamePhrases.userId, a.id));
    expect(rows).toHaveLength(5);
    for (const gameId of [first, second]) {
      const seqs = rows.filter((row) => row.gameId === gameId).map((row) => row.seq);
      expect(seqs.sort()).toEqual(seqs.map((_, i) => i + 1));
      expect((await detail(a, gameId)).seq).toBe(seqs.length);
    }
  });

  it('muting stops the opponent’s phrases reaching me, live, polled and in the detail', async () => {
    const [a, b] = [await newPlayer(), await newPlayer()];
    const gameId = await newVersus(a, b);
    const bTab = await socketOf(b);
    const watching = await spectatorOf(gameId);
    const before = await sayOk(a, gameId, 'hello');
    await bTab.waitFor(1, 'game:said');
    // Polled (and cached) before the mute.
    expect((await counts(b, gameId, 0)).said).toEqual([before]);

    expect(await mute(b, gameId, true)).toMatchObject({
      status: 200,
      body: { result: 'ok', muted: true },
    });
    const mine = await sayOk(b, gameId, 'thanks');
    const muted = await sayOk(a, gameId, 'oops');
    expect(muted.seq).toBe(3);
    // The spectators still hear it; the muting player does not.
    await watching.waitFor(3, 'game:said');
    expect(await quietFor(bTab, NOTHING_ELSE_WITHIN_MS)).toBe(true);
    expect(bTab.events.map((e) => e.payload)).toEqual([{ gameId, ...before }]);
    expect((await counts(b, gameId, 0)).said).toEqual([mine]);
    expect((await counts(b, gameId, 2)).said).toEqual([]);
    expect(await detail(b, gameId)).toMatchObject({ said: [mine], mutedOpponent: true, seq: 3 });
    // The sender is not told: their view is as before.
    const theirs = await detail(a, gameId);
    expect(theirs.said).toEqual([before, mine, muted]);
    expect(theirs).not.toHaveProperty('mutedOpponent');
    expect((await counts(a, gameId, 0)).said).toEqual([before, mine, muted]);

    expect(await mute(b, gameId, false)).toMatchObject({ status: 200, body: { muted: false } });
    const unmuted = await detail(b, gameId);
    expect(unmuted.said).toEqual([before, mine, muted]);
    expect(unmuted).not.toHaveProperty('mutedOpponent');
    const again = await sayOk(a, gameId, 'nice_guess');
    expect((await bTab.waitFor(2, 'game:said'))[1]!.payload).toEqual({ gameId, ...again });
  });

  it('across a block nothing reaches the other, and the sender is answered as usual', async () => {
    const [a, b] = [await newPlayer(), await newPlayer()];
    const gameId = await newVersus(a, b);
    const aTab = await socketOf(a);
    const bTab = await socketOf(b);
    const watching = await spectatorOf(gameId);
    await block(a, b);

    // The blocked player's phrase: a 200 like any other, heard by the spectators only.
    const fromBlocked = await say(b, gameId, 'hello');
    expect(fromBlocked).toMatchObject({
      status: 200,
      body: { result: 'ok', said: { from: b.username, phrase: 'hello', seq: 1 } },
    });
    // And the blocker's, the other way.
    const fromBlocker = await sayOk(a, gameId, 'oops');
    await watching.waitFor(2, 'game:said');
    expect(await quietFor(aTab, NOTHING_ELSE_WITHIN_MS)).toBe(true);
    expect(aTab.events).toEqual([]);
    expect(bTab.events).toEqual([]);

    const bSaid = (fromBlocked.body as { said: SaidEntry }).said;
    expect((await counts(a, gameId, 0)).said).toEqual([fromBlocker]);
    expect((await counts(b, gameId, 0)).said).toEqual([bSaid]);
    expect((await detail(a, gameId)).said).toEqual([fromBlocker]);
    expect((await detail(b, gameId)).said).toEqual([bSaid]);
  });

  it('a block through the route takes the phrases said before it out of answers already cached', async () => {
    const [a, b] = [await newPlayer(), await newPlayer()];
    const gameId = await newVersus(a, b);
    const fromB = await sayOk(b, gameId, 'good_luck');
    // Read (and so cached) before the block.
    expect((await detail(a, gameId)).said).toEqual([fromB]);
    expect((await counts(a, gameId, 0)).said).toEqual([fromB]);
    const blocking = await a.agent.post('/api/user/block', { username: b.username });
    expect(blocking.status).toBe(200);
    expect((await detail(a, gameId)).said).toEqual([]);
    expect((await counts(a, gameId, 0)).said).toEqual([]);
  });
});

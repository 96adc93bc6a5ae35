import type { FastifyBaseLogger } from 'fastify';
import type { LiveGame, WatchResponse } from '@jotto/shared/watch-schemas';
import { userRoom, watchRoom } from '@jotto/shared/realtime-events';
import type { Database } from '../db/database.ts';
import { ApiError } from '../errors.ts';
import { phrasesSince } from '../games/game-phrases.ts';
import type { GameStateCache } from '../games/game-state-cache.ts';
import type { GameState } from '../games/game-state.ts';
import { type GameWatchers, isGameBetweenPeople } from '../games/game-watchers.ts';
import type { Notifier, RealtimeServer } from '../realtime/notifier.ts';
import { liveGamesFor, ongoingGamesOf, ratingsAndStartOf } from './live-games.ts';
import { spectatorView } from './spectator-view.ts';
import { watchRoleOf } from './watch-access.ts';
import type { WatcherCounts } from './watcher-counts.ts';

/** What the watching service works with (see app.ts). */
export interface WatchServiceDeps {
  db: Database;
  /** The per-node cache of games every game answer is made from. */
  games: GameStateCache;
  counts: WatcherCounts;
  io: RealtimeServer;
  notifier: Notifier;
  log: FastifyBaseLogger;
}

/**
 * Watching (docs/PRODUCT.md, 'Watching'): the live list, the spectator's view, the watch rooms
 * and their counts, and the spectators' `watch:counts` after each move (the games call
 * `gameChanged` through the `GameWatchers` they declare).
 *
 * A socket may be in several watch rooms at once: asking to watch puts every socket of the
 * spectator in the game's room (a socket that reconnects asks again), without taking them out
 * of another game's; they leave it when the spectator stops watching that game (`unwatch`) or
 * when the socket closes. A client tells games apart by the events' `gameId`.
 */
export class WatchService implements GameWatchers {
  constructor(private readonly deps: WatchServiceDeps) {}

  /** `GET /games/live`. */
  async liveGames(callerId: number): Promise<LiveGame[]> {
    const rows = await liveGamesFor(this.deps.db, callerId);
    const counts = await this.deps.counts.countsOf(rows.map((row) => row.gameId));
    return rows.map((row, i) => ({
      gameId: row.gameId,
      players: row.players,
      ...(row.timeControl !== null ? { timeControl: row.timeControl } : {}),
      watchers: counts[i] ?? 0,
      startedAt: row.startedAt.toISOString(),
    }));
  }

  /**
   * `GET /game/:id/watch`: a spectator's sockets join the game's watch room (a player's never do)
   * and are counted; then the view, with the phrases said after `since`.
   */
  async watch(callerId: number, gameId: number, since: number): Promise<WatchResponse> {
    const game = (await this.deps.games.get(gameId))?.game ?? null;
    const role = await watchRoleOf(this.deps.db, game, callerId);
    // watchRoleOf answered: the game exists and is between people.
    const watched = game!;
    if (role === 'spectator') {
      // Every node takes the spectator's sockets it holds into the room; the count that follows
      // asks the nodes after that request, on the same channel, so it sees them in.
      this.deps.io.in(userRoom(callerId)).socketsJoin(watchRoom(gameId));
      await this.deps.counts.recount(gameId, playerIdsOf(watched));
    }
    const [{ ratings, startedAt }, watchers, said] = await Promise.all([
      ratingsAndStartOf(this.deps.db, gameId),
      this.deps.counts.countOf(gameId),
      phrasesSince(this.deps.db, gameId, since),
    ]);
    return { result: 'ok', ...spectatorView(watched, ratings, watchers, startedAt), said };
  }

  /** `POST /game/:id/unwatch`: the caller's sockets leave the room (asked of any game: harmless). */
  async unwatch(callerId: number, gameId: number): Promise<void> {
    this.deps.io.in(userRoom(callerId)).socketsLeave(watchRoom(gameId));
    await this.spectatorsLeft(gameId);
  }

  /** Sockets closed that were in these games' watch rooms: the games are counted again. */
  async socketsClosed(gameIds: readonly number[]): Promise<void> {
    await Promise.all(gameIds.map((gameId) => this.spectatorsLeft(gameId)));
  }

  countOf(gameId: number): Promise<number> {
    return this.deps.counts.countOf(gameId);
  }

  /**
   * After a move, or the clock ending the game: the spectators' view, to the watch room. A game
   * nobody watches (most) costs a lookup of its count in memory, and nothing is built.
   */
  gameChanged(gameId: number): void {
    void this.pushView(gameId).catch((err: unknown) => {
      this.deps.log.warn({ err, gameId }, 'spectators not told of a move');
    });
  }

  /**
   * The game a profile's owner plays now that the viewer may watch (docs/PRODUCT.md,
   * 'Watching'): by the same rules as the spectator's view, never one the viewer plays in.
   */
  async liveGameOf(viewerId: number, ownerId: number): Promise<number | null> {
    if (viewerId === ownerId) return null;
    for (const gameId of await ongoingGamesOf(this.deps.db, ownerId)) {
      const game = (await this.deps.games.get(gameId))?.game ?? null;
      try {
        if ((await watchRoleOf(this.deps.db, game, viewerId)) === 'spectator') return gameId;
      } catch (err) {
        // A game the viewer may not watch (or that just went) is simply not offered.
        if (!(err instanceof ApiError)) throw err;
      }
    }
    return null;
  }

  /**
   * A block now stands between two accounts (docs/PRODUCT.md, 'Blocks'): neither watches the
   * other's games any more. For the blocks' service to call once the block committed. The games'
   * rooms hear `watch:closed` first, so the spectator's page asks again and shows the refusal;
   * the other spectators ask again too and go on (the event names no one).
   */
  async stopWatchingBetween(userId: number, otherId: number): Promise<void> {
    const left: number[] = [];
    for (const [player, spectator] of [
      [userId, otherId],
      [otherId, userId],
    ] as const) {
      const gameIds = await ongoingGamesOf(this.deps.db, player);
      if (gameIds.length === 0) continue;
      for (const gameId of gameIds) this.tellClosed(gameId);
      this.deps.io.in(userRoom(spectator)).socketsLeave(gameIds.map(watchRoom));
      left.push(...gameIds);
    }
    await this.socketsClosed(left);
  }

  /**
   * A player turned watching off (docs/PRODUCT.md, 'Watching'): the spectators of their games in
   * play hear `watch:closed` and leave the rooms at once, and the players hear the count.
   */
  async watchingTurnedOff(userId: number): Promise<void> {
    const gameIds = await ongoingGamesOf(this.deps.db, userId);
    for (const gameId of gameIds) this.closeRoom(gameId);
    await this.socketsClosed(gameIds);
  }

  /** Every spectator out of a game's room, told first. */
  private closeRoom(gameId: number): void {
    this.tellClosed(gameId);
    this.deps.io.in(watchRoom(gameId)).socketsLeave(watchRoom(gameId));
  }

  /**
   * Sent through the adapter before the leave, and in that order on every node (one publisher's
   * messages arrive in the order sent), so a spectator's socket hears it while still in the room.
   */
  private tellClosed(gameId: number): void {
    this.deps.notifier.notifyRoom(watchRoom(gameId), 'watch:closed', { gameId });
  }

  private async pushView(gameId: number): Promise<void> {
    if ((await this.deps.counts.countOf(gameId)) === 0) return;
    const game = (await this.deps.games.get(gameId))?.game;
    if (!game || !isGameBetweenPeople(game)) return;
    const [{ ratings, startedAt, allowWatchers }, watchers] = await Promise.all([
      ratingsAndStartOf(this.deps.db, gameId),
      this.deps.counts.countOf(gameId),
    ]);
    if (!allowWatchers) {
      // A player turned watching off since the spectators came (and the word of it was lost, or
      // another node's settings change has not reached this room yet): they hear no more of the
      // game (a spectator who asks again is refused).
      this.closeRoom(gameId);
      await this.deps.counts.recount(gameId, playerIdsOf(game));
      return;
    }
    this.deps.notifier.notifyRoom(
      watchRoom(gameId),
      'watch:counts',
      spectatorView(game, ratings, watchers, startedAt),
    );
  }

  private async spectatorsLeft(gameId: number): Promise<void> {
    const game = (await this.deps.games.get(gameId))?.game;
    if (game && isGameBetweenPeople(game)) {
      await this.deps.counts.recount(gameId, playerIdsOf(game));
    }
  }
}

function playerIdsOf(game: GameState): number[] {
  return game.sides.flatMap((side) => (side.userId === null ? [] : [side.userId]));
}

/** The game of a watch room's name (`watchRoom`), or null for any other room. */
export function gameOfWatchRoom(room: string): number | null {
  const match = /^watch:(\d+)$/.exec(room);
  return match ? Number(match[1]) : null;
}

/**
 * Calls `closed` with the games whose watch rooms a socket was in when it closed (after it left
 * them: a count then no longer sees it). One listener per socket, on every node.
 */
export function onWatchingSocketClosed(
  io: RealtimeServer,
  closed: (gameIds: number[]) => void,
): void {
  io.on('connection', (socket) => {
    socket.once('disconnecting', () => {
      const gameIds = [...socket.rooms].flatMap((room) => gameOfWatchRoom(room) ?? []);
      if (gameIds.length > 0) socket.once('disconnect', () => closed(gameIds));
    });
  });
}

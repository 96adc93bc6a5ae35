import {
  type CacheStats,
  ClusterCache,
  type InvalidationPublisher,
  type InvalidationSource,
  type WriteStart,
} from '../lib/cluster-cache.ts';
import { changeTopics } from '../lib/invalidation-channel.ts';
import type { GameState } from './game-state.ts';

/** Games a node keeps at most: every game played on it within minutes; about 2 KB each. */
const CACHED_GAMES = 20_000;

/** A game as this node has it, and where in the stream of announcements it was taken. */
export interface HeldGame {
  game: GameState;
  /** For `keepWritten`: a change heard after this moment may be missing from `game`. */
  since: WriteStart;
}

/**
 * The one per-node cache of games (`GameState`, keyed by id), invalidated by one channel: every
 * change to a game (a move, marks, settling, a guest's game moving to their account) announces
 * `game:<id>` after it commits, and every node drops its copy (docs/ARCHITECTURE.md, 'Polling').
 * The guess path plans each move on it, the game's answers (board, counts, analysis) are made
 * from it, and a move keeps the state it wrote in place of a read (`keepWritten`), so that a
 * game in play costs the database its writes and no reads.
 *
 * Correctness never rests on it alone: a move planned on a stale copy fails its compare-and-set
 * and is planned again on a fresh read (`reload`).
 */
export class GameStateCache {
  private readonly cache: ClusterCache<GameState | null>;

  constructor(
    source: InvalidationSource,
    private readonly publisher: InvalidationPublisher | null,
    private readonly read: (gameIds: readonly number[]) => Promise<Map<number, GameState>>,
    maxAgeMs: number,
  ) {
    this.cache = new ClusterCache(source, { max: CACHED_GAMES, maxAgeMs });
  }

  get stats(): CacheStats {
    return this.cache.stats;
  }

  /** The game if this node holds it now (no promise to wait for: the guess path's common case). */
  peek(gameId: number): HeldGame | undefined {
    const since = this.cache.beginWrite();
    const game = this.cache.peek(String(gameId));
    return game ? { game, since } : undefined;
  }

  /** The game, from memory or read (null: no such game), with the moment it was taken. */
  async get(gameId: number): Promise<HeldGame | null> {
    return (await this.hold([{ gameId, fresh: false }]))[0]!;
  }

  /**
   * The game read afresh from the database, not shared with a read already under way (which
   * may have started before the change that made a caller ask again).
   */
  async reload(gameId: number): Promise<HeldGame | null> {
    return (await this.hold([{ gameId, fresh: true }]))[0]!;
  }

  /**
   * Several games at once (a batch of moves): each from memory, or, for those this node does
   * not hold or that must be `fresh`, read together in one statement. What `get` reads is kept.
   */
  async hold(
    requests: readonly { gameId: number; fresh: boolean }[],
  ): Promise<(HeldGame | null)[]> {
    const since = this.cache.beginWrite();
    // The games to read are those whose lookup asks for a read: each asks synchronously, so
    // all have asked by the time the one read starts (a microtask later).
    const toRead: number[] = [];
    let reading: Promise<Map<number, GameState>> | null = null;
    const readWith = async (gameId: number) => {
      toRead.push(gameId);
      reading ??= Promise.resolve().then(() => this.read(toRead));
      return (await reading).get(gameId) ?? null;
    };
    const games = await Promise.all(
      requests.map(({ gameId, fresh }) =>
        fresh
          ? readWith(gameId)
          : this.cache.get(String(gameId), async () => {
              const game = await readWith(gameId);
              // Nothing is kept for a game that does not exist (yet, or any more).
              return {
                value: game,
                topics: [changeTopics.game(gameId)],
                expiresAt: game ? null : 0,
              };
            }),
      ),
    );
    return games.map((game) => game && { game, since });
  }

  /**
   * Announces a change to a game after it committed (every node drops its copy; awaited before
   * answering, see `InvalidationPublisher`), keeping `written`, the state as the change left it,
   * when nothing else changed the game since `since`.
   */
  announce(
    gameId: number,
    written?: { game: GameState; since: WriteStart },
    alsoChanged: readonly string[] = [],
  ): Promise<void> {
    const topic = changeTopics.game(gameId);
    const topics = alsoChanged.length === 0 ? [topic] : [topic, ...alsoChanged];
    const publish = () => this.publisher?.publish(topics) ?? Promise.resolve();
    if (!written) return publish();
    return this.cache.announceWrite(
      String(gameId),
      { value: written.game, topics: [topic] },
      written.since,
      publish,
    );
  }
}

import type { FastifyBaseLogger } from 'fastify';
import { watchRoom } from '@jotto/shared/realtime-events';
import {
  ClusterCache,
  type InvalidationPublisher,
  type InvalidationSource,
} from '../lib/cluster-cache.ts';
import { changeTopics } from '../lib/invalidation-channel.ts';
import type { Notifier, RealtimeServer } from '../realtime/notifier.ts';
import type { WatcherCountStore } from './watcher-count-store.ts';

/** Games whose count a node keeps in memory at most (about 100 bytes each). */
const CACHED_COUNTS = 50_000;

/**
 * How many watch each game (docs/PRODUCT.md, 'Watching'): the accounts, not the sockets nor the
 * players, with a socket in the game's watch room, on any node.
 *
 * The sockets in the room are the truth, but asking every node for them (`fetchSockets`, a
 * round trip through Redis to every node) is too dear for every read. So a count is taken only
 * when it may have changed (someone watched, stopped watching, or a spectator's socket closed),
 * by the node where that happened, and stored for the cluster (`WatcherCountStore`, newest
 * count wins); its change is announced on the invalidation channel, and each node keeps the
 * counts it read in memory until then (`ClusterCache`, the game detail's and counts' poll
 * answers depend on the same topic). A move of a game nobody watches therefore costs a lookup
 * in memory (a read of the store the first time a node sees the game), and no view is built.
 *
 * What this gives up: a node that stops without closing its sockets (a crash) leaves its
 * spectators counted until the game's next count.
 */
export class WatcherCounts {
  private readonly cache: ClusterCache<number>;
  /** Per game, the count under way on this node, and whether another must follow it. */
  private readonly counting = new Map<number, { again: boolean; done: Promise<void> }>();

  constructor(
    private readonly io: RealtimeServer,
    private readonly store: WatcherCountStore,
    source: InvalidationSource,
    private readonly publisher: InvalidationPublisher | null,
    private readonly notifier: Notifier,
    private readonly log: FastifyBaseLogger,
    /** The longest a count is kept in memory without being read again (0: never kept). */
    maxAgeMs: number,
  ) {
    this.cache = new ClusterCache(source, { max: CACHED_COUNTS, maxAgeMs });
  }

  /** The game's count (0 when it cannot be read now: a count is never worth a failed request). */
  async countOf(gameId: number): Promise<number> {
    try {
      return await this.cache.get(String(gameId), async () => ({
        value: (await this.store.read([gameId]))[0] ?? 0,
        topics: [changeTopics.watchers(gameId)],
      }));
    } catch (err) {
      this.log.warn({ err, gameId }, 'watcher count not read');
      return 0;
    }
  }

  /** Several games' counts at once (the live list), from the store; 0s when it cannot answer. */
  async countsOf(gameIds: readonly number[]): Promise<number[]> {
    try {
      return await this.store.read(gameIds);
    } catch (err) {
      this.log.warn({ err }, 'watcher counts not read');
      return gameIds.map(() => 0);
    }
  }

  /**
   * Counts the game's spectators again, after a change to its watch room (awaited: the caller
   * answers with the new count). One count at a time per game on this node: changes that come
   * while one is under way are taken by one more count after it. When the count changed, the
   * cluster hears it, then the players and the spectators get `game:watchers`.
   */
  async recount(gameId: number, playerIds: readonly number[]): Promise<void> {
    const running = this.counting.get(gameId);
    if (running) {
      running.again = true;
      return running.done;
    }
    const entry = { again: false, done: Promise.resolve() };
    entry.done = (async () => {
      try {
        do {
          entry.again = false;
          await this.countOnce(gameId, playerIds);
        } while (entry.again);
      } catch (err) {
        this.log.warn({ err, gameId }, 'watchers not counted');
      } finally {
        this.counting.delete(gameId);
      }
    })();
    this.counting.set(gameId, entry);
    return entry.done;
  }

  private async countOnce(gameId: number, playerIds: readonly number[]): Promise<void> {
    const ticket = await this.store.ticket();
    const sockets = await this.io.in(watchRoom(gameId)).fetchSockets();
    const accounts = new Set<number>();
    for (const socket of sockets) {
      const { userId } = socket.data;
      // A player is never put in the room; should one be there, they are still no spectator.
      if (typeof userId === 'number' && !playerIds.includes(userId)) accounts.add(userId);
    }
    const count = accounts.size;
    const previous = await this.store.write(gameId, ticket, count);
    if (previous === null || previous === count) return;
    await this.publisher?.publish([changeTopics.watchers(gameId)]);
    for (const userId of playerIds)
      this.notifier.notify(userId, 'game:watchers', { gameId, count });
    this.notifier.notifyRoom(watchRoom(gameId), 'game:watchers', { gameId, count });
  }
}

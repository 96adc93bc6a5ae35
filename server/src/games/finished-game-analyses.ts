import { LRUCache } from 'lru-cache';
import { type AnalysisStep, analyseGame } from '@jotto/shared/game-analysis';

/**
 * Finished players' analyses kept in memory: 2,000 of at most 20 steps each, a few MB at most.
 * A player looks at a game's analysis a few times around its end (the overlay, the page, the
 * opponent's line arriving), so a small cache of recent games takes nearly all of them.
 */
const CACHED_PLAYERS = 2_000;

/**
 * The post-game analysis of finished players, computed once per node and then served from an
 * LRU cache keyed by the player's row (`game_players.id`, never given to another player or
 * game). No invalidation is needed, and nodes need not share it: a player's guesses and the
 * secret never change once their game has ended, so the entry can never go stale and every
 * node computes the same steps from the same rows. Callers authorise first and ask only
 * for players who have finished (an unfinished player's steps would change, and reveal the
 * secret).
 */
export class FinishedGameAnalyses {
  private readonly cache = new LRUCache<number, AnalysisStep[]>({ max: CACHED_PLAYERS });

  /** The steps of finished player `playerId`; `words` loads their guesses in the order played. */
  async of(
    playerId: number,
    secret: string,
    words: () => Promise<string[]>,
  ): Promise<AnalysisStep[]> {
    const cached = this.cache.get(playerId);
    if (cached) return cached;
    // Synchronous and CPU-bound, the first of a process far more (it builds the match table):
    // the route is rate limited for that reason.
    const steps = analyseGame(secret, await words());
    this.cache.set(playerId, steps);
    return steps;
  }
}

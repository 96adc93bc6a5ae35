import type { GameState } from './game-state.ts';

/**
 * What the games need of watching (docs/PRODUCT.md, 'Watching'), which sits above them
 * (server/src/watching/): the games declare it, app.ts wires watching's implementation in.
 */
export interface GameWatchers {
  /** How many accounts watch the game now (0 when nobody does, or when it cannot be known). */
  countOf(gameId: number): Promise<number>;
  /**
   * A change to the game committed (a move, the clock ending it): its spectators hear their
   * view of it. Never throws, and is not awaited: a spectator's view is no part of the move.
   */
  gameChanged(gameId: number): void;
}

/**
 * The games' handle on watching: nobody watches until `attach` hands in the implementation
 * (made after the game domain, since it reads games through the domain's cache).
 */
export class GameWatchersHook implements GameWatchers {
  private watchers: GameWatchers | null = null;

  attach(watchers: GameWatchers): void {
    this.watchers = watchers;
  }

  countOf(gameId: number): Promise<number> {
    return this.watchers ? this.watchers.countOf(gameId) : Promise.resolve(0);
  }

  gameChanged(gameId: number): void {
    this.watchers?.gameChanged(gameId);
  }
}

/**
 * A versus game between two people (docs/PRODUCT.md, 'Watching'): the only games that can be
 * watched, and the only ones whose detail and counts carry `watchers`. Not against the
 * computer, nor a guest's (a guest has no account to hide the game from).
 */
export function isGameBetweenPeople(game: GameState): boolean {
  return (
    game.mode === 'versus' &&
    game.bot === null &&
    game.sides.length === 2 &&
    game.sides.every((side) => side.userId !== null)
  );
}

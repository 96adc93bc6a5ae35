import { sharedGameAnalyser } from '@jotto/shared/game-analysis';
import type { WatchCountsEvent, WatchedPlayer } from '@jotto/shared/watch-schemas';
import { clockFieldsOf, type GameState, isFinished, type Side } from '../games/game-state.ts';

/**
 * A game as a spectator sees it (docs/PRODUCT.md, 'Watching'), as `GET /game/:id/watch`
 * answers it (with `said`) and `watch:counts` pushes it. Until the game is settled nothing that
 * could help a player reaches a spectator, who could pass it on: no guessed word, no match
 * count, no secret; only each player's score, number of guesses, state and `wordsLeft` (a
 * number of words, which names none). Once it is settled: each player's guesses and the secret.
 *
 * `ratings` are the players' current ratings by user id.
 */
export function spectatorView(
  game: GameState,
  ratings: ReadonlyMap<number, number>,
  watchers: number,
  startedAt: Date,
): WatchCountsEvent {
  const settled = game.settled;
  const clock = clockFieldsOf(game);
  return {
    gameId: game.id,
    seq: game.seq,
    players: game.sides.map((side) => watchedPlayer(side, ratings, settled)),
    ...(clock.timeControl !== undefined ? { timeControl: clock.timeControl } : {}),
    ...(clock.deadline !== undefined ? { deadline: clock.deadline } : {}),
    ...(clock.aborted ? { aborted: true as const } : {}),
    settled,
    ...(settled ? { target: game.secret } : {}),
    watchers,
    startedAt: startedAt.toISOString(),
  };
}

function watchedPlayer(
  side: Side,
  ratings: ReadonlyMap<number, number>,
  settled: boolean,
): WatchedPlayer {
  return {
    username: side.username ?? '',
    rating: Math.round(side.userId === null ? 0 : (ratings.get(side.userId) ?? 0)),
    score: side.score,
    guesses: side.guessCount,
    finished: isFinished(side),
    won: side.status === 'won',
    forfeit: side.forfeit,
    ...(side.outOfTime ? { outOfTime: true as const } : {}),
    wordsLeft: wordsLeftFor(side),
    ...(settled ? { guessList: side.guesses } : {}),
  };
}

/**
 * How many words of the secret list are still consistent with this player's guesses and
 * counts: the post-game analysis's candidates (`candidatesAfter`), 1 once they found the word.
 * Computed from the guesses alone, as the player could, never from the secret (a number the
 * secret chose could tell more than the player knows).
 */
export function wordsLeftFor(side: Side): number {
  if (side.status === 'won') return 1;
  return sharedGameAnalyser().candidatesAfter(side.guesses).length;
}

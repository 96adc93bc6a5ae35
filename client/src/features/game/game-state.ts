import type { EndpointResponse } from '@jotto/shared/api-endpoints';
import { isPlayerFinished, type VersusOutcome } from '@jotto/shared/game-rules';
import type { GameMovedEvent } from '@jotto/shared/realtime-events';
import type { Alphabet } from '@jotto/shared/game-schemas';

export type GameDetail = EndpointResponse<'game'>;
export type PlayAnswer = EndpointResponse<'play'>;
export type OpponentCounts = Pick<
  EndpointResponse<'counts'>,
  'seq' | 'enemyScore' | 'enemyWon' | 'enemyForfeit' | 'enemyGuesses' | 'outcome'
>;

/**
 * The board after one of my guesses, from the play answer (no refetch needed). My side only:
 * the answer's `enemyGuesses` is a count without the score, and taking it would make the
 * opponent's next report (the event or poll with that same count and the score) look old to
 * `withCounts`, leaving their score behind until they moved again. A word the board already
 * lists was put there by something that came after the move (its `game:moved` event, a fetch):
 * the board stays as it is, so the word is not listed twice nor the score taken back.
 */
export function withPlay(game: GameDetail, word: string, play: PlayAnswer): GameDetail {
  if (play.matches !== undefined && game.guesses.some((guess) => guess.word === word)) {
    return play.target && !game.target ? { ...game, target: play.target } : game;
  }
  return {
    ...game,
    guesses:
      play.matches === undefined
        ? game.guesses
        : [{ word, matches: play.matches }, ...game.guesses],
    score: play.score,
    won: play.win,
    forfeit: play.forfeit,
    finished: play.finished,
    target: play.target ?? game.target,
    outcome: play.outcome ?? game.outcome,
  };
}

/**
 * The board after one of my own moves made elsewhere (another tab, another device), from its
 * `game:moved` event: the next guess goes on the board as its answer would have put it there;
 * a move the board already shows changes nothing; `refetch` when the board must be fetched:
 * a move that ended my game (only the board has the secret and the opponent's words), or a
 * move after one this board has not seen.
 */
export function withOwnMove(board: GameDetail, move: GameMovedEvent): GameDetail | 'refetch' {
  const { word, matches } = move;
  if (word === undefined || matches === undefined) return board.finished ? board : 'refetch';
  if (board.guesses.some((guess) => guess.word === word)) {
    return move.finished && !board.finished ? 'refetch' : board;
  }
  if (move.finished || move.guesses !== board.guesses.length + 1) return 'refetch';
  return withPlay(board, word, {
    result: 'ok',
    matches,
    score: move.score,
    win: move.win,
    forfeit: move.forfeit,
    finished: move.finished,
  });
}

/**
 * How far the opponent has come. Their state only moves one way (more guesses, then done), so
 * of two reports the one further along is the newer, whatever order they arrived in.
 */
function opponentProgress(state: {
  enemyGuesses?: number;
  enemyWon?: boolean;
  enemyForfeit?: boolean;
}): number {
  return (state.enemyGuesses ?? 0) * 2 + (state.enemyWon || state.enemyForfeit ? 1 : 0);
}

/**
 * The game with a report of the opponent's progress folded in (an event, or the counts poll).
 * A report that is not further along than what is shown changes nothing, so late or repeated
 * reports are harmless; a settled outcome never goes back to pending.
 */
export function withCounts(game: GameDetail, counts: OpponentCounts): GameDetail {
  const newer = opponentProgress(counts) > opponentProgress(game);
  const outcome: VersusOutcome | undefined =
    game.outcome && game.outcome !== 'pending' ? game.outcome : counts.outcome;
  if (!newer && outcome === game.outcome) return game;
  return {
    ...game,
    ...(newer
      ? {
          enemyScore: counts.enemyScore,
          enemyWon: counts.enemyWon,
          enemyForfeit: counts.enemyForfeit,
          enemyGuesses: counts.enemyGuesses,
        }
      : {}),
    outcome,
  };
}

/** True once the versus opponent can make no more moves (solved, gave up or ran out). */
export function isOpponentFinished(game: GameDetail): boolean {
  return (
    game.multiplayer &&
    isPlayerFinished({
      won: game.enemyWon ?? false,
      forfeit: game.enemyForfeit ?? false,
      score: game.enemyScore ?? 1,
    })
  );
}

/**
 * What the end of a game says, or null while it goes on or waits for the opponent. 'aborted':
 * a player did not start in time, and the game ended for both with nothing counted.
 */
export type GameEnd = 'won' | 'lost' | 'draw' | 'aborted';

export function gameEnd(game: GameDetail): GameEnd | null {
  if (!game.finished) return null;
  if (game.aborted) return 'aborted';
  if (!game.multiplayer) return game.won ? 'won' : 'lost';
  switch (game.outcome) {
    case 'win':
      return 'won';
    case 'lose':
      return 'lost';
    case 'draw':
      return 'draw';
    default:
      return null;
  }
}

/** The end of a game in the product's words; a draw in the same voice. */
const END_WORDS: Record<Exclude<GameEnd, 'aborted'>, string> = {
  won: 'You won!!!',
  lost: 'You lost!!!',
  draw: "It's a draw!!!",
};

/** What the screen and the results say at the end: 'Game aborted: bob did not start' too. */
export function endTextOf(game: Pick<GameDetail, 'notStarted'>, end: GameEnd): string {
  if (end !== 'aborted') return END_WORDS[end];
  const names = game.notStarted?.length ? game.notStarted.join(' and ') : 'a player';
  return `Game aborted: ${names} did not start`;
}

/**
 * I have finished a versus game the opponent still plays: the screen waits for them (their
 * clock still runs). Not in an aborted game, which ended for both.
 */
export function isWaitingForOpponent(game: GameDetail): boolean {
  return game.multiplayer && game.finished && !game.aborted && !isOpponentFinished(game);
}

/**
 * The game clock to show, if any (docs/PRODUCT.md, 'Time controls'): a versus game's deadline
 * while it is not over for both; a daily's end of day has a countdown of its own.
 */
export function shownClockOf(game: GameDetail): { deadline: string; timeControl: string } | null {
  if (!game.multiplayer || !game.deadline || !game.timeControl) return null;
  if (gameEnd(game) !== null) return null;
  return { deadline: game.deadline, timeControl: game.timeControl };
}

/**
 * The moment the board changes by the clock alone, if it may (docs/PRODUCT.md, 'Time
 * controls'): a versus game not yet over for both ends by its deadline at the latest; a daily's
 * word and analysis reach everyone when its day ends (the word reached its solver before).
 * Null when nothing waits on a deadline.
 */
export function changesAtDeadline(game: GameDetail, now: number): number | null {
  if (!game.deadline) return null;
  const due = Date.parse(game.deadline);
  if (game.multiplayer) return gameEnd(game) === null ? due : null;
  return game.daily === true && (!game.target || now < due) ? due : null;
}

/** What says how a side's game ended. */
export interface SideState {
  won: boolean;
  forfeit: boolean;
  outOfTime: boolean;
  score: number;
}

/** My side of a game. */
export function mySideOf(game: GameDetail): SideState {
  return {
    won: game.won,
    forfeit: game.forfeit,
    outOfTime: game.outOfTime === true,
    score: game.score,
  };
}

/** The opponent's side of a versus game, as far as the detail tells it. */
export function opponentSideOf(game: GameDetail): SideState {
  return {
    won: game.enemyWon ?? false,
    forfeit: game.enemyForfeit ?? false,
    outOfTime: game.enemyOutOfTime === true,
    score: game.enemyScore ?? 100,
  };
}

/**
 * How a side's game ended, in words (the scores box and the results): a score alone does not
 * say it. Out of time is lost as a forfeit is, but the player did not give up. Null while it
 * goes on.
 */
export function sideEndText(
  side: SideState,
): 'solved it' | 'out of time' | 'gave up' | 'ran out of points' | null {
  if (side.won) return 'solved it';
  if (side.outOfTime) return 'out of time';
  if (side.forfeit) return 'gave up';
  return side.score <= 0 ? 'ran out of points' : null;
}

/** One side of a versus game as the reason line tells it. */
interface SideEnding {
  name: string;
  won: boolean;
  forfeit: boolean;
  outOfTime: boolean;
  guesses: number;
}

/** How a side ended ('gave up'), and with its guess count where that says more. */
function endingOf(side: SideEnding): { how: string; text: string } {
  if (side.won) return { how: 'solved', text: `solved in ${side.guesses}` };
  if (side.outOfTime) return { how: 'ran out of time', text: 'ran out of time' };
  if (side.forfeit) return { how: 'gave up', text: `gave up after ${side.guesses}` };
  return { how: 'ran out of points', text: 'ran out of points' };
}

/** A name at the start of the line: a username as it is, 'you' as 'You'. */
const leading = (name: string) => (name === 'you' ? 'You' : name);

/**
 * Why a settled versus game ended as it did, in one line for the results (docs/PRODUCT.md,
 * 'Versus outcome'): the winner first, 'bob solved in 7, you in 9', 'You solved in 4; bob gave up
 * after 3', 'You both gave up'. Null while either plays on, for an aborted game (its title says
 * why) and in solo.
 */
export function versusReasonOf(game: GameDetail): string | null {
  if (!game.multiplayer || game.aborted || !game.finished || !isOpponentFinished(game)) return null;
  const me: SideEnding = {
    name: 'you',
    won: game.won,
    forfeit: game.forfeit,
    outOfTime: game.outOfTime === true,
    guesses: game.guesses.length,
  };
  const them: SideEnding = {
    name: game.enemyName || 'your opponent',
    won: game.enemyWon ?? false,
    forfeit: game.enemyForfeit ?? false,
    outOfTime: game.enemyOutOfTime === true,
    guesses: game.enemyGuesses ?? 0,
  };
  const [first, second] = game.outcome === 'lose' ? [them, me] : [me, them];
  if (first.won && second.won) {
    return first.guesses === second.guesses
      ? `You both solved in ${first.guesses}`
      : `${leading(first.name)} solved in ${first.guesses}, ${second.name} in ${second.guesses}`;
  }
  const [firstEnd, secondEnd] = [endingOf(first), endingOf(second)];
  if (!first.won && firstEnd.how === secondEnd.how) return `You both ${firstEnd.how}`;
  return `${leading(first.name)} ${firstEnd.text}; ${second.name} ${secondEnd.text}`;
}

/**
 * Whether the post-game analysis can be asked for (docs/PRODUCT.md, 'Post-game analysis'): it
 * shows the secret and the best guesses, so it comes with the secret, once my game has ended;
 * a daily's only when its day has ended (its solver has the word, not yet the day's best
 * guesses, which are everyone's).
 */
export function isAnalysisReady(game: GameDetail, deadlinePassed: boolean): boolean {
  if (!game.finished || game.target === undefined) return false;
  return !(game.daily && game.deadline) || deadlinePassed;
}

/**
 * Which events of a game this client has accounted for (docs/PRODUCT.md, 'Real-time channel'). The
 * events of a game share one sequence: the opponent's moves come to me as events, mine go to them
 * and come back to me only as the `seq` of my play answer. So the events I have seen are those up
 * to `seen`, plus my own above it; an event further on than the next unseen number means one was
 * missed.
 */
export class EventSequence {
  private readonly own = new Set<number>();

  constructor(private seen: number) {}

  get last(): number {
    return this.seen;
  }

  /** Everything up to `seq` is known (a fresh game detail or counts answer). */
  caughtUp(seq: number): void {
    if (seq > this.seen) this.seen = seq;
    this.advance();
  }

  /** One of my guesses made event `seq` (for the opponent). */
  mine(seq: number): void {
    if (seq > this.seen) this.own.add(seq);
    this.advance();
  }

  /**
   * An event `seq` arrived. Returns false when events before it are missing, so the caller
   * refetches; true when nothing is missing.
   */
  received(seq: number): boolean {
    if (seq <= this.seen) return true;
    for (let missing = this.seen + 1; missing < seq; missing += 1) {
      if (!this.own.has(missing)) return false;
    }
    this.seen = seq;
    this.advance();
    return true;
  }

  private advance(): void {
    for (const seq of this.own) if (seq <= this.seen) this.own.delete(seq);
    while (this.own.delete(this.seen + 1)) this.seen += 1;
  }
}

/**
 * A freshly fetched board combined with the one on screen: a fetch that started before my last
 * guess's answer, or before the opponent's last event, must not take either back. My side
 * comes from whichever board has seen more of my guesses, the opponent's from the one further
 * along; everything only the fetch can bring (the target, the opponent's words) is kept.
 */
export function mergeBoards(fetched: GameDetail, shown: GameDetail | undefined): GameDetail {
  if (!shown || shown.id !== fetched.id) return fetched;
  const mine =
    shown.guesses.length > fetched.guesses.length || (shown.finished && !fetched.finished)
      ? {
          guesses: shown.guesses,
          score: shown.score,
          won: shown.won,
          forfeit: shown.forfeit,
          finished: shown.finished,
        }
      : {};
  const merged = withCounts(
    { ...fetched, ...mine, target: fetched.target ?? shown.target },
    {
      seq: shown.seq,
      enemyScore: shown.enemyScore ?? 0,
      enemyWon: shown.enemyWon ?? false,
      enemyForfeit: shown.enemyForfeit ?? false,
      enemyGuesses: shown.enemyGuesses ?? 0,
      outcome: shown.outcome ?? 'pending',
    },
  );
  return { ...merged, seq: Math.max(fetched.seq, shown.seq) };
}

/** Whether two alphabets hold the same marks. */
export function sameMarks(a: Alphabet, b: Alphabet): boolean {
  const letters = Object.keys(a);
  return (
    letters.length === Object.keys(b).length && letters.every((letter) => a[letter] === b[letter])
  );
}

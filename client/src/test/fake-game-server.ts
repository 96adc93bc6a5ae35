import type { EndpointResponse } from '@jotto/shared/api-endpoints';
import {
  applyGuess,
  GAME_MESSAGES,
  GIVE_UP_WORD,
  isPlayerFinished,
  STARTING_SCORE,
  versusOutcome,
} from '@jotto/shared/game-rules';
import type { Alphabet, GuessEntry } from '@jotto/shared/game-schemas';
import type {
  GameCountsEvent,
  GameEndedEvent,
  GameMovedEvent,
} from '@jotto/shared/realtime-events';
import type { GameRatings } from '@jotto/shared/rating-schemas';
import type { FakeError, FakeHandlers } from './fake-api.ts';

type GameDetail = EndpointResponse<'game'>;
type PlayAnswer = EndpointResponse<'play'>;
type Counts = EndpointResponse<'counts'>;

/** One player's side of a game. */
export interface FakeSide {
  guesses: GuessEntry[];
  score: number;
  won: boolean;
  forfeit: boolean;
  alphabet: Alphabet;
  /** The deadline came first. */
  outOfTime?: boolean;
}

const newSide = (side: Partial<FakeSide> = {}): FakeSide => ({
  guesses: [],
  score: STARTING_SCORE,
  won: false,
  forfeit: false,
  alphabet: {},
  ...side,
});

const finished = (side: FakeSide) => isPlayerFinished(side);

/** The game detail's ratings of a rated fake game, settled once both sides have finished. */
function ratingsOf(rated: { me: number; opponent: number }, settled: boolean): GameRatings {
  return {
    me: { before: rated.me, ...(settled ? { after: rated.me + 12 } : {}), provisional: false },
    opponent: {
      before: rated.opponent,
      ...(settled ? { after: rated.opponent - 12 } : {}),
      provisional: false,
    },
  };
}

/**
 * One game as the server keeps it, by the game's rules (without the dictionary): my
 * side, and in versus the opponent's, moved by the test (`opponentPlays`) and by the clock
 * (`clockEnds`). It answers the game routes as the server does (the target and the opponent's
 * words only once they can no longer help: a solo game's once it has ended, a versus game's once
 * both have finished) and numbers the game's events as the server does (`seq`, one per guess
 * of either player and one for the clock's end).
 */
export function fakeGameServer({
  id = 7,
  target = 'crane',
  versus = false,
  enemyName = 'bob',
  me = {},
  opponent = {},
  rated,
  clock,
  unrated = false,
  daily,
  archive = false,
  hard = false,
}: {
  id?: number;
  target?: string;
  versus?: boolean;
  enemyName?: string;
  me?: Partial<FakeSide>;
  opponent?: Partial<FakeSide>;
  /** A rated game: both ratings before it; once both have finished, mine +12 and theirs −12. */
  rated?: { me: number; opponent: number };
  /** The game's time control and deadline (ISO). */
  clock?: { timeControl: string; deadline: string };
  /** A versus game that does not count for ratings. */
  unrated?: boolean;
  /**
   * A Daily Jotto game of the day that ends at `deadline` (ISO): its word only to its solver
   * before then, as the server does.
   */
  daily?: { deadline: string };
  /** A past day's daily played from the archive: no deadline, its word once it has ended. */
  archive?: boolean;
  /** A hard-mode game (the server's rule is not played here: a test answers its refusal). */
  hard?: boolean;
} = {}) {
  const state = {
    seq: 0,
    me: newSide(me),
    them: newSide(opponent),
    aborted: false,
    notStarted: [] as string[],
  };
  const settled = () => finished(state.me) && (!versus || finished(state.them));
  const clockFields = () => ({
    ...(clock ?? {}),
    ...(state.aborted ? { aborted: true as const } : {}),
  });

  const outcome = () => versusOutcome(state.me, state.them);

  const detail = (): GameDetail => {
    const done = finished(state.me);
    const shown = settled();
    return {
      result: 'ok',
      id,
      score: state.me.score,
      guesses: [...state.me.guesses],
      alphabet: { ...state.me.alphabet },
      won: state.me.won,
      forfeit: state.me.forfeit,
      finished: done,
      multiplayer: versus,
      seq: state.seq,
      ...(shown && (!daily || state.me.won) ? { target } : {}),
      ...(daily ? { daily: true as const, deadline: daily.deadline } : {}),
      ...(archive ? { daily: true as const, archive: true as const } : {}),
      ...(hard ? { hard: true as const } : {}),
      ...clockFields(),
      ...(state.me.outOfTime ? { outOfTime: true as const } : {}),
      ...(versus
        ? {
            outcome: outcome(),
            rated: !unrated && !state.aborted,
            ...(state.them.outOfTime ? { enemyOutOfTime: true as const } : {}),
            ...(state.aborted ? { notStarted: [...state.notStarted] } : {}),
            enemyName,
            enemyScore: state.them.score,
            enemyWon: state.them.won,
            enemyForfeit: state.them.forfeit,
            enemyGuesses: state.them.guesses.length,
            ...(shown ? { enemyGuessList: [...state.them.guesses] } : {}),
          }
        : {}),
      ...(rated ? { ratings: ratingsOf(rated, done && finished(state.them)) } : {}),
    };
  };

  const counts = (): Counts => ({
    result: 'ok',
    gameId: id,
    seq: state.seq,
    enemyScore: state.them.score,
    enemyWon: state.them.won,
    enemyForfeit: state.them.forfeit,
    enemyGuesses: state.them.guesses.length,
    outcome: outcome(),
    ...clockFields(),
    ...(state.them.outOfTime ? { enemyOutOfTime: true as const } : {}),
  });

  /** A guess (or giveup) on one side; null when the word is refused. */
  const move = (side: FakeSide, word: string): { matches?: number } | FakeError => {
    if (finished(side)) return { status: 409, err: GAME_MESSAGES.gameOver };
    if (word === GIVE_UP_WORD) {
      side.forfeit = true;
      return {};
    }
    if (side.guesses.some((guess) => guess.word === word)) {
      return { status: 400, err: GAME_MESSAGES.alreadyGuessed };
    }
    const result = applyGuess(side, word, target);
    side.guesses.unshift({ word, matches: result.matches });
    side.score = result.score;
    side.won = result.won;
    return { matches: result.matches };
  };

  const play = (word: string): PlayAnswer | FakeError => {
    const moved = move(state.me, word);
    if ('err' in moved) return moved;
    if (versus) state.seq += 1;
    const done = finished(state.me);
    return {
      result: 'ok',
      ...(moved.matches === undefined ? {} : { matches: moved.matches }),
      score: state.me.score,
      win: state.me.won,
      forfeit: state.me.forfeit,
      finished: done,
      ...(settled() ? { target } : {}),
      ...(versus
        ? { enemyGuesses: state.them.guesses.length, outcome: outcome(), seq: state.seq }
        : {}),
    };
  };

  /** The opponent guesses `word` (or gives up); returns the `game:counts` event it makes. */
  const opponentPlays = (word: string): GameCountsEvent => {
    const moved = move(state.them, word);
    if ('err' in moved) throw new Error(`the opponent cannot play ${word}: ${moved.err}`);
    state.seq += 1;
    const { result: _result, ...event } = counts();
    return event;
  };

  /**
   * I play `word` (or give up) somewhere else, in another tab: the server's state moves, and
   * this returns the `game:moved` event it sends my tabs.
   */
  const playElsewhere = (word: string): GameMovedEvent => {
    const answer = play(word);
    if ('err' in answer) throw new Error(`I cannot play ${word}: ${answer.err}`);
    return {
      gameId: id,
      ...(answer.matches === undefined ? {} : { word, matches: answer.matches }),
      score: answer.score,
      guesses: state.me.guesses.length,
      win: answer.win,
      forfeit: answer.forfeit,
      finished: answer.finished,
      ...(answer.seq === undefined ? {} : { seq: answer.seq }),
    };
  };

  /**
   * The server's clock ends the game: 'out of time' (every side not finished loses, as a
   * forfeit) or 'aborted' (the sides that had not started are named, every side ends). Returns
   * the `game:ended` event each player's tabs get.
   */
  const clockEnds = (reason: GameEndedEvent['reason']): GameEndedEvent => {
    const sides = versus ? [state.me, state.them] : [state.me];
    const names = ['alice', enemyName];
    sides.forEach((side, index) => {
      if (finished(side)) return;
      if (reason === 'aborted' && side.guesses.length === 0) state.notStarted.push(names[index]!);
      side.forfeit = true;
      if (reason === 'out of time') side.outOfTime = true;
    });
    if (reason === 'aborted') state.aborted = true;
    state.seq += 1;
    return { gameId: id, seq: state.seq, reason };
  };

  const handlers = {
    game: ({ params }) => (params.id === id ? detail() : { status: 404, err: 'No such game' }),
    play: ({ params }) => play(params.word),
    counts: () => counts(),
    updateMark: ({ body }) => {
      if (body.color === 'none') delete state.me.alphabet[body.letter];
      else state.me.alphabet[body.letter] = body.color;
      return { result: 'ok', alphabet: { ...state.me.alphabet } };
    },
    clearMarks: () => {
      state.me.alphabet = {};
      return { result: 'ok', alphabet: {} };
    },
  } satisfies FakeHandlers;

  return { state, detail, counts, play, opponentPlays, playElsewhere, clockEnds, handlers };
}

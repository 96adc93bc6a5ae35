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
import type { GameCountsEvent } from '@jotto/shared/realtime-events';
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

/**
 * One game as the server keeps it, by the rules of decisions §3 (without the dictionary): my
 * side, and in versus the opponent's, moved by the test (`opponentPlays`). It answers the game
 * routes as the server does (target and the opponent's words only once I have finished) and
 * numbers the game's events as the server does (`seq`, one per guess of either player).
 */
export function fakeGameServer({
  id = 7,
  target = 'crane',
  versus = false,
  enemyName = 'bob',
  me = {},
  opponent = {},
}: {
  id?: number;
  target?: string;
  versus?: boolean;
  enemyName?: string;
  me?: Partial<FakeSide>;
  opponent?: Partial<FakeSide>;
} = {}) {
  const state = { seq: 0, me: newSide(me), them: newSide(opponent) };

  const outcome = () => versusOutcome(state.me, state.them);

  const detail = (): GameDetail => {
    const done = finished(state.me);
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
      ...(done ? { target } : {}),
      ...(versus
        ? {
            outcome: outcome(),
            enemyName,
            enemyScore: state.them.score,
            enemyWon: state.them.won,
            enemyForfeit: state.them.forfeit,
            enemyGuesses: state.them.guesses.length,
            ...(done ? { enemyGuessList: [...state.them.guesses] } : {}),
          }
        : {}),
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
      ...(done ? { target } : {}),
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

  return { state, detail, counts, play, opponentPlays, handlers };
}

import { Type, type Static } from 'typebox';
import { okWith } from './api-envelope.ts';
import { SaidEntry } from './phrase-schemas.ts';
import { BOT_LEVELS } from './computer-opponent.ts';
import { VERSUS_OUTCOMES } from './game-rules.ts';
import { GameRatings } from './rating-schemas.ts';
import { SafeText } from './safe-text.ts';

/** A game id in a path: digits only, so `/games/abc` is a 400, not a crash. */
export const GameIdParams = Type.Object({
  id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }),
});
export type GameIdParams = Static<typeof GameIdParams>;

/** `GET /game/:id/play/:word`; the word is checked by the game rules, not here. */
export const PlayParams = Type.Object({
  id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }),
  word: SafeText({ minLength: 1, maxLength: 32 }),
});
export type PlayParams = Static<typeof PlayParams>;

/**
 * `GET /game/:id/play/:word` as the server enforces it, for the API's document: five letters a to
 * z (in any case: the server lower-cases a guess) or the give-up keyword. PlayParams is wider, so
 * that each refused word gets its rule's own message ('lets do this together.. 1... 2... 3...
 * 4... 5!'); a word must also be in the dictionary, which no pattern says.
 */
export const PlayParamsDocumented = Type.Object({
  id: PlayParams.properties.id,
  word: Type.String({
    pattern: '^([A-Za-z]{5}|[Gg][Ii][Vv][Ee][Uu][Pp])$',
    description: 'five letters a to z, in any case, or giveup',
  }),
});

/** `POST /games`: which list. */
export const GamesListBody = Type.Object(
  {
    /** solo or multi (versus). */
    type: Type.Union([Type.Literal('solo'), Type.Literal('multi')]),
    /** new = still being played; old = settled (finished for every player). */
    age: Type.Union([Type.Literal('new'), Type.Literal('old')]),
  },
  { additionalProperties: false },
);
export type GamesListBody = Static<typeof GamesListBody>;

const VersusOutcomeField = Type.Enum(VERSUS_OUTCOMES);

/** One row of a game list. */
export const GameListItem = Type.Object({
  id: Type.Integer(),
  /** My score. */
  score: Type.Integer(),
  /** "5 minutes ago", from my last play. */
  timeAgo: Type.String(),
  /** ISO time of my last play. */
  lastPlayedAt: Type.String(),
  /** My last guess, or null before the first (shown as "(none)"). */
  guess: Type.Union([Type.String(), Type.Null()]),
  /** I solved the secret. */
  won: Type.Boolean(),
  /** I gave up. */
  forfeit: Type.Boolean(),
  /** The secret: only in old (settled) games. */
  target: Type.Optional(Type.String()),
  /** Versus: my result by the versus rule, `pending` until both are done. */
  outcome: Type.Optional(VersusOutcomeField),
  opponent: Type.Optional(Type.String()),
  enemyScore: Type.Optional(Type.Integer()),
  enemyWon: Type.Optional(Type.Boolean()),
  enemyForfeit: Type.Optional(Type.Boolean()),
  /** A player did not start in time: the game was aborted, and nothing counted. */
  aborted: Type.Optional(Type.Literal(true)),
  /** The deadline came before I finished. */
  outOfTime: Type.Optional(Type.Literal(true)),
});
export type GameListItem = Static<typeof GameListItem>;

export const GamesListResponse = okWith({ games: Type.Array(GameListItem) });
export type GamesListResponse = Static<typeof GamesListResponse>;

/** `GET /games/new`: a new solo game (for a guest too). */
export const NewGameResponse = okWith({ gameId: Type.Integer() });

/**
 * The query of `GET /games/new` and `GET /daily`: a guest's hard-mode setting, kept in their
 * browser (docs/PRODUCT.md, 'Hard mode'). An account's own setting applies instead, and the
 * query is ignored for it. Other query parameters are ignored, as they were before.
 */
export const NewGameQuery = Type.Object({
  hard: Type.Optional(Type.Boolean()),
});
export type NewGameQuery = Static<typeof NewGameQuery>;
export type NewGameResponse = Static<typeof NewGameResponse>;

const BotLevelField = Type.Enum(BOT_LEVELS);

/** `POST /games/bot`: the level of the computer opponent (docs/PRODUCT.md, 'Computer opponent'). */
export const BotGameBody = Type.Object({ level: BotLevelField }, { additionalProperties: false });
export type BotGameBody = Static<typeof BotGameBody>;

export const GuessEntry = Type.Object({ word: Type.String(), matches: Type.Integer() });
export type GuessEntry = Static<typeof GuessEntry>;

const LetterMarkValue = Type.Union([
  Type.Literal('good'),
  Type.Literal('bad'),
  Type.Literal('maybe'),
]);
/** Marked letters only: `{a: "bad", e: "good"}`; an unmarked letter is absent. */
export const Alphabet = Type.Record(Type.String({ pattern: '^[a-z]$' }), LetterMarkValue);
export type Alphabet = Static<typeof Alphabet>;

/**
 * A game's clock (docs/PRODUCT.md, 'Time controls'), in the board and the counts alike: the time
 * control of a versus game, the moment every player must have finished by (a versus game's, or
 * a daily's end of day), and whether a player who did not start aborted the game.
 */
const GameClockFields = {
  /** A versus game's time control, like `5m` or `3d`. */
  timeControl: Type.Optional(Type.String()),
  /** ISO time by which every player must have finished (absent when nobody must). */
  deadline: Type.Optional(Type.String()),
  /** A player did not start in time: the game ended for both, and nothing counted. */
  aborted: Type.Optional(Type.Literal(true)),
};

/**
 * `GET /games/:id`. The secret (`target`) and the opponent's words (`enemyGuessList`) appear
 * only once they can no longer help (docs/PRODUCT.md, 'Secrecy'): a solo game's once it has
 * ended, a versus game's once it is settled (both players done, out of time, or aborted), a
 * daily's once its day has ended (or to the player who solved it); before that `enemyGuesses`
 * is a count.
 */
export const GameDetailResponse = okWith({
  id: Type.Integer(),
  score: Type.Integer(),
  /** Newest first. */
  guesses: Type.Array(GuessEntry),
  alphabet: Alphabet,
  won: Type.Boolean(),
  forfeit: Type.Boolean(),
  /** I have finished (won, gave up, or ran out of points). */
  finished: Type.Boolean(),
  multiplayer: Type.Boolean(),
  /** A Daily Jotto game (docs/PRODUCT.md, 'Daily Jotto'): present, and true, only then. */
  daily: Type.Optional(Type.Literal(true)),
  /** A daily played from the archive, after its day (docs/PRODUCT.md, 'Archive'): only then. */
  archive: Type.Optional(Type.Literal(true)),
  /** A hard-mode game (docs/PRODUCT.md, 'Hard mode'): present, and true, only then. */
  hard: Type.Optional(Type.Literal(true)),
  target: Type.Optional(Type.String()),
  outcome: Type.Optional(VersusOutcomeField),
  enemyName: Type.Optional(Type.String()),
  /** The opponent is the computer, at this level: present only then. */
  enemyLevel: Type.Optional(BotLevelField),
  enemyScore: Type.Optional(Type.Integer()),
  enemyWon: Type.Optional(Type.Boolean()),
  enemyForfeit: Type.Optional(Type.Boolean()),
  /** The opponent's number of guesses. */
  enemyGuesses: Type.Optional(Type.Integer()),
  /** The opponent's guesses, newest first: only after I have finished. */
  enemyGuessList: Type.Optional(Type.Array(GuessEntry)),
  /** The game's last real-time event number (docs/PRODUCT.md, 'Real-time channel'). */
  seq: Type.Integer(),
  /**
   * A rated game only (docs/PRODUCT.md, 'Ratings'): both players' ratings before it, and the
   * ratings it left once it is settled.
   */
  ratings: Type.Optional(GameRatings),
  ...GameClockFields,
  /** Versus: whether the game counts for ratings (not when the pair has played 3 rated today). */
  rated: Type.Optional(Type.Boolean()),
  /** The deadline came before I finished: my game ended lost, as a forfeit. */
  outOfTime: Type.Optional(Type.Literal(true)),
  /** The same of the opponent. */
  enemyOutOfTime: Type.Optional(Type.Literal(true)),
  /** An aborted game: the players who did not start it. */
  notStarted: Type.Optional(Type.Array(Type.String())),
  /** A versus game between people: how many signed-in players watch it now. */
  watchers: Type.Optional(Type.Integer()),
  /** A versus game between people: the quick phrases said in it, oldest first. */
  said: Type.Optional(Type.Array(SaidEntry)),
  /** I muted my opponent's phrases in this game: present, and true, only then. */
  mutedOpponent: Type.Optional(Type.Literal(true)),
});
export type GameDetailResponse = Static<typeof GameDetailResponse>;

/** `GET /game/:id/play/:word` */
export const PlayResponse = okWith({
  /** Letters shared with the secret (absent for giveup). */
  matches: Type.Optional(Type.Integer()),
  score: Type.Integer(),
  /** This guess was the secret. */
  win: Type.Boolean(),
  forfeit: Type.Boolean(),
  /** My game is over (won, gave up or out of points). */
  finished: Type.Boolean(),
  /**
   * The secret, once it can no longer help: my solo game over, my versus game settled by this
   * move, my daily solved (docs/PRODUCT.md, 'Secrecy').
   */
  target: Type.Optional(Type.String()),
  /** Versus: the opponent's number of guesses. */
  enemyGuesses: Type.Optional(Type.Integer()),
  /** Versus: my result by the versus rule, `pending` until both are done. */
  outcome: Type.Optional(VersusOutcomeField),
  /**
   * Versus: the game's sequence number of the `game:counts` event this guess sent the
   * opponent. Events of a game share one sequence, so my client counts this one as seen and
   * does not take the opponent's next event for a gap.
   */
  seq: Type.Optional(Type.Integer()),
});
export type PlayResponse = Static<typeof PlayResponse>;

/** `GET /game/:id/counts`: the opponent's progress; the same fields as the `game:counts` event. */
export const CountsResponse = okWith({
  gameId: Type.Integer(),
  seq: Type.Integer(),
  enemyScore: Type.Integer(),
  enemyWon: Type.Boolean(),
  enemyForfeit: Type.Boolean(),
  enemyGuesses: Type.Integer(),
  /** My result by the versus rule, `pending` until both are done. */
  outcome: VersusOutcomeField,
  ...GameClockFields,
  /** The deadline came before the opponent finished. */
  enemyOutOfTime: Type.Optional(Type.Literal(true)),
  /** A versus game between people: how many signed-in players watch it now. */
  watchers: Type.Optional(Type.Integer()),
  /**
   * Asked with `?since=`: the quick phrases said after that sequence number that reach me
   * (none of a muted opponent's), oldest first.
   */
  said: Type.Optional(Type.Array(SaidEntry)),
});
export type CountsResponse = Static<typeof CountsResponse>;

/** `GET /game/:id/clear` */
export const ClearResponse = okWith({ alphabet: Alphabet });
export type ClearResponse = Static<typeof ClearResponse>;

/** `POST /game/:id/update`: one letter's mark; `none` removes it. */
export const UpdateMarkBody = Type.Object(
  {
    letter: Type.String({ pattern: '^[a-z]$' }),
    color: Type.Union([
      Type.Literal('good'),
      Type.Literal('bad'),
      Type.Literal('maybe'),
      Type.Literal('none'),
    ]),
  },
  { additionalProperties: false },
);
export type UpdateMarkBody = Static<typeof UpdateMarkBody>;

export const UpdateMarkResponse = okWith({ alphabet: Alphabet });
export type UpdateMarkResponse = Static<typeof UpdateMarkResponse>;

/**
 * One guess of a finished game in the post-game analysis; `game-analysis.ts` defines the
 * candidates and the best guess.
 */
export const AnalysisStepEntry = Type.Object({
  /** The word guessed. */
  word: Type.String(),
  /** Its match count with the secret. */
  matches: Type.Integer(),
  /** Secrets still consistent with every answer so far, this one included (1 once solved). */
  candidatesLeft: Type.Integer(),
  /** The guess that would have left the fewest candidates in expectation before this one. */
  bestGuess: Type.String(),
  /** How many candidates `bestGuess` would have left, on average (at least 1). */
  bestExpected: Type.Number(),
  /** 0–100: this guess's expected information as a share of the best guess's. */
  skill: Type.Integer({ minimum: 0, maximum: 100 }),
  /** 0–100: how well the count fell, 50 being as expected (`countLuck`). */
  luck: Type.Integer({ minimum: 0, maximum: 100 }),
});
export type AnalysisStepEntry = Static<typeof AnalysisStepEntry>;

/**
 * `GET /game/:id/analysis`: only for a player whose own game has ended (409 before, 404 for
 * anyone else); the opponent's steps only once the opponent has finished too.
 */
export const GameAnalysisResponse = okWith({
  id: Type.Integer(),
  /** Secrets possible before the first guess: every word of the secret list. */
  candidatesAtStart: Type.Integer(),
  /** My guesses, in the order played. */
  steps: Type.Array(AnalysisStepEntry),
  /** Versus: the opponent's guesses in the order played, once they have finished too. */
  opponentSteps: Type.Optional(Type.Array(AnalysisStepEntry)),
  /** My game's skill and luck (`gameSkillOf` over `steps`). */
  skill: Type.Integer({ minimum: 0, maximum: 99 }),
  luck: Type.Integer({ minimum: 0, maximum: 99 }),
  /** Versus: the opponent's, with `opponentSteps`. */
  opponentSkill: Type.Optional(Type.Integer({ minimum: 0, maximum: 99 })),
  opponentLuck: Type.Optional(Type.Integer({ minimum: 0, maximum: 99 })),
});
export type GameAnalysisResponse = Static<typeof GameAnalysisResponse>;

/**
 * `GET /game/:id/skill`: my game's skill and luck alone, once my own game has ended, a daily's
 * too before its word is revealed: they are worked out from the guesses and the counts the
 * player saw, and carry no word (docs/PRODUCT.md, 'Post-game analysis').
 */
export const GameSkillResponse = okWith({
  id: Type.Integer(),
  skill: Type.Integer({ minimum: 0, maximum: 99 }),
  luck: Type.Integer({ minimum: 0, maximum: 99 }),
});
export type GameSkillResponse = Static<typeof GameSkillResponse>;

import { Type, type Static } from 'typebox';
import { okWith } from './api-envelope.ts';
import { GuessEntry } from './game-schemas.ts';
import { SaidEntry } from './phrase-schemas.ts';

/** What the watching routes answer when they refuse (docs/PRODUCT.md, 'Watching'). */
export const WATCH_MESSAGES = {
  /** 403: the caller may not watch this game, whatever the reason (never says which). */
  cannotWatch: 'This game cannot be watched',
} as const;

/** `GET /games/live` answers at most this many games. */
export const LIVE_GAMES_LIMIT = 30;

/** One player of a live game, as the Watch list shows them. */
export const LivePlayer = Type.Object({
  username: Type.String(),
  /** The player's rating, rounded. */
  rating: Type.Integer(),
  score: Type.Integer(),
  /** How many guesses they made. */
  guesses: Type.Integer(),
  finished: Type.Boolean(),
});
export type LivePlayer = Static<typeof LivePlayer>;

/** One ongoing versus game between people that the caller may watch. */
export const LiveGame = Type.Object({
  gameId: Type.Integer(),
  players: Type.Array(LivePlayer),
  /** The game's time control, like `5m` or `3d`, when it has one. */
  timeControl: Type.Optional(Type.String()),
  /** Signed-in players watching it now. */
  watchers: Type.Integer(),
  /** ISO time the game started. */
  startedAt: Type.String(),
});
export type LiveGame = Static<typeof LiveGame>;

/**
 * `GET /games/live` (docs/PRODUCT.md, 'Watching'): the ongoing games the caller may watch, the
 * caller's friends' games first, then by the players' mean rating, highest first.
 */
export const LiveGamesResponse = okWith({ games: Type.Array(LiveGame) });
export type LiveGamesResponse = Static<typeof LiveGamesResponse>;

/**
 * One player as a spectator sees them. Before the game is settled, nothing that could help its
 * other player: no word, no match count, no secret (a spectator could pass them on). Once it is
 * settled, their guesses.
 */
export const WatchedPlayer = Type.Object({
  username: Type.String(),
  rating: Type.Integer(),
  score: Type.Integer(),
  guesses: Type.Integer(),
  finished: Type.Boolean(),
  won: Type.Boolean(),
  forfeit: Type.Boolean(),
  outOfTime: Type.Optional(Type.Literal(true)),
  /**
   * How many words of the word list could still be the secret after this player's guesses
   * and counts (the post-game analysis's candidates): the race made visible.
   */
  wordsLeft: Type.Integer(),
  /** Newest first: only once the game is settled. */
  guessList: Type.Optional(Type.Array(GuessEntry)),
});
export type WatchedPlayer = Static<typeof WatchedPlayer>;

/** The spectator's view of a game, as `GET /game/:id/watch` answers it and `watch:counts` pushes it. */
export const WatchViewFields = {
  gameId: Type.Integer(),
  /** The game's last event number, as a player's view has it. */
  seq: Type.Integer(),
  players: Type.Array(WatchedPlayer),
  timeControl: Type.Optional(Type.String()),
  /** ISO time by which every player must have finished, when the game has a clock. */
  deadline: Type.Optional(Type.String()),
  aborted: Type.Optional(Type.Literal(true)),
  /** Both players are done (or the clock ended the game): words and secret are shown. */
  settled: Type.Boolean(),
  /** The secret: only once settled. */
  target: Type.Optional(Type.String()),
  watchers: Type.Integer(),
  /** ISO time the game started. */
  startedAt: Type.String(),
};

/** `GET /game/:id/watch` (docs/PRODUCT.md, 'Watching'). */
export const WatchResponse = okWith({
  ...WatchViewFields,
  /** Phrases said after the query's `since` (all of them without it). */
  said: Type.Array(SaidEntry),
});
export type WatchResponse = Static<typeof WatchResponse>;

/** `watch:counts`, a spectator's `game:counts`: their view after either player's move. */
export const WatchCountsEvent = Type.Object(WatchViewFields);
export type WatchCountsEvent = Static<typeof WatchCountsEvent>;

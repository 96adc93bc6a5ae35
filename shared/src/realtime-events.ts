import type { Alphabet, CountsResponse } from './game-schemas.ts';
import type { MatchFoundEvent } from './match-schemas.ts';
import type { NewsRef } from './notice-schemas.ts';
import type { SaidEntry } from './phrase-schemas.ts';
import type { WatchCountsEvent } from './watch-schemas.ts';

/**
 * `game:counts`: the opponent moved (docs/PRODUCT.md, 'Real-time channel'): exactly the fields
 * of `GET /game/:id/counts` but its `result`, so the event and the poll cannot drift apart.
 */
export type GameCountsEvent = Omit<CountsResponse, 'result'>;

/**
 * `game:moved`: one of my own moves (a guess, or giving up), for my other tabs and devices
 * (docs/PRODUCT.md, 'Real-time channel'). What the play answer told the tab that made it, with
 * the word and my guess count after it, so another tab can put it on its board without a fetch.
 * Never the secret: a move that ends my game says `finished`, and a tab fetches the board.
 */
export interface GameMovedEvent {
  gameId: number;
  /** The word guessed, and its matches; both absent when I gave up. */
  word?: string;
  matches?: number;
  score: number;
  /** My number of guesses after this move. */
  guesses: number;
  win: boolean;
  forfeit: boolean;
  finished: boolean;
  /** Versus: the number this move's event took in the game's sequence (as the play answer's). */
  seq?: number;
}

/** `game:marks`: my letter marks of a game after a change (one letter, or Reset Board). */
export interface GameMarksEvent {
  gameId: number;
  alphabet: Alphabet;
}

/**
 * `game:ended`: the game clock ended a game (docs/PRODUCT.md, 'Time controls'): a player ran
 * out of time, or one did not start and the game was aborted. Each player's tabs fetch the board.
 */
export interface GameEndedEvent {
  gameId: number;
  /** The game's sequence after the change (a versus game's; a daily's stays as it was). */
  seq: number;
  reason: 'out of time' | 'aborted';
}

/** `game:watchers`: how many signed-in players watch a game now (docs/PRODUCT.md, 'Watching'). */
export interface GameWatchersEvent {
  gameId: number;
  count: number;
}

/**
 * `watch:closed`: a game can no longer be watched by some or all of its spectators (a player
 * turned watching off, or a block came between a player and a spectator; docs/PRODUCT.md,
 * 'Watching'). It says nothing of why nor of whom: each spectator's page asks for the game again,
 * and is refused or goes on.
 */
export interface WatchClosedEvent {
  gameId: number;
}

/** `game:said`: a quick phrase said in a game (docs/PRODUCT.md, 'Quick phrases'). */
export type GameSaidEvent = SaidEntry & { gameId: number };

/**
 * Events the server sends; each goes to the room of the user it concerns (and a game's events to
 * its watch room too), but `server:draining`, which goes to every socket of the node that sends it.
 */
export interface ServerToClientEvents {
  'game:counts': (event: GameCountsEvent) => void;
  /**
   * A spectator's `game:counts` (the game's watch room): either player moved, in the
   * spectator's view. A name of its own, because a spectator's sockets are every socket of
   * theirs, and a tab playing another game must not take it for its opponent's move.
   */
  'watch:counts': (event: WatchCountsEvent) => void;
  /** A game's watch room closed, to its spectators, before they are taken out of it. */
  'watch:closed': (event: WatchClosedEvent) => void;
  /** The number watching a game changed: to its players and its spectators. */
  'game:watchers': (event: GameWatchersEvent) => void;
  /** A quick phrase in a game: to the opponent (unless muted) and the spectators. */
  'game:said': (event: GameSaidEvent) => void;
  /** I moved in a game (in another tab, on another device: every tab of mine hears it). */
  'game:moved': (event: GameMovedEvent) => void;
  /** My marks of a game changed (idem). */
  'game:marks': (event: GameMarksEvent) => void;
  /** The clock ended a game of mine: out of time, or aborted. */
  'game:ended': (event: GameEndedEvent) => void;
  /** Someone challenged me. */
  'challenge:received': (event: { challengeId: number; sender: string }) => void;
  /** A challenge I sent was accepted (or paired): go to the game. */
  'challenge:accepted': (event: { challengeId: number; gameId: number }) => void;
  /** A challenge I sent was denied. */
  'challenge:denied': (event: { challengeId: number }) => void;
  /** Someone asked to be my friend. */
  'friend:request': (event: { id: number; name: string }) => void;
  /** Someone accepted my friend request. */
  'friend:accepted': (event: { name: string }) => void;
  /**
   * A challenge I received was answered, by me (in any tab, on any device) or by a challenge of
   * mine to its sender that started the game: its notice goes away everywhere
   * (docs/PRODUCT.md, 'Notices').
   */
  'challenge:answered': (event: { challengeId: number }) => void;
  /**
   * A friend request I received was answered, by me or by a request of mine to its sender that
   * made us friends: its notice goes away everywhere.
   */
  'friend:answered': (event: { id: number }) => void;
  /**
   * News of mine (answers to my challenges and friend requests) was seen in one of my tabs or on
   * one of my devices: it leaves every other tab that has not shown it (docs/PRODUCT.md,
   * 'Notices').
   */
  'notices:seen': (event: { notices: NewsRef[] }) => void;
  /** 'Play now' paired me: the game and its opponent (docs/PRODUCT.md, 'Play now'). */
  'match:found': (event: MatchFoundEvent) => void;
  /**
   * The node holding this socket is going away (a deploy, a scale-down): reconnect at once, to
   * another node, and catch up as after any reconnect. The node closes the socket right after.
   */
  'server:draining': () => void;
}

/** The client sends nothing over the socket: every intent is a REST call (the server decides). */
export type ClientToServerEvents = Record<string, never>;

/** The room that reaches every socket of one user, on every node. */
export function userRoom(userId: number): string {
  return `user:${userId}`;
}

/**
 * The room of a game's spectators, on every node. The server puts a spectator's sockets in it
 * when they ask `GET /game/:id/watch`; a client never joins a room itself.
 */
export function watchRoom(gameId: number): string {
  return `watch:${gameId}`;
}

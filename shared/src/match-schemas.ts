import { Type, type Static } from 'typebox';
import { okWith } from './api-envelope.ts';

/** What the 'Play now' routes refuse with (the `err` of their error answers), word for word. */
export const MATCH_ERRORS = {
  /** Seeking again too soon after a game aborted because this player did not start it. */
  cooldown: (seconds: number) =>
    `Your last game was aborted because you did not start it. You can play again in ${seconds} seconds.`,
} as const;

/**
 * `POST /match/seek` (docs/PRODUCT.md, 'Play now'): `waiting` in the queue, or `paired` with
 * the game, at once or earlier (a repeated seek answers the same game until the player cancels
 * or moves in it).
 */
export const MatchSeekResponse = okWith({
  status: Type.Union([Type.Literal('waiting'), Type.Literal('paired')]),
  /** The game, when paired. */
  gameId: Type.Optional(Type.Integer()),
  /** When paired: whether the game is rated (the pair may have played its rated games today). */
  rated: Type.Optional(Type.Boolean()),
});
export type MatchSeekResponse = Static<typeof MatchSeekResponse>;

/**
 * `GET /match/status`: what a waiting client polls while its real-time channel is down (each
 * poll also keeps the seek alive). `idle`: not in the queue (never, cancelled, expired, or its
 * game already started).
 */
export const MatchStatusResponse = okWith({
  status: Type.Union([Type.Literal('idle'), Type.Literal('waiting'), Type.Literal('paired')]),
  gameId: Type.Optional(Type.Integer()),
  /** When paired: whether the game is rated. */
  rated: Type.Optional(Type.Boolean()),
});
export type MatchStatusResponse = Static<typeof MatchStatusResponse>;

/** `match:found`: the queue paired me; the game and the opponent's username. */
export interface MatchFoundEvent {
  gameId: number;
  opponent: string;
  /** Whether the game is rated: not when the pair has played its rated games of the day. */
  rated: boolean;
}

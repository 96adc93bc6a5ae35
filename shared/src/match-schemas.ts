import { Type, type Static } from 'typebox';
import { okWith } from './api-envelope.ts';

/**
 * `POST /match/seek` (docs/PRODUCT.md, 'Play now'): `waiting` in the queue, or `paired` with
 * the game, at once or earlier (a repeated seek answers the same game until the player cancels
 * or moves in it).
 */
export const MatchSeekResponse = okWith({
  status: Type.Union([Type.Literal('waiting'), Type.Literal('paired')]),
  /** The game, when paired. */
  gameId: Type.Optional(Type.Integer()),
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
});
export type MatchStatusResponse = Static<typeof MatchStatusResponse>;

/** `match:found`: the queue paired me; the game and the opponent's username. */
export interface MatchFoundEvent {
  gameId: number;
  opponent: string;
}

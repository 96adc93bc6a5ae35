import { Type, type Static } from 'typebox';
import { okWith } from './api-envelope.ts';

/**
 * The quick phrases a player of a versus game between people can send (docs/PRODUCT.md, 'Quick
 * phrases'): a fixed set, so there is no free text to moderate. The client words each one.
 */
export const QUICK_PHRASES = [
  'hello',
  'good_luck',
  'have_fun',
  'nice_guess',
  'oops',
  'well_played',
  'thanks',
  'rematch',
] as const;
export type QuickPhrase = (typeof QUICK_PHRASES)[number];

/** At most this many phrases per player in any minute (more answer 429). */
export const PHRASES_PER_MINUTE = 5;

/** `POST /game/:id/say` */
export const SayBody = Type.Object(
  { phrase: Type.Enum(QUICK_PHRASES) },
  { additionalProperties: false },
);
export type SayBody = Static<typeof SayBody>;

/** One phrase said in a game: who said it, which, and when (ISO time). */
export const SaidEntry = Type.Object({
  /** The sender's username. */
  from: Type.String(),
  phrase: Type.Enum(QUICK_PHRASES),
  at: Type.String(),
  /** The number this phrase took in the game's event sequence. */
  seq: Type.Integer(),
});
export type SaidEntry = Static<typeof SaidEntry>;

/** `POST /game/:id/say`: the phrase as the others receive it. */
export const SayResponse = okWith({ said: SaidEntry });
export type SayResponse = Static<typeof SayResponse>;

/** `POST /game/:id/mute`: mute (or unmute) the opponent's phrases for this game. */
export const MuteBody = Type.Object({ muted: Type.Boolean() }, { additionalProperties: false });
export type MuteBody = Static<typeof MuteBody>;

/** `POST /game/:id/mute`: whether the opponent's phrases are now muted. */
export const MuteResponse = okWith({ muted: Type.Boolean() });
export type MuteResponse = Static<typeof MuteResponse>;

/**
 * `GET /game/:id/counts?since=` and `GET /game/:id/watch?since=`: the phrases said after this
 * sequence number come with the answer, as `said`.
 */
export const SinceQuery = Type.Object(
  { since: Type.Optional(Type.Integer({ minimum: 0, maximum: 2_147_483_647 })) },
  { additionalProperties: false },
);
export type SinceQuery = Static<typeof SinceQuery>;

import type { QuickPhrase } from '@jotto/shared/phrase-schemas';
import { callEndpoint } from '@/lib/api-endpoint.ts';

/** `POST /game/:id/say`: answers the phrase as the others receive it. */
export const sayPhrase = (gameId: number, phrase: QuickPhrase) =>
  callEndpoint('say', { params: { id: gameId }, body: { phrase } });

/** `POST /game/:id/mute`: mutes (or unmutes) the opponent's phrases in this game. */
export const muteOpponent = (gameId: number, muted: boolean) =>
  callEndpoint('mutePhrases', { params: { id: gameId }, body: { muted } });

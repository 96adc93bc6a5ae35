import type { SaidEntry } from '@jotto/shared/phrase-schemas';
import type { GameSaidEvent, GameWatchersEvent } from '@jotto/shared/realtime-events';
import type { WatchCountsEvent, WatchedPlayer } from '@jotto/shared/watch-schemas';
import type { WatchView } from './api/watching-api.ts';

/**
 * The phrases of both lists, each once (by its event number), oldest first: the poll brings
 * those said since the last answer, events bring them one by one, and the two may overlap.
 */
export function mergeSaid(shown: readonly SaidEntry[], more: readonly SaidEntry[]): SaidEntry[] {
  const bySeq = new Map<number, SaidEntry>();
  for (const entry of [...shown, ...more]) bySeq.set(entry.seq, entry);
  return [...bySeq.values()].sort((a, b) => a.seq - b.seq);
}

/**
 * The view after an answer of `GET /game/:id/watch`: the answer, unless the view on screen is
 * further along (an event came while it was on its way); the phrases of both, as the answer
 * brings only those said since the last one.
 */
export function withAnswer(shown: WatchView | undefined, answer: WatchView): WatchView {
  if (!shown) return answer;
  const said = mergeSaid(shown.said, answer.said);
  return shown.seq > answer.seq ? { ...shown, said } : { ...answer, said };
}

/**
 * The view after a `watch:counts` event: the event's view, unless the one shown is further
 * along; `refetch` when there is no view yet, or when the event says the game is settled but
 * lacks what a settled view shows (the secret): the server's answer has it.
 */
export function withCountsEvent(
  shown: WatchView | undefined,
  event: WatchCountsEvent,
): WatchView | 'refetch' {
  if (!shown) return 'refetch';
  if (event.seq < shown.seq) return shown;
  if (event.settled && !shown.settled && event.target === undefined && !event.aborted) {
    return 'refetch';
  }
  return { result: 'ok', ...event, said: shown.said };
}

/** The view after `game:watchers`: the new count. */
export function withWatchersEvent(shown: WatchView, event: GameWatchersEvent): WatchView {
  return shown.watchers === event.count ? shown : { ...shown, watchers: event.count };
}

/** The view after `game:said`: one more phrase (once). */
export function withSaidEvent(shown: WatchView, event: GameSaidEvent): WatchView {
  const { gameId: _gameId, ...entry } = event;
  return { ...shown, said: mergeSaid(shown.said, [entry]) };
}

/** Whether `username` is one of the game's players (a player is shown their own game instead). */
export function isPlayerOf(view: WatchView, username: string): boolean {
  const me = username.toLowerCase();
  return me !== '' && view.players.some((player) => player.username.toLowerCase() === me);
}

/** 'N words left': how many words could still be the player's secret (the race made visible). */
export function wordsLeftText(player: Pick<WatchedPlayer, 'wordsLeft'>): string {
  return `${player.wordsLeft} ${player.wordsLeft === 1 ? 'word' : 'words'} left`;
}

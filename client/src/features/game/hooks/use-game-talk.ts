import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { QuickPhrase, SaidEntry } from '@jotto/shared/phrase-schemas';
import { useAlert } from '@/components/alert-provider.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { useRealtimeEvent, useRealtimeStatus } from '@/lib/realtime/realtime-provider.tsx';
import { useSingleFlight } from '@/lib/single-flight.ts';
import { fetchCounts, gameKeys } from '../api/game-api.ts';
import { muteOpponent, sayPhrase } from '../api/phrase-api.ts';
import { mergeSaid, PHRASES_AFTER_SETTLED_MS } from '../game-phrases.ts';
import { type EventSequence, type GameDetail, isOpponentFinished } from '../game-state.ts';

/**
 * The phrases heard in a game since its screen opened, and `upTo`: the sequence number up to
 * which every phrase that reaches me is among them (the next poll asks `?since=` it). Its own
 * number, not the board's: a fetch of the board accounts for the game's events, but its phrases
 * are not heard (they would show long after they were said, or, said while the opponent was
 * muted, once unmuted).
 */
export interface Heard {
  said: SaidEntry[];
  upTo: number;
}

/**
 * Adds phrases to those heard in game `gameId` (each once, by its `seq`), and moves `upTo` on to
 * `upTo` when given (an answer to `?since=`: it had every phrase up to its `seq`). The counts
 * poll hands over what its answers carry (use-opponent-feed.ts); the talk hook adds the rest.
 */
export function addHeard(
  queryClient: QueryClient,
  gameId: number,
  entries: readonly SaidEntry[] | undefined,
  upTo = 0,
): void {
  const latest = Math.max(upTo, ...(entries ?? []).map((entry) => entry.seq));
  queryClient.setQueryData<Heard>(gameKeys.heard(gameId), (heard) => {
    const said = mergeSaid(heard?.said, entries) ?? [];
    const next = Math.max(heard?.upTo ?? 0, latest);
    return heard && said === heard.said && next === heard.upTo ? heard : { said, upTo: next };
  });
}

/** Where the next ask for phrases starts: `upTo`, or `fallback` before anything is heard. */
export function heardUpTo(queryClient: QueryClient, gameId: number, fallback: number): number {
  return queryClient.getQueryData<Heard>(gameKeys.heard(gameId))?.upTo ?? fallback;
}

/**
 * The quick phrases of a versus game between people, for a signed-in player (docs/PRODUCT.md,
 * 'Quick phrases'): what was heard since the screen opened, saying one, and muting the opponent.
 *
 * Phrases come by `game:said` (the opponent's, live), by my say answers (mine: the server sends
 * no event to the sender), and while the channel is not connected by the counts poll asked with
 * `?since=` (use-opponent-feed.ts), which stops once the opponent has finished (then a reconnect
 * asks the same route once for the phrases missed); the board's own `said` is not taken (see
 * Heard). A phrase takes a number in the game's event sequence:
 * an event after a gap fetches once, as a `game:counts` event does.
 */
export function useGameTalk(game: GameDetail, sequence: EventSequence) {
  const queryClient = useQueryClient();
  const showAlert = useAlert();
  const gameId = game.id;
  const heardKey = gameKeys.heard(gameId);

  // Everything up to the board's number at opening was said before: old news.
  const [openedAt] = useState(game.seq);
  useEffect(() => addHeard(queryClient, gameId, [], openedAt), [queryClient, gameId, openedAt]);
  const heard =
    useQuery({
      queryKey: heardKey,
      queryFn: () => queryClient.getQueryData<Heard>(heardKey) ?? { said: [], upTo: openedAt },
      // Filled by addHeard only: nothing to fetch.
      enabled: false,
      staleTime: Number.POSITIVE_INFINITY,
    }).data?.said ?? [];

  useRealtimeEvent('game:said', ({ gameId: eventGame, ...entry }) => {
    if (eventGame !== gameId) return;
    addHeard(queryClient, gameId, [entry]);
    if (!sequence.received(entry.seq)) {
      void queryClient.invalidateQueries({ queryKey: gameKeys.counts(gameId), exact: true });
    }
  });

  // The counts poll stops once the opponent has finished (docs/PRODUCT.md, 'Real-time
  // channel'); from then on phrases come live, and each reconnect asks once for those the
  // channel missed, until 10 minutes after the game is settled (the server takes none after),
  // not for a game that was already settled when the screen opened.
  const opponentDone = isOpponentFinished(game);
  const settled = opponentDone && game.finished;
  const [settledAtOpen] = useState(settled);
  const [windowOpen, setWindowOpen] = useState(!settledAtOpen);
  useEffect(() => {
    if (!settled || !windowOpen) return;
    const timer = setTimeout(() => setWindowOpen(false), PHRASES_AFTER_SETTLED_MS);
    return () => clearTimeout(timer);
  }, [settled, windowOpen]);
  const { connections } = useRealtimeStatus();
  const seenConnections = useRef(connections);
  const catchUp = opponentDone && windowOpen;
  useEffect(() => {
    if (connections === seenConnections.current) return;
    seenConnections.current = connections;
    if (!catchUp) return;
    fetchCounts(gameId, heardUpTo(queryClient, gameId, openedAt)).then(
      (counts) => {
        addHeard(queryClient, gameId, counts.said, counts.seq);
        sequence.caughtUp(counts.seq);
      },
      // Missed phrases are not worth an alert: the next reconnect asks again.
      () => undefined,
    );
  }, [connections, catchUp, gameId, queryClient, openedAt, sequence]);

  const saying = useSingleFlight();
  const sayMutation = useMutation({
    mutationFn: (phrase: QuickPhrase) => sayPhrase(gameId, phrase),
    onSuccess: ({ said }) => {
      // The opponent's next event comes after this number: not a gap.
      sequence.mine(said.seq);
      addHeard(queryClient, gameId, [said]);
    },
    // 'Too many phrases: wait a minute', 'This game is over': the server's sentence.
    onError: (error) => showAlert(errorMessage(error)),
  });

  const muting = useSingleFlight();
  const muteMutation = useMutation({
    mutationFn: (muted: boolean) => muteOpponent(gameId, muted),
    onSuccess: ({ muted }) => {
      // What the opponent said while muted is not news once unmuted: asked from here on.
      if (!muted) addHeard(queryClient, gameId, [], sequence.last);
      queryClient.setQueryData<GameDetail>(gameKeys.detail(gameId), (board) => {
        if (!board) return board;
        const { mutedOpponent: _was, ...rest } = board;
        return muted ? { ...rest, mutedOpponent: true } : rest;
      });
    },
    onError: (error) => showAlert(errorMessage(error)),
  });
  const muted = game.mutedOpponent === true;

  return {
    heard,
    openedAt,
    saying: saying.busy,
    say: (phrase: QuickPhrase) => saying.run(() => sayMutation.mutateAsync(phrase)),
    muted,
    muting: muting.busy,
    toggleMute: () => muting.run(() => muteMutation.mutateAsync(!muted)),
  };
}

import { useMutation } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { clientPath } from '@jotto/shared/client-routes';
import { RATED_GAMES_PER_PAIR_PER_DAY } from '@jotto/shared/game-rules';
import { useAlert } from '@/components/alert-provider.tsx';
import {
  startComputerGame,
  WAITING_PANEL_COMPUTER_LEVEL,
} from '@/features/computer-opponent/api/bot-api.ts';
import { errorMessage } from '@/lib/api-client.ts';
import { useLiveQuery } from '@/lib/realtime/use-live-query.ts';
import { type SingleFlight, useSingleFlight } from '@/lib/single-flight.ts';
import {
  cancelMatch,
  cancelMatchOnLeave,
  fetchMatchStatus,
  playNowKeys,
  seekMatch,
} from '../api/play-now-api.ts';

/** Said when the server no longer has the seek (expired while the page slept, or cancelled in another tab). */
export const SEARCH_STOPPED =
  'The search for an opponent has stopped. Press Play now to search again.';

/** Said as a pairing opens a game that will not be rated, so the player knows before it starts. */
export const UNRATED_GAME = `Unrated game: you two have played ${RATED_GAMES_PER_PAIR_PER_DAY} rated games today.`;

export interface PlayNow {
  /** When the current wait began (`Date.now()`), or null when not waiting. */
  waitingSince: number | null;
  /** Presses 'Play now'; ignored while a seek is on its way or a wait is on. */
  start: () => void;
  /** Cancel of the waiting panel (and its Escape, close icon and overlay). */
  cancel: () => void;
  /**
   * Leaves the queue for a game against the computer (offered after 20 s); null while the app
   * has no computer opponent (see `startComputerGame`).
   */
  playComputer: (() => void) | null;
  seeking: SingleFlight;
  cancelling: SingleFlight;
  /** The computer game on its way. */
  startingComputer: SingleFlight;
}

/**
 * 'Play now' (docs/PRODUCT.md, 'Play now'): `POST /match/seek`; a pair found at once opens the
 * game, otherwise the player waits. The wait ends in the game as soon as the server pairs it:
 * `match:found` on the real-time channel, or, while the channel is not connected, the status
 * polled every 3000 ms (useLiveQuery), which also keeps the seek alive; a connected socket
 * keeps it alive by itself. Cancel leaves the queue; so does leaving the screen or the page.
 * A pairing the server says is unrated (the two have played their rated games of the day) is
 * told in the alert modal as the game opens: the game screen has no word for it.
 */
export function usePlayNow(): PlayNow {
  const navigate = useNavigate();
  const showAlert = useAlert();
  const [wait, setWait] = useState<{ id: number; since: number } | null>(null);
  const waits = useRef(0);
  const seeking = useSingleFlight();
  const cancelling = useSingleFlight();
  const startingComputer = useSingleFlight();
  // The wait as the unmount and pagehide handlers see it (they outlive a render).
  const waiting = useRef(false);

  const openGame = useCallback(
    (gameId: number, rated = true) => {
      waiting.current = false;
      setWait(null);
      // The alert lives above the routes, so it stays up over the game it is about.
      if (!rated) showAlert(UNRATED_GAME);
      navigate(clientPath('/game/:gameId', { gameId }));
    },
    [navigate, showAlert],
  );
  const stopWaiting = useCallback(() => {
    waiting.current = false;
    setWait(null);
  }, []);

  const seek = useMutation({
    mutationFn: seekMatch,
    onSuccess: (answer) => {
      if (answer.status === 'paired' && answer.gameId !== undefined) {
        // `rated` is optional in the answer's schema: only an explicit false is an unrated game.
        return openGame(answer.gameId, answer.rated !== false);
      }
      waits.current += 1;
      waiting.current = true;
      setWait({ id: waits.current, since: Date.now() });
    },
    onError: (error) => showAlert(errorMessage(error)),
  });
  const computer = useMutation({
    mutationFn: async (start: NonNullable<typeof startComputerGame>) => {
      await cancelMatch();
      return start(WAITING_PANEL_COMPUTER_LEVEL);
    },
    // Not `openGame` itself, which would take the mutation's variables for `rated`; and no
    // unrated alert: the player chose the computer, whose games are never rated.
    onSuccess: (gameId) => openGame(gameId),
    onError: (error) => showAlert(errorMessage(error)),
  });
  const leave = useMutation({
    mutationFn: cancelMatch,
    onSuccess: stopWaiting,
    onError: (error) => showAlert(errorMessage(error)),
  });

  const { query: status } = useLiveQuery({
    queryKey: playNowKeys.status(wait?.id ?? 0),
    queryFn: fetchMatchStatus,
    enabled: wait !== null,
    // While live the event says when the pair is made; the status is asked only while not live
    // (which keeps the seek alive) and once at every (re)connect for what the channel missed.
    loadWhileLive: false,
    settled: ({ data }) => data !== undefined && data.status !== 'waiting',
    retry: false,
    gcTime: 0,
    events: {
      'match:found': (event) => ({
        result: 'ok',
        status: 'paired',
        gameId: event.gameId,
        rated: event.rated,
      }),
    },
  });
  const pairedGameId = status.data?.status === 'paired' ? status.data.gameId : undefined;
  const pairedRated = status.data?.rated !== false;
  const stopped = status.data?.status === 'idle';
  useEffect(() => {
    if (waiting.current && pairedGameId !== undefined) openGame(pairedGameId, pairedRated);
  }, [pairedGameId, pairedRated, openGame]);
  useEffect(() => {
    if (waiting.current && stopped) {
      stopWaiting();
      showAlert(SEARCH_STOPPED);
    }
  }, [stopped, stopWaiting, showAlert]);
  useEffect(() => {
    if (status.isError) console.error('match status failed', status.error);
  }, [status.isError, status.error]);

  // Leaving the screen or the page while waiting leaves the queue.
  useEffect(() => {
    const onPageHide = () => {
      if (waiting.current) cancelMatchOnLeave();
    };
    window.addEventListener('pagehide', onPageHide);
    return () => {
      window.removeEventListener('pagehide', onPageHide);
      if (waiting.current) {
        waiting.current = false;
        void cancelMatch().catch((error: unknown) =>
          console.error('leaving the queue failed', error),
        );
      }
    };
  }, []);

  return {
    waitingSince: wait?.since ?? null,
    start: () => {
      if (wait === null) seeking.run(() => seek.mutateAsync());
    },
    cancel: () => {
      cancelling.run(() => leave.mutateAsync());
    },
    playComputer:
      startComputerGame === null
        ? null
        : () => {
            const start = startComputerGame;
            if (start) startingComputer.run(() => computer.mutateAsync(start));
          },
    seeking,
    cancelling,
    startingComputer,
  };
}

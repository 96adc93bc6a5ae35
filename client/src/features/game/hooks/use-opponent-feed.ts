import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { useRealtimeEvent, useRealtimeStatus } from '../../../lib/realtime/realtime-provider.tsx';
import { fetchCounts, gameKeys } from '../api/game-api.ts';
import {
  type EventSequence,
  type GameDetail,
  isOpponentFinished,
  type OpponentCounts,
  withCounts,
} from '../game-state.ts';

/** The spec's counts polling period (§4, §9). */
export const COUNTS_POLL_MS = 3000;

/** How the opponent's moves reach this screen: events, the 3-second poll, or no longer at all. */
export type FeedMode = 'live' | 'polling' | 'done';

/**
 * Keeps a versus board's opponent side current (spec §4, decisions §6): `game:counts` events
 * while the real-time channel is up; while it is not (blocked, down, reconnecting), the counts
 * route every 3000 ms until the opponent has finished. On every (re)connect, and on a gap in
 * the event sequence, it fetches the counts once to catch up. When both players are done it
 * fetches the board again, which now carries the target and the opponent's words.
 */
export function useOpponentFeed(game: GameDetail | undefined, sequence: EventSequence): FeedMode {
  const queryClient = useQueryClient();
  const { status, connections } = useRealtimeStatus();
  const gameId = game?.id ?? 0;
  const versus = game?.multiplayer === true;
  const opponentDone = game ? isOpponentFinished(game) : false;
  const live = status === 'live';

  const apply = useCallback(
    (counts: OpponentCounts) => {
      queryClient.setQueryData<GameDetail>(gameKeys.detail(gameId), (board) =>
        board ? withCounts(board, counts) : board,
      );
    },
    [queryClient, gameId],
  );

  const polled = useQuery({
    queryKey: gameKeys.counts(gameId),
    queryFn: async () => {
      const counts = await fetchCounts(gameId);
      sequence.caughtUp(counts.seq);
      return counts;
    },
    enabled: versus && !opponentDone,
    refetchInterval: live ? false : COUNTS_POLL_MS,
    // Polling goes on in a background tab too: the player comes back to a current board.
    refetchIntervalInBackground: true,
    staleTime: 0,
  });
  useEffect(() => {
    if (polled.data) apply(polled.data);
  }, [polled.data, apply]);

  // Catch up on what the channel missed while it was down (every connect counts).
  const refetchCounts = polled.refetch;
  useEffect(() => {
    if (versus && connections > 0) void refetchCounts();
  }, [versus, connections, refetchCounts]);

  useRealtimeEvent('game:counts', (event) => {
    if (event.gameId !== gameId) return;
    apply(event);
    if (!sequence.received(event.seq)) void refetchCounts();
  });

  // Both done: the board now has the target, the opponent's whole list and the outcome. One
  // fetch per state of the opponent, so a list that differs for any reason cannot loop.
  const bothDone = versus && opponentDone && game?.finished === true;
  const finalKey = bothDone ? `${game?.enemyGuesses}/${game?.enemyWon}/${game?.enemyForfeit}` : '';
  const fetchedFinal = useRef('');
  const listComplete = (game?.enemyGuessList?.length ?? -1) === (game?.enemyGuesses ?? 0);
  useEffect(() => {
    if (!finalKey || fetchedFinal.current === finalKey) return;
    if (listComplete && game?.outcome !== 'pending') return;
    fetchedFinal.current = finalKey;
    void queryClient.invalidateQueries({ queryKey: gameKeys.detail(gameId), exact: true });
  }, [finalKey, listComplete, game?.outcome, queryClient, gameId]);

  if (!versus || opponentDone) return 'done';
  return live ? 'live' : 'polling';
}

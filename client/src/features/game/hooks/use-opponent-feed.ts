import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useRealtimeEvent } from '@/lib/realtime/realtime-provider.tsx';
import { type LiveFeed, useLiveQuery } from '@/lib/realtime/use-live-query.ts';
import { fetchCounts, gameKeys } from '../api/game-api.ts';
import { isTalkGame } from '../game-phrases.ts';
import {
  type EventSequence,
  type GameDetail,
  isOpponentFinished,
  withCounts,
} from '../game-state.ts';
import { addHeard, heardUpTo } from './use-game-talk.ts';

/**
 * Keeps a versus board's opponent side current: `game:counts` events while the real-time
 * channel is up, the counts route polled while it is not, until the opponent has finished (in a
 * game between people the poll brings the phrases said since the last one heard too); a
 * fetch on every (re)connect and on a gap in the game's event numbers (useLiveQuery). When both
 * players are done it fetches the board again, which now carries the target and the opponent's
 * words. Says how the news comes: live, polling, or done (nothing more from the opponent).
 */
export function useOpponentFeed(game: GameDetail | undefined, sequence: EventSequence): LiveFeed {
  const queryClient = useQueryClient();
  const gameId = game?.id ?? 0;
  const versus = game?.multiplayer === true;
  const opponentDone = game ? isOpponentFinished(game) : false;
  const talk = game !== undefined && isTalkGame(game);

  const { query: counts, feed } = useLiveQuery({
    queryKey: gameKeys.counts(gameId),
    // Between people, the phrases said since the last one heard come along (useGameTalk).
    queryFn: () =>
      fetchCounts(gameId, talk ? heardUpTo(queryClient, gameId, sequence.last) : undefined),
    enabled: versus && !opponentDone,
    sequence,
    staleTime: 0,
    events: {
      'game:counts': (event) => (event.gameId === gameId ? { result: 'ok', ...event } : undefined),
    },
  });
  useEffect(() => {
    if (!counts.data) return;
    const reported = counts.data;
    // An answer to `?since=` carries every phrase up to its number (an event carries none).
    if (reported.said) addHeard(queryClient, gameId, reported.said, reported.seq);
    queryClient.setQueryData<GameDetail>(gameKeys.detail(gameId), (board) =>
      board ? withWatchers(withCounts(board, reported), reported.watchers) : board,
    );
  }, [counts.data, queryClient, gameId]);
  // How many watch (docs/PRODUCT.md, 'Watching'): the counts carry it, and `game:watchers` says
  // when it changes, until the end (spectators come to see a game over too).
  useRealtimeEvent('game:watchers', (event) => {
    if (event.gameId !== gameId) return;
    queryClient.setQueryData<GameDetail>(gameKeys.detail(gameId), (board) =>
      board ? withWatchers(board, event.count) : board,
    );
  });

  // Both done: the board now has the target, the opponent's whole list, the outcome and, in a
  // rated game, the ratings the settlement left (which no event carries). One fetch per state
  // of the opponent, so a list that differs for any reason cannot loop.
  const bothDone = versus && opponentDone && game?.finished === true;
  const finalKey = bothDone ? `${game?.enemyGuesses}/${game?.enemyWon}/${game?.enemyForfeit}` : '';
  const fetchedFinal = useRef('');
  const listComplete = (game?.enemyGuessList?.length ?? -1) === (game?.enemyGuesses ?? 0);
  const ratingsSettled = game?.ratings === undefined || game.ratings.me.after !== undefined;
  const complete = listComplete && game?.outcome !== 'pending' && ratingsSettled;
  useEffect(() => {
    if (!finalKey || fetchedFinal.current === finalKey || complete) return;
    fetchedFinal.current = finalKey;
    void queryClient.invalidateQueries({ queryKey: gameKeys.detail(gameId), exact: true });
  }, [finalKey, complete, queryClient, gameId]);

  return feed;
}

/** The board with the number watching it, when a report says it (the same board otherwise). */
function withWatchers(board: GameDetail, watchers: number | undefined): GameDetail {
  return watchers === undefined || watchers === board.watchers ? board : { ...board, watchers };
}

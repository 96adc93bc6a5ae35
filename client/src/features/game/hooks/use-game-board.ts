import { type Mutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { clientPath } from '@jotto/shared/client-routes';
import { GAME_MESSAGES } from '@jotto/shared/game-rules';
import type { Alphabet } from '@jotto/shared/game-schemas';
import { useAlert } from '@/components/alert-provider.tsx';
import { isNotFound } from '@/lib/api-client.ts';
import { useRealtimeEvents } from '@/lib/realtime/realtime-provider.tsx';
import { useLiveQuery } from '@/lib/realtime/use-live-query.ts';
import { useSession } from '@/lib/session.ts';
import { gameKeys, gameQuery } from '../api/game-api.ts';
import {
  changesAtDeadline,
  EventSequence,
  type GameDetail,
  mergeBoards,
  sameMarks,
  withOwnMove,
} from '../game-state.ts';

/**
 * How long after a deadline the board is fetched if nothing said the game ended: the server's
 * clock ends it at the deadline and announces it, so this is only for an announcement lost.
 */
const DEADLINE_GRACE_MS = 2_000;
/** setTimeout's longest delay (about 24 days): a farther deadline is not waited for here. */
const LONGEST_TIMER_MS = 2 ** 31 - 1;

/**
 * The board of game `gameId` from the server, and the record of which of its real-time events
 * are accounted for. A guest's board that cannot be loaded has expired with the guest session
 * (after 24 hours: docs/PRODUCT.md, 'Guests'): the 'Game expired' alert and a return to the solo
 * list. A signed-in player's games do not expire: theirs that cannot be loaded is another's or
 * none (the server does not tell the two apart), given back as `loadError` for the screen to say
 * in place. The caller mounts one per game (keyed by id), so the event record never carries over
 * to the next game.
 *
 * My own moves made elsewhere (another tab, another device) reach this board too
 * (docs/PRODUCT.md, 'Real-time channel'): live through `game:moved` and `game:marks`, and while
 * the channel is not connected (a guest has none) by polling the board every POLL_INTERVAL_MS
 * as long as my game is in play, with a fetch at every reconnect (useLiveQuery). The game clock
 * ends games too: `game:ended` fetches the board, and so does the deadline itself, a little
 * after it, if the board still waits on it (a daily's word is revealed then, which nobody
 * announces).
 */
export function useGameBoard(gameId: number) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const showAlert = useAlert();
  const [sequence] = useState(() => new EventSequence(0));
  const base = gameQuery(gameId);
  const key = gameKeys.detail(gameId);
  const inPlay = queryClient.getQueryData<GameDetail>(key)?.finished !== true;
  // This tab's saves of its marks (use-letter-marks.ts, whose saves answer the marks after
  // them), answered ones too while the cache keeps them.
  const markSaves = () =>
    queryClient.getMutationCache().findAll({ mutationKey: gameKeys.markSaves(gameId) }) as Array<
      Mutation<Alphabet, Error, unknown>
    >;
  const { query } = useLiveQuery({
    queryKey: base.queryKey,
    retry: base.retry,
    queryFn: async (context) => {
      const startedAt = Date.now();
      const fetched = await base.queryFn!(context);
      sequence.caughtUp(fetched.seq);
      const shown = queryClient.getQueryData<GameDetail>(key);
      const merged = mergeBoards(fetched, shown);
      // A mark saved while this fetch ran (or still on its way) is on screen but maybe not in
      // the answer, which may even predate a save already answered: the screen keeps its marks
      // (the last save's answer puts the server's on it).
      const saving = markSaves().some(
        (save) => save.state.status === 'pending' || save.state.submittedAt >= startedAt,
      );
      return saving && shown ? { ...merged, alphabet: shown.alphabet } : merged;
    },
    poll: inPlay,
    // A board that never loaded because there is none for this player (404) is a final answer:
    // asked again (the poll, the catch-up at each connect), it would blink to the loading
    // screen and back every time.
    settled: ({ data, error }) => data === undefined && isNotFound(error),
  });
  const { refetch } = query;

  // Each folded into the board as it is when the event comes (an updater, not a copy taken
  // earlier), so an answer that lands meanwhile is kept.
  useRealtimeEvents({
    'game:moved': (move) => {
      if (move.gameId !== gameId) return;
      if (move.seq !== undefined) sequence.mine(move.seq);
      // A move that ends my game while one of this tab's is on its way: that answer fetches
      // the board (or, refused, the refusal does).
      const playing = queryClient.isMutating({ mutationKey: gameKeys.plays(gameId) }) > 0;
      let fetch = false;
      queryClient.setQueryData<GameDetail>(key, (board) => {
        if (!board) return board;
        const next = withOwnMove(board, move);
        if (next !== 'refetch') return next;
        fetch = !playing;
        return board;
      });
      if (fetch) void refetch();
    },
    'game:ended': (ended) => {
      if (ended.gameId === gameId) void refetch();
    },
    'game:marks': (marks) => {
      if (marks.gameId !== gameId) return;
      const saves = markSaves();
      // This tab's own saves are on screen already, and the last one's answer brings the rest.
      if (saves.some((save) => save.state.status === 'pending')) return;
      const shown = queryClient.getQueryData<GameDetail>(key);
      if (!shown || sameMarks(shown.alphabet, marks.alphabet)) return;
      // The event of one of this tab's own saves may come after the answers of later ones
      // (the event and the answer travel apart): marks that one of them answered may be older
      // than the screen's, so the server is asked what it has now.
      const ownAnswer = saves.some(
        (save) => save.state.data !== undefined && sameMarks(save.state.data, marks.alphabet),
      );
      if (ownAnswer) {
        void refetch();
        return;
      }
      queryClient.setQueryData<GameDetail>(key, (board) =>
        board ? { ...board, alphabet: marks.alphabet } : board,
      );
    },
  });

  const board = query.data;
  useEffect(() => {
    const dueAt = board ? changesAtDeadline(board, Date.now()) : null;
    if (dueAt === null) return;
    const delay = dueAt - Date.now() + DEADLINE_GRACE_MS;
    if (delay > LONGEST_TIMER_MS) return;
    const timer = setTimeout(() => void refetch(), Math.max(0, delay));
    return () => clearTimeout(timer);
  }, [board, refetch]);

  // Only a board that never loaded is gone: a later refetch that fails (the network drops as
  // the window regains focus, or as a won game fetches its target) keeps the board shown.
  const failed = query.isLoadingError;
  const { username, loading: sessionLoading } = useSession();
  const signedIn = username !== '';
  useEffect(() => {
    if (!failed || sessionLoading || signedIn) return;
    showAlert(GAME_MESSAGES.gameExpired);
    navigate(clientPath('/list_solo'), { replace: true });
  }, [failed, sessionLoading, signedIn, navigate, showAlert]);
  const loadError = failed && !sessionLoading && signedIn ? query.error : null;
  return { game: query.data, sequence, refetch, loadError };
}

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { clientPath } from '@jotto/shared/client-routes';
import { GAME_MESSAGES } from '@jotto/shared/game-rules';
import { useAlert } from '../../../components/alert-provider.tsx';
import { gameKeys, gameQuery } from '../api/game-api.ts';
import { EventSequence, type GameDetail, mergeBoards } from '../game-state.ts';

/**
 * The board of game `gameId` from the server, and the record of which of its real-time events
 * are accounted for. A board that cannot be loaded (a guest's game expires after 24 hours, or
 * it is not ours) is the alert of spec §8 and a return to the solo list. The caller mounts one
 * per game (keyed by id), so the event record never carries over to the next game.
 */
export function useGameBoard(gameId: number) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const showAlert = useAlert();
  const [sequence] = useState(() => new EventSequence(0));
  const base = gameQuery(gameId);
  const query = useQuery({
    ...base,
    queryFn: async (context) => {
      const fetched = await base.queryFn!(context);
      sequence.caughtUp(fetched.seq);
      const shown = queryClient.getQueryData<GameDetail>(gameKeys.detail(gameId));
      const merged = mergeBoards(fetched, shown);
      // A mark saved while this fetch ran is on screen but maybe not in the answer: the screen
      // keeps its marks until the saves are done (the server ends on the same marks).
      const saving = queryClient.isMutating({ mutationKey: gameKeys.markSaves(gameId) }) > 0;
      return saving && shown ? { ...merged, alphabet: shown.alphabet } : merged;
    },
  });
  // Only a board that never loaded is gone: a later refetch that fails (the network drops as
  // the window regains focus, or as a won game fetches its target) keeps the board shown.
  const failed = query.isLoadingError;
  useEffect(() => {
    if (!failed) return;
    showAlert(GAME_MESSAGES.gameExpired);
    navigate(clientPath('/list_solo'), { replace: true });
  }, [failed, navigate, showAlert]);
  return { game: query.data, sequence, refetch: query.refetch };
}

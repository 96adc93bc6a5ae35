import { useMutation, useQueryClient } from '@tanstack/react-query';
import { gameKeys, playWord } from '../api/game-api.ts';
import { type EventSequence, type GameDetail, type PlayAnswer, withPlay } from '../game-state.ts';

/**
 * Sends one guess (or `giveup`). The answer goes straight onto the board; when it ends my game
 * the board is fetched again for what only a finished player may see (decisions §3).
 */
export function usePlay(
  gameId: number,
  sequence: EventSequence,
  onPlayed: (word: string, answer: PlayAnswer) => void,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (word: string) => playWord(gameId, word),
    onSuccess: (answer, word) => {
      if (answer.seq !== undefined) sequence.mine(answer.seq);
      queryClient.setQueryData<GameDetail>(gameKeys.detail(gameId), (board) =>
        board ? withPlay(board, word, answer) : board,
      );
      if (answer.finished) {
        void queryClient.invalidateQueries({ queryKey: gameKeys.detail(gameId), exact: true });
      }
      onPlayed(word, answer);
    },
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useAlert } from '@/components/alert-provider.tsx';
import { GAME_MESSAGES } from '@jotto/shared/game-rules';
import { ApiCallError, errorMessage, isUnreachable } from '@/lib/api-client.ts';
import { networkStatus } from '@/lib/network-status.ts';
import { useSingleFlight } from '@/lib/single-flight.ts';
import { gameKeys, playWord } from '../api/game-api.ts';
import { type EventSequence, type GameDetail, type PlayAnswer, withPlay } from '../game-state.ts';

/**
 * What became of a move: `offline`, not sent (and never will be); `busy`, not sent because
 * another is on its way; else sent, and the promise says whether the server was `reached`
 * (answered, or refused) or the request got no answer (`unreachable`).
 */
export type PlaySending = 'offline' | 'busy' | Promise<'reached' | 'unreachable'>;

/** A refusal that means the board shown is behind: a word already guessed, a game over. */
function isRefusedForState(error: unknown): boolean {
  return (
    error instanceof ApiCallError &&
    (error.message === GAME_MESSAGES.alreadyGuessed || error.message === GAME_MESSAGES.gameOver)
  );
}

/**
 * Sends one guess (or `giveup`), one at a time: `busy` while a move is on its way. The answer
 * goes straight onto the board; when it ends my game the board is fetched again for what only
 * a finished player may see (docs/PRODUCT.md, 'Secrecy'). A refusal alerts 'Error: {sentence}'.
 */
export function usePlay(
  gameId: number,
  sequence: EventSequence,
  onPlayed: (word: string, answer: PlayAnswer) => void,
) {
  const queryClient = useQueryClient();
  const showAlert = useAlert();
  const mutation = useMutation({
    mutationKey: gameKeys.plays(gameId),
    mutationFn: (word: string) => playWord(gameId, word),
    // Sent at once or not at all, never held for later (see `send`).
    networkMode: 'always',
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
    onError: (error) => {
      showAlert(`Error: ${errorMessage(error)}`);
      // Refused for a move this board has not shown yet (made in another tab, say, and not
      // heard of): fetched, so the word said to be guessed, or the end, is on it.
      if (isRefusedForState(error)) {
        void queryClient.invalidateQueries({ queryKey: gameKeys.detail(gameId), exact: true });
      }
    },
  });
  const flight = useSingleFlight();

  const send = (word: string): PlaySending => {
    // The decision (docs/PRODUCT.md, 'Offline'): a move is never queued. While the browser is
    // offline nothing is sent, now or later; the player is told and sends it again, once back
    // online, if they still want to. A guess that lands minutes later, unseen, could be one
    // they no longer meant (the opponent moved, the game ended), and they would not know it
    // had cost them 5 points. (After a call that merely got no answer, the move is tried: its
    // own answer, or lack of one, is the news.)
    if (networkStatus.state() === 'offline') return 'offline';
    const sent: { reached?: Promise<'reached' | 'unreachable'> } = {};
    flight.run(() => {
      const request = mutation.mutateAsync(word);
      sent.reached = request.then(
        () => 'reached' as const,
        (error: unknown) => (isUnreachable(error) ? 'unreachable' : 'reached'),
      );
      return request;
    });
    return sent.reached ?? 'busy';
  };
  return { busy: flight.busy, send };
}

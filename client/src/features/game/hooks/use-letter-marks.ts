import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import type { Alphabet } from '@jotto/shared/game-schemas';
import { type Letter, type LetterMark, nextLetterMark } from '@jotto/shared/game-rules';
import { useAlert } from '@/components/alert-provider.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { clearMarks, gameKeys, saveMark } from '../api/game-api.ts';
import type { GameDetail } from '../game-state.ts';

/** The alert when clearing the board fails. */
export const CLEAR_FAILED = 'Error!';

const storageKey = (gameId: number) => `jotto:marks:${gameId}`;

function readLocalMarks(gameId: number): Alphabet {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(storageKey(gameId)) ?? '{}');
    return typeof stored === 'object' && stored !== null ? (stored as Alphabet) : {};
  } catch {
    return {};
  }
}

function withMark(alphabet: Alphabet, letter: Letter, mark: LetterMark): Alphabet {
  const next = { ...alphabet };
  if (mark === 'none') delete next[letter];
  else next[letter] = mark;
  return next;
}

/**
 * The letter marks of a board (docs/PRODUCT.md, 'Alphabet marks'): a click cycles none → bad →
 * maybe → good → none. A signed-in player's marks are the server's (saved through the update route,
 * shown at once and put back if the save fails); a guest cannot save marks, so theirs stay in this
 * browser, per game.
 */
export function useLetterMarks(game: GameDetail, signedIn: boolean) {
  const queryClient = useQueryClient();
  const showAlert = useAlert();
  const [localMarks, setLocalMarks] = useState<Alphabet>(() => readLocalMarks(game.id));
  const key = gameKeys.detail(game.id);
  const marks = signedIn ? game.alphabet : localMarks;

  const setServerAlphabet = useCallback(
    (alphabet: Alphabet) =>
      queryClient.setQueryData<GameDetail>(key, (board) =>
        board ? { ...board, alphabet } : board,
      ),
    [queryClient, key],
  );

  const save = useMutation({
    // One save at a time, in click order, so the server ends on the mark shown.
    scope: { id: `marks-${game.id}` },
    mutationKey: gameKeys.markSaves(game.id),
    mutationFn: ({ letter, mark }: { letter: Letter; mark: LetterMark; before: Alphabet }) =>
      saveMark(game.id, { letter, color: mark }),
    onError: (error, { before }) => {
      setServerAlphabet(before);
      showAlert(errorMessage(error));
    },
  });

  const saveLocal = (alphabet: Alphabet) => {
    setLocalMarks(alphabet);
    try {
      localStorage.setItem(storageKey(game.id), JSON.stringify(alphabet));
    } catch {
      // Storage full or off: the marks still work for this visit.
    }
  };

  const cycle = (letter: Letter) => {
    const mark = nextLetterMark(marks[letter] ?? 'none');
    const next = withMark(marks, letter, mark);
    if (!signedIn) return saveLocal(next);
    setServerAlphabet(next);
    save.mutate({ letter, mark, before: marks });
  };

  const reset = async () => {
    if (!signedIn) return saveLocal({});
    try {
      setServerAlphabet((await clearMarks(game.id)).alphabet);
    } catch {
      showAlert(CLEAR_FAILED);
    }
  };

  return { marks, cycle, reset };
}

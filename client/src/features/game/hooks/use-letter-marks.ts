import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
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

/** One save: a letter's mark as the screen shows it when the save's turn comes, or every mark cleared. */
type MarkSave = { letter: Letter } | { clear: true };

/**
 * The saves made since the board last had none on their way: the marks shown before the first,
 * the server's latest answer, and whether one failed.
 */
interface SaveRun {
  pending: number;
  before: Alphabet;
  saved: Alphabet | null;
  failed: boolean;
}

/**
 * The letter marks of a board (docs/PRODUCT.md, 'Alphabet marks'): a click cycles none → bad →
 * maybe → good → none. A signed-in player's marks are the server's: each press is shown at once
 * and saved through the update route, one save at a time in press order, each sending the
 * letter's latest mark (so quick presses end on the mark shown); once the last is answered the
 * board shows the marks the server answered (put back if a save failed). A guest cannot save
 * marks, so theirs stay in this browser, per game.
 */
export function useLetterMarks(game: GameDetail, signedIn: boolean) {
  const queryClient = useQueryClient();
  const showAlert = useAlert();
  const [localMarks, setLocalMarks] = useState<Alphabet>(() => readLocalMarks(game.id));
  const run = useRef<SaveRun>({ pending: 0, before: {}, saved: null, failed: false });
  const key = gameKeys.detail(game.id);
  const marks = signedIn ? game.alphabet : localMarks;

  // The cache, not `marks`: the screen re-renders a moment after the cache changes, and a press
  // in between must build on the press before it, not on the marks last rendered.
  const shownAlphabet = useCallback(
    () => queryClient.getQueryData<GameDetail>(key)?.alphabet ?? {},
    [queryClient, key],
  );
  const setServerAlphabet = useCallback(
    (alphabet: Alphabet) =>
      queryClient.setQueryData<GameDetail>(key, (board) =>
        board ? { ...board, alphabet } : board,
      ),
    [queryClient, key],
  );

  const save = useMutation({
    // One save at a time, in press order, so that no answer is overtaken by an older one.
    scope: { id: `marks-${game.id}` },
    mutationKey: gameKeys.markSaves(game.id),
    mutationFn: async (change: MarkSave): Promise<Alphabet> => {
      if ('clear' in change) return (await clearMarks(game.id)).alphabet;
      // The letter's mark as shown now, with the presses made while earlier saves were on
      // their way: a mark the server already has is not sent again.
      const mark = shownAlphabet()[change.letter] ?? 'none';
      const { saved } = run.current;
      if (saved && (saved[change.letter] ?? 'none') === mark) return saved;
      return (await saveMark(game.id, { letter: change.letter, color: mark })).alphabet;
    },
    onSuccess: (alphabet) => {
      run.current.saved = alphabet;
    },
    onError: (error, change) => {
      // One alert for a run of saves that fail alike (the server down, say).
      if (!run.current.failed) showAlert('clear' in change ? CLEAR_FAILED : errorMessage(error));
      run.current.failed = true;
    },
    onSettled: () => {
      const current = run.current;
      current.pending -= 1;
      if (current.pending > 0) return;
      // The last save answered: the board shows what the server has (the marks shown, unless
      // a save failed or another tab marked meanwhile).
      setServerAlphabet(current.saved ?? current.before);
      if (current.failed) void queryClient.invalidateQueries({ queryKey: key, exact: true });
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

  /** Shows `next` at once and queues its save. */
  const saveServer = (next: Alphabet, change: MarkSave) => {
    if (run.current.pending === 0) {
      run.current = { pending: 0, before: shownAlphabet(), saved: null, failed: false };
    }
    run.current.pending += 1;
    setServerAlphabet(next);
    return save.mutateAsync(change).catch(() => {
      // Said by onError, and put back once the run ends.
    });
  };

  const cycle = (letter: Letter) => {
    if (!signedIn)
      return saveLocal(withMark(marks, letter, nextLetterMark(marks[letter] ?? 'none')));
    const shown = shownAlphabet();
    void saveServer(withMark(shown, letter, nextLetterMark(shown[letter] ?? 'none')), { letter });
  };

  const reset = async () => {
    if (!signedIn) return saveLocal({});
    await saveServer({}, { clear: true });
  };

  return { marks, cycle, reset };
}

import { countMatches } from './game-rules.ts';

/** A guess already made in a game and its match count, as the board lists it. */
export interface CountedGuess {
  word: string;
  matches: number;
}

/**
 * Whether `word` could still be the secret given one earlier guess (docs/PRODUCT.md, 'Hard
 * mode'): had it been the secret, that guess would have scored the count it did, i.e. the two
 * share exactly `guess.matches` letters by the game's own rule (`countMatches`).
 */
export function fitsGuess(word: string, guess: CountedGuess): boolean {
  return countMatches(word, guess.word) === guess.matches;
}

/**
 * The hard-mode rule (docs/PRODUCT.md, 'Hard mode'): the first of the `earlier` guesses, in the
 * order given, that `word` contradicts, or null when it fits every count so far and may be
 * played. Callers pass the guesses newest first, as the board lists them, so a refusal names
 * the most recent guess the word contradicts: the one freshest in the player's mind.
 *
 * The secret itself fits every count by definition, so the rule never refuses a guess that
 * would win; and a guess that fits is just as much a guess as any other (it costs the same).
 */
export function hardModeConflict(
  word: string,
  earlier: readonly CountedGuess[],
): CountedGuess | null {
  return earlier.find((guess) => !fitsGuess(word, guess)) ?? null;
}

/**
 * The refusal of a guess in a hard game, words shown as the screens show them (uppercase):
 * 'Hard mode: CRANE does not fit SLATE (2)'.
 */
export function hardModeRefusal(word: string, conflict: CountedGuess): string {
  return `Hard mode: ${word.toUpperCase()} does not fit ${conflict.word.toUpperCase()} (${conflict.matches})`;
}

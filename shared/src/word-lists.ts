// Both lists are built from SCOWL by scripts/build-word-lists.ts; see data/WORDLIST-LICENSE.txt.
// Which words can be secrets is public knowledge (it ships in the client bundle); which word a
// given game uses is the server's alone and never passes through this package.
import guessWordsJson from '../data/guess-words.json' with { type: 'json' };
import secretWordsJson from '../data/secret-words.json' with { type: 'json' };

/** Every word a secret can be: common five-letter words, sorted, none offensive. */
export const SECRET_WORDS: readonly string[] = Object.freeze([...secretWordsJson]);

// Secrets are added again so that "every secret is a valid guess" holds here
// even if the two data files were ever regenerated out of step.
const GUESS_WORD_SET: ReadonlySet<string> = new Set([...guessWordsJson, ...SECRET_WORDS]);

/** Every word a guess can be (the dictionary, every secret included), sorted. */
export const GUESS_WORDS: readonly string[] = Object.freeze([...GUESS_WORD_SET].sort());

/**
 * True when `word` is in the dictionary of valid guesses. Expects a normalized word (see
 * `normalizeGuess` in game-rules.ts); anything else, the give-up keyword included, is false.
 */
export function isValidGuessWord(word: string): boolean {
  return GUESS_WORD_SET.has(word);
}

/** A uniform number in [0, 1) from the platform's CSPRNG (Node's and the browser's `crypto`). */
function secureRandom(): number {
  const [value = 0] = crypto.getRandomValues(new Uint32Array(1));
  return value / 2 ** 32;
}

/**
 * Draws a secret for a new game. By default from a cryptographic generator, not Math.random:
 * a player who sees the secrets of finished games must not be able to work out the next one.
 * Pass `random` (returning a number in [0, 1)) to make the draw reproducible in tests.
 */
export function pickSecretWord(random: () => number = secureRandom): string {
  // min() guards a generator that returns 1; a NaN or negative draw finds no word and throws.
  const index = Math.min(Math.floor(random() * SECRET_WORDS.length), SECRET_WORDS.length - 1);
  const word = SECRET_WORDS[index];
  if (word === undefined) throw new RangeError('random() must return a number in [0, 1)');
  return word;
}

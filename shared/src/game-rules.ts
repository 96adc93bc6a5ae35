/** Secrets and guesses have exactly this many letters. */
export const WORD_LENGTH = 5;
/** Every game, solo or versus, starts at this score. */
export const STARTING_SCORE = 100;
/** What a guess that does not hit the secret costs (docs/PRODUCT.md, 'Scoring'). */
export const MISS_PENALTY = 5;
/** Sent as the guess, this word forfeits the game (docs/PRODUCT.md, 'Giving up'). */
export const GIVE_UP_WORD = 'giveup';

/** The letters a word may use, in the order the game screen shows them. */
export const ALPHABET = [
  'a',
  'b',
  'c',
  'd',
  'e',
  'f',
  'g',
  'h',
  'i',
  'j',
  'k',
  'l',
  'm',
  'n',
  'o',
  'p',
  'q',
  'r',
  's',
  't',
  'u',
  'v',
  'w',
  'x',
  'y',
  'z',
] as const;
export type Letter = (typeof ALPHABET)[number];

/**
 * Player-readable messages of the game, the one table of them (docs/PRODUCT.md, 'Game texts'),
 * used by client and server alike so that both say the same thing. Tests check them verbatim.
 */
export const GAME_MESSAGES = {
  wrongLength: 'lets do this together.. 1... 2... 3... 4... 5!',
  lettersOnly: 'Guesses use the letters a to z only',
  notInDictionary: 'That word is not in our dictionary',
  alreadyGuessed: 'You already guessed that word',
  gameOver: 'This game is over',
  notALetter: 'Pick a letter from a to z',
  badLetterMark: 'A letter is marked good, bad, maybe or none',
  /** The success message on a win. */
  won: 'Good job!',
  /** Shown when the player is done and the versus opponent is not. */
  waiting: 'Waiting...',
  /** A game that cannot be loaded (a guest's game expires after 24 hours). */
  gameExpired: 'Sorry! Game expired. Create an account to keep your games.',
  /** Not a game of the asker's, or none at all: the two are not told apart. */
  notFound: 'Game not found',
  notVersus: 'This is not a versus game',
  /** The game lists: what a guest sees instead of saved games. */
  guestsCannotSave: 'You must be logged in to save games',
  guestsCannotMark: 'You must be logged in to save the board',
  /** The post-game analysis would give the secret away before the asker's game has ended. */
  analysisBeforeEnd: 'The analysis is shown once your game has ended',
  /** A finished player's analysis, before the secret can no longer help anyone. */
  analysisBeforeReveal: 'The analysis is shown once the word is revealed',
} as const;

const WORD_PATTERN = new RegExp(`^[a-z]{${WORD_LENGTH}}$`);

/**
 * Puts a typed guess into the form the rules compare: lowercased, and trimmed
 * because a stray space from a phone keyboard is not part of the word.
 */
export function normalizeGuess(raw: string): string {
  return raw.trim().toLowerCase();
}

/** True when the (raw or normalized) input is the give-up keyword rather than a guess. */
export function isGiveUp(raw: string): boolean {
  return normalizeGuess(raw) === GIVE_UP_WORD;
}

/**
 * Checks the form of a guess and returns the first message that applies, or null.
 * The length rule is the client's check (the give-up keyword is exempt); the a–z rule
 * is the server's, which cannot trust that the client checked anything. Whether the word is in
 * the dictionary is a separate check (`isValidGuessWord` in word-lists.ts).
 */
export function guessProblem(raw: string): string | null {
  const word = normalizeGuess(raw);
  if (word === GIVE_UP_WORD) return null;
  if (word.length !== WORD_LENGTH) return GAME_MESSAGES.wrongLength;
  if (!WORD_PATTERN.test(word)) return GAME_MESSAGES.lettersOnly;
  return null;
}

/**
 * The number of letters two words share, counted with multiplicity and ignoring position
 * (docs/PRODUCT.md, 'Matches'): `hello` vs `world` is 2, one `l` and one `o`. Symmetric in its
 * arguments.
 */
export function countMatches(a: string, b: string): number {
  const remaining = new Map<string, number>();
  for (const letter of a) remaining.set(letter, (remaining.get(letter) ?? 0) + 1);
  let matches = 0;
  for (const letter of b) {
    const left = remaining.get(letter) ?? 0;
    if (left > 0) {
      remaining.set(letter, left - 1);
      matches += 1;
    }
  }
  return matches;
}

/**
 * A match count in words, as the screens show and announce it (docs/PRODUCT.md, 'Game screen'):
 * '1 match', and 'N matches' for every other count, 0 included.
 */
export function matchCountText(matches: number): string {
  return `${matches} ${matches === 1 ? 'match' : 'matches'}`;
}

/**
 * The score after one guess (docs/PRODUCT.md, 'Scoring'): a guess that hits the secret costs
 * nothing, any other guess costs MISS_PENALTY. Never below 0, because 0 already ends the game.
 */
export function scoreAfterGuess(score: number, hit: boolean): number {
  if (hit) return score;
  return Math.max(0, score - MISS_PENALTY);
}

/** What one guess did to a player's game. */
export interface GuessOutcome {
  /** Letters shared with the secret (`countMatches`). */
  matches: number;
  /** The player's score after the guess. */
  score: number;
  /** The guess was the secret itself. An anagram scores 5 matches but is not a win. */
  won: boolean;
  /** The guess missed and took the score to 0: the game ends for this player, lost. */
  lost: boolean;
}

/**
 * Plays one guess against the secret. `guess` must already be a normalized word that passed
 * `guessProblem` and the dictionary check; the give-up keyword is not a guess and is handled
 * by the caller (it forfeits without a score change). Solving on guess n leaves
 * 100 − 5(n − 1), since only the n − 1 misses before it cost anything.
 */
export function applyGuess(state: { score: number }, guess: string, secret: string): GuessOutcome {
  const won = guess === secret;
  const score = scoreAfterGuess(state.score, won);
  return { matches: countMatches(guess, secret), score, won, lost: !won && score === 0 };
}

/** Where a player's game stands: still playing, or ended won or lost. */
export type PlayerStatus = 'playing' | 'won' | 'lost';

/** A player's side of a game, as far as a move is concerned. */
export interface SideState {
  score: number;
  status: PlayerStatus;
  /** Gave up: the game ended lost by the player's own choice. */
  forfeit: boolean;
  guessCount: number;
}

/** A move a player can make: a guess (already normalized and in the dictionary), or giving up. */
export type Move = { kind: 'guess'; word: string } | { kind: 'give up' };

/** Why a move is refused; the state it was played on stays as it was. */
export type MoveRefusal = 'gameOver' | 'alreadyGuessed';

/** What a move did to a side: its state after, and the guess's match count. */
export interface MoveApplied {
  side: SideState;
  /** Letters the guess shares with the secret; absent for giving up. */
  matches?: number;
  /** The move ended the player's game (a win, the last points, or giving up). */
  finished: boolean;
}

/**
 * The one transition of a player's side (docs/PRODUCT.md, 'Scoring' and 'Giving up'): a move
 * on a finished side is refused, so is a word this side already guessed (it costs nothing);
 * giving up ends the game lost with `forfeit`; a guess is scored by `applyGuess` and ends the
 * game won on the secret, lost at 0 points. `words` are the side's guesses so far.
 */
export function applyMove(
  side: SideState,
  words: { has(word: string): boolean },
  move: Move,
  secret: string,
): MoveApplied | { refused: MoveRefusal } {
  if (side.status !== 'playing') return { refused: 'gameOver' };
  if (move.kind === 'give up') {
    return { side: { ...side, status: 'lost', forfeit: true }, finished: true };
  }
  if (words.has(move.word)) return { refused: 'alreadyGuessed' };
  const outcome = applyGuess(side, move.word, secret);
  const status: PlayerStatus = outcome.won ? 'won' : outcome.lost ? 'lost' : 'playing';
  return {
    side: { ...side, score: outcome.score, status, guessCount: side.guessCount + 1 },
    matches: outcome.matches,
    finished: status !== 'playing',
  };
}

/** The fields of a side the versus outcome reads. */
export function versusSideOf(side: Pick<SideState, 'status' | 'forfeit' | 'score'>): VersusSide {
  return { won: side.status === 'won', forfeit: side.forfeit, score: side.score };
}

/** One side of a versus game, as far as the outcome is concerned. */
export interface VersusSide {
  /** Solved the secret. */
  won: boolean;
  /** Gave up (sent the give-up keyword). */
  forfeit: boolean;
  /** Current score; 0 means the player ran out of points. */
  score: number;
}

/**
 * Rated games one pair of players may play each other per UTC day; later games between them
 * are unrated, so two accounts of one person cannot farm a rating (docs/PRODUCT.md, 'Ratings').
 */
export const RATED_GAMES_PER_PAIR_PER_DAY = 3;

/** The results of a versus game for one player; `pending` until both players are done. */
export const VERSUS_OUTCOMES = ['win', 'lose', 'draw', 'pending'] as const;
/** The result of a versus game for one player (see `versusOutcome`): the one such type. */
export type VersusOutcome = (typeof VERSUS_OUTCOMES)[number];

/**
 * True once a player's game has ended: solved, forfeited, or out of points. These are the
 * only three ways a game ends, so the state itself says whether it has.
 */
export function isPlayerFinished(side: VersusSide): boolean {
  return side.won || side.forfeit || side.score <= 0;
}

/**
 * Decides a versus game for `me` (docs/PRODUCT.md, 'Versus outcome'), the rule applied to each
 * player on their own: once both are done,
 * - `win` if I solved with a score ≥ the opponent's, or the opponent forfeited and I did not;
 * - else `lose` if I forfeited, or my score is lower and the opponent did not forfeit;
 * - else `draw`.
 * Until either player is done it is `pending`.
 *
 * The two clauses never both hold (a player cannot both solve and forfeit: either ends their
 * game), so the order of the checks does not matter. Because each player is judged separately,
 * the pair of results is not always one win and one loss. For the states a game can reach (a
 * solver has a score of at least 5, a player who ran out has 0):
 * - both solved with the same score: both `win` (each solved with a score ≥ the other's);
 * - both forfeited: both `lose` (a forfeit is a loss);
 * - both ran out of points: both `draw` (neither solved, neither forfeited, neither lower);
 * - otherwise exactly one `win` and one `lose`. Running out of points beats forfeiting, and
 *   any solve beats running out of points or forfeiting, whatever the scores.
 * So `draw` is always mutual, a `win` faces a `lose` unless both solved with equal scores, and
 * two `lose`s only happen when both forfeited.
 */
export function versusOutcome(me: VersusSide, opponent: VersusSide): VersusOutcome {
  if (!isPlayerFinished(me) || !isPlayerFinished(opponent)) return 'pending';
  const wins = (me.won && me.score >= opponent.score) || (opponent.forfeit && !me.forfeit);
  if (wins) return 'win';
  const loses = me.forfeit || (me.score < opponent.score && !opponent.forfeit);
  if (loses) return 'lose';
  return 'draw';
}

/**
 * The profile's win ratio: wins ÷ losses rounded to 2 decimals, or the number of
 * wins when there are no losses. Every finished game that was not won counts as a loss here,
 * draws included, since the stats keep only `gameCt` and `winCt`.
 */
export function winRatio(winCt: number, gameCt: number): number {
  const losses = Math.max(0, gameCt - winCt);
  if (losses === 0) return winCt;
  // One division of integers, then rounding, so that e.g. 1/8 gives 0.13 and not 0.12.
  return Math.round((winCt * 100) / losses) / 100;
}

/** The marks a player can put on a letter of the alphabet (docs/PRODUCT.md, 'Alphabet marks'). */
export const LETTER_COLORS = ['good', 'bad', 'maybe'] as const;
export type LetterColor = (typeof LETTER_COLORS)[number];
/** A letter's mark including "no mark", the value `POST /game/{id}/update` accepts as color. */
export type LetterMark = LetterColor | 'none';
/** Every value of LetterMark, in the order a click cycles through them. */
export const LETTER_MARKS = [
  'none',
  'bad',
  'maybe',
  'good',
] as const satisfies readonly LetterMark[];

/** The mark a click on a letter moves to: none → bad → maybe → good → none. */
export function nextLetterMark(current: LetterMark): LetterMark {
  switch (current) {
    case 'none':
      return 'bad';
    case 'bad':
      return 'maybe';
    case 'maybe':
      return 'good';
    case 'good':
      return 'none';
  }
}

/** True when `value` is one of the 26 letters a–z (lowercase), e.g. a letter to mark. */
export function isLetter(value: string): value is Letter {
  return (ALPHABET as readonly string[]).includes(value);
}

/** True when `value` is a mark `POST /game/{id}/update` accepts (`none` clears the letter). */
export function isLetterMark(value: string): value is LetterMark {
  return (LETTER_MARKS as readonly string[]).includes(value);
}

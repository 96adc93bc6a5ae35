import postgres from 'postgres';
import { isValidGuessWord } from '@jotto/shared/word-lists';
import guessWordsJson from '../../shared/data/guess-words.json' with { type: 'json' };

/** A small seeded generator, so that the word plan is the same from run to run. */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

/** Every valid guess word, in an order fixed by `seed`: the words a bench's players guess. */
export function shuffledWordPool(seed: number): string[] {
  const pool = [...new Set(guessWordsJson)].filter(
    (word) => /^[a-z]{5}$/.test(word) && isValidGuessWord(word),
  );
  const random = mulberry32(seed);
  for (let i = pool.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [pool[i], pool[j]] = [pool[j]!, pool[i]!];
  }
  return pool;
}

/**
 * The words each game will be guessed with: `perGame` distinct valid words, never that game's
 * secret (read from the database; a bench is not a player), so no game is won or repeats a word.
 */
export async function planGameWords(
  databaseUrl: string,
  gameIds: readonly number[],
  seed: number,
  perGame: number,
): Promise<Map<number, string[]>> {
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  let secrets: Map<number, string>;
  try {
    const rows = await sql<{ id: number; secret: string }[]>`SELECT id, secret FROM games`;
    secrets = new Map(rows.map((row) => [row.id, row.secret.trim()]));
  } finally {
    await sql.end();
  }
  const pool = shuffledWordPool(seed);
  const plan = new Map<number, string[]>();
  gameIds.forEach((gameId, g) => {
    const secret = secrets.get(gameId);
    if (!secret) throw new Error(`game ${gameId} has no secret in the database`);
    const words: string[] = [];
    for (let k = 0; words.length < perGame; k += 1) {
      const word = pool[(g * (perGame + 1) + k) % pool.length]!;
      if (word !== secret) words.push(word);
    }
    if (new Set(words).size !== words.length || words.includes(secret)) {
      throw new Error(`bad word plan for game ${gameId}`);
    }
    plan.set(gameId, words);
  });
  return plan;
}

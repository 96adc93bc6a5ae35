// Players who play like people: they start versus games by challenge, guess words from the
// dictionary at a pace, and when an answer does not come (a node died, a dependency is down)
// they press Guess again, as anyone would. Each remembers what the server acknowledged, to be
// compared with what the database holds at the end.
import { GAME_MESSAGES } from '@jotto/shared/game-rules';
import { isValidGuessWord } from '@jotto/shared/word-lists';
import type postgres from 'postgres';
import guessWordsJson from '../../shared/data/guess-words.json' with { type: 'json' };
import type { BrowserTab, Json, Reply } from './browser-client.ts';
import { sleep } from './suite-cluster.ts';

const WORD_POOL = [...new Set(guessWordsJson)].filter(
  (word) => /^[a-z]{5}$/.test(word) && isValidGuessWord(word),
);
let nextWord = 0;

/** `count` distinct valid words, none of them `secret`, never handed out before in this run. */
export function missWords(secret: string, count: number): string[] {
  const words: string[] = [];
  while (words.length < count) {
    const word = WORD_POOL[nextWord++ % WORD_POOL.length]!;
    if (word !== secret) words.push(word);
  }
  return words;
}

export async function secretOf(sql: postgres.Sql, gameId: number): Promise<string> {
  const [row] = await sql<{ secret: string }[]>`SELECT secret FROM games WHERE id = ${gameId}`;
  if (!row) throw new Error(`no game ${gameId}`);
  return row.secret.trim();
}

/** A challenges B, B accepts: the versus game's id. */
export async function startVersus(a: BrowserTab, b: BrowserTab): Promise<number> {
  const sent = await a.http.call('POST', '/api/challenges/new', { username: b.username });
  const challengeId = sent.body?.challengeId;
  if (sent.status !== 200 || typeof challengeId !== 'number') {
    throw new Error(`challenge ${a.username} → ${b.username}: ${sent.status} ${sent.text}`);
  }
  const accepted = await b.http.call('POST', '/api/challenges/accept', {
    challenge_id: challengeId,
  });
  const gameId = accepted.body?.gameId;
  if (accepted.status !== 200 || typeof gameId !== 'number') {
    throw new Error(`accept ${challengeId}: ${accepted.status} ${accepted.text}`);
  }
  return gameId;
}

/** Every answer one guess got, and what the player concluded. */
export interface GuessOutcome {
  word: string;
  /** `played`: acknowledged (a 200, or "already guessed" after an answer that never came). */
  result: 'played' | 'refused' | 'gave-up-trying';
  replies: Reply<Json>[];
}

/** Statuses a player may see while a fault is on: each makes them press Guess again. */
const isTransient = (reply: Reply<Json>) => reply.status === 0 || reply.status >= 500;

/**
 * One guess as a person makes it: on no answer or a 5xx, wait and press again (up to
 * `patienceMs`). "Already guessed" after such an answer means the first press was stored.
 */
export async function guess(
  tab: BrowserTab,
  gameId: number,
  word: string,
  options: { retryEveryMs?: number; patienceMs?: number } = {},
): Promise<GuessOutcome> {
  const retryEvery = options.retryEveryMs ?? 200;
  const deadline = Date.now() + (options.patienceMs ?? 30_000);
  const replies: Reply<Json>[] = [];
  for (;;) {
    const reply = await tab.http.call('GET', `/api/game/${gameId}/play/${word}`);
    replies.push(reply);
    if (reply.status === 200) {
      // As the game screen does: this number is mine, not an event of the opponent's missed.
      if (typeof reply.body?.seq === 'number') tab.ownMove(gameId, reply.body.seq);
      return { word, result: 'played', replies };
    }
    const unanswered = replies.slice(0, -1).some(isTransient);
    if (reply.status === 400 && reply.body?.err === GAME_MESSAGES.alreadyGuessed && unanswered) {
      return { word, result: 'played', replies };
    }
    if (!isTransient(reply)) return { word, result: 'refused', replies };
    if (Date.now() > deadline) return { word, result: 'gave-up-trying', replies };
    await sleep(retryEvery);
  }
}

export interface PlayedGame {
  gameId: number;
  tab: BrowserTab;
  outcomes: GuessOutcome[];
}

/** Plays `words` in order, one every `paceMs`, stopping at the first that is not played. */
export async function playWords(
  tab: BrowserTab,
  gameId: number,
  words: readonly string[],
  paceMs: number,
  options: { retryEveryMs?: number; patienceMs?: number } = {},
): Promise<PlayedGame> {
  const outcomes: GuessOutcome[] = [];
  for (const word of words) {
    const outcome = await guess(tab, gameId, word, options);
    outcomes.push(outcome);
    if (outcome.result !== 'played') break;
    await sleep(paceMs);
  }
  return { gameId, tab, outcomes };
}

/**
 * Compares what a player was told with what is stored: `lost` acknowledged words missing from
 * the database, `unexpected` stored words the player never had acknowledged (a retry
 * counted twice would show here), in the order stored.
 */
export async function compareWithDatabase(
  sql: postgres.Sql,
  played: PlayedGame,
): Promise<{ lost: string[]; unexpected: string[]; stored: number }> {
  const rows = await sql<{ word: string }[]>`
    SELECT g.word FROM guesses g
    JOIN game_players p ON p.id = g.player_id
    JOIN users u ON u.id = p.user_id
    WHERE p.game_id = ${played.gameId} AND lower(u.username) = lower(${played.tab.username})
    ORDER BY g.id`;
  const stored = rows.map((row) => row.word.trim());
  // A give-up is a move, not a stored guess.
  const acknowledged = played.outcomes
    .filter((o) => o.result === 'played' && o.word !== 'giveup')
    .map((o) => o.word);
  return {
    lost: acknowledged.filter((word) => !stored.includes(word)),
    unexpected: stored.filter((word) => !acknowledged.includes(word)),
    stored: stored.length,
  };
}

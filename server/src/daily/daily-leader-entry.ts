import { usernameKey } from '@jotto/shared/account-rules';
import type { DailyLeaderEntry } from '@jotto/shared/daily-schemas';

/** A solver's row as the day's boards show it (the everyone board and the friends board). */
export function solverEntry(row: {
  username: string | null;
  guesses: number;
  score: number;
  finishedAt: Date | null;
  /** The game was played in hard mode (`games.hard`). */
  hard: boolean;
}): DailyLeaderEntry {
  return {
    username: usernameKey(row.username!),
    displayName: row.username!,
    guesses: row.guesses,
    score: row.score,
    // A solved game always has its finishing time; the epoch only keeps the type total.
    finishedAt: (row.finishedAt ?? new Date(0)).toISOString(),
    // A hard-mode solve is marked on the board (docs/PRODUCT.md, 'Hard mode').
    ...(row.hard ? { hard: true as const } : {}),
  };
}

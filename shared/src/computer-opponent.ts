// The computer opponent (docs/PRODUCT.md, 'Computer opponent'): its account's name and its
// levels, for the server and the screens alike. How it plays is in computer-opponent-moves.ts.

/** The computer opponent's account: a reserved username nobody can register or pick. */
export const BOT_USERNAME = 'JottoBot';

/** The levels of the computer opponent, easiest first. */
export const BOT_LEVELS = ['easy', 'medium', 'hard'] as const;
/** One level of the computer opponent. */
export type BotLevel = (typeof BOT_LEVELS)[number];

/** True when `value` is one of the levels (`BOT_LEVELS`). */
export function isBotLevel(value: string): value is BotLevel {
  return (BOT_LEVELS as readonly string[]).includes(value);
}

/** The computer opponent as the game screen names it: 'JottoBot (easy)'. */
export function botDisplayName(level: BotLevel): string {
  return `${BOT_USERNAME} (${level})`;
}

/**
 * True for a username that is the computer opponent's, in any case: registration and
 * finalize refuse it as taken. Its look-alikes ('JottoB0t') are refused by the skeleton rule
 * of usernames (`usernameSkeleton` in account-rules.ts), since the account exists.
 */
export function isReservedUsername(username: string): boolean {
  return username.toLowerCase() === BOT_USERNAME.toLowerCase();
}

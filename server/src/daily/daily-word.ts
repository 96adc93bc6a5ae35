import { createHmac } from 'node:crypto';
import { daysBetween, DAILY_FIRST_DAY } from '@jotto/shared/daily-rules';
import { SECRET_WORDS } from '@jotto/shared/word-lists';

/** A word may come back only this many days after it was last a daily word (a year). */
export const DAILY_REPEAT_GAP_DAYS = 365;

/** Past this many draws for one day, the day takes the first free word after the last draw. */
const MAX_DRAWS_PER_DAY = 64;

/**
 * The secret of each day's Daily Jotto (docs/PRODUCT.md, 'Daily Jotto'), worked out from the
 * key and the date alone, so every node gives the same word without asking the database.
 *
 * The day d days after DAILY_FIRST_DAY draws a word of the secret list with
 * HMAC-SHA256(key, "d:k") for k = 0, 1, …, taking the first draw that was not a daily word in
 * the previous 364 days: no word comes back within a year, and a day always has at least
 * (list size − 364) words it could be, so seeing past words tells little about the next one.
 * Without the key nobody can compute a future word, from the code or from past words; the key
 * (DAILY_SECRET, else a random one stored in the database: db/app-secrets.ts) is the server's
 * alone.
 *
 * A day's draw depends on the words of the 364 days before it, so the sequence is walked from
 * the first day and kept (a few bytes per day; ten years of days take a few milliseconds).
 */
export class DailyWordDraw {
  /** The word index of each day walked so far, by days after DAILY_FIRST_DAY. */
  private readonly picks: number[] = [];
  /** When each word was last picked, in days after DAILY_FIRST_DAY, or −1. */
  private readonly lastPicked: Int32Array;

  constructor(
    private readonly key: string,
    private readonly words: readonly string[] = SECRET_WORDS,
  ) {
    // With no more words than days in the gap, some day would have no word left to take.
    if (words.length < DAILY_REPEAT_GAP_DAYS) {
      throw new RangeError(
        `the daily word needs at least ${DAILY_REPEAT_GAP_DAYS} secret words, not ${words.length}`,
      );
    }
    this.lastPicked = new Int32Array(words.length).fill(-1);
  }

  /** The secret of a day (`YYYY-MM-DD`, from DAILY_FIRST_DAY on). */
  secretOf(day: string): string {
    const offset = daysBetween(DAILY_FIRST_DAY, day);
    if (offset < 0) throw new RangeError(`Daily Jotto starts on ${DAILY_FIRST_DAY}, not ${day}`);
    while (this.picks.length <= offset) this.pickNext();
    return this.words[this.picks[offset]!]!;
  }

  private pickNext(): void {
    const offset = this.picks.length;
    const free = (index: number) => {
      const last = this.lastPicked[index]!;
      return last < 0 || offset - last >= DAILY_REPEAT_GAP_DAYS;
    };
    let index = -1;
    for (let draw = 0; draw < MAX_DRAWS_PER_DAY && index < 0; draw += 1) {
      const candidate = this.draw(offset, draw);
      if (free(candidate)) index = candidate;
    }
    // Each draw is free with odds of at least (list − 364) / list, so this is never reached in
    // practice; it keeps the walk finite and deterministic all the same.
    if (index < 0) {
      const start = this.draw(offset, MAX_DRAWS_PER_DAY);
      for (let step = 0; step < this.words.length && index < 0; step += 1) {
        const candidate = (start + step) % this.words.length;
        if (free(candidate)) index = candidate;
      }
    }
    this.picks.push(index);
    this.lastPicked[index] = offset;
  }

  /** A keyed index into the word list; 48 bits make the modulo's bias negligible. */
  private draw(offset: number, draw: number): number {
    const digest = createHmac('sha256', this.key).update(`${offset}:${draw}`).digest();
    return digest.readUIntBE(0, 6) % this.words.length;
  }
}

import type { DailyEnd, DailyShareInput } from '@jotto/shared/daily-rules';
import type { GameDetail } from '@/features/game/game-state.ts';

/** How a finished daily ended, from its board. */
export function dailyEndOf(game: Pick<GameDetail, 'won' | 'forfeit' | 'outOfTime'>): DailyEnd {
  if (game.won) return 'solved';
  // The day ended first: lost like a forfeit, but the player did not give up.
  if (game.outOfTime) return 'out of time';
  return game.forfeit ? 'gave up' : 'out of points';
}

/**
 * What the share text is made of, from a finished daily's board: its number, how it ended, the
 * score and each guess's match count in the order played. The words stay behind.
 */
export function dailyShareInputOf(game: GameDetail, number: number, link: string): DailyShareInput {
  return {
    number,
    end: dailyEndOf(game),
    // The board lists guesses newest first.
    matchCounts: game.guesses.map((guess) => guess.matches).reverse(),
    score: game.score,
    link,
  };
}

/** What 'Share' did: the share sheet opened, the text was copied, or neither could be done. */
export type ShareOutcome = 'shared' | 'copied' | 'cancelled' | 'failed';

/** The parts of the browser sharing uses, so that tests can hand in their own. */
export interface ShareEnvironment {
  share?: (data: ShareData) => Promise<void>;
  writeText?: (text: string) => Promise<void>;
  /** A phone or tablet (a coarse pointer), where the share sheet is the natural way. */
  isTouchDevice: boolean;
}

/** The browser's sharing, as `shareDailyText` takes it. */
export function browserShareEnvironment(): ShareEnvironment {
  return {
    share: typeof navigator.share === 'function' ? (data) => navigator.share(data) : undefined,
    writeText: navigator.clipboard ? (text) => navigator.clipboard.writeText(text) : undefined,
    isTouchDevice: window.matchMedia?.('(pointer: coarse)').matches ?? false,
  };
}

/**
 * Shares the text: on a phone through the native share sheet when the browser has one
 * (`navigator.share`), else, or when the sheet fails, by copying it to the clipboard. Closing
 * the sheet without sharing is not a failure.
 */
export async function shareDailyText(text: string, env: ShareEnvironment): Promise<ShareOutcome> {
  if (env.isTouchDevice && env.share) {
    try {
      await env.share({ text });
      return 'shared';
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return 'cancelled';
    }
  }
  if (!env.writeText) return 'failed';
  try {
    await env.writeText(text);
    return 'copied';
  } catch {
    return 'failed';
  }
}

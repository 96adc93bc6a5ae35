import { describe, expect, it, vi } from 'vitest';
import { dailyShareText } from '@jotto/shared/daily-rules';
import { dailyShareInputOf, type ShareEnvironment, shareDailyText } from './daily-view.ts';

const finishedGame = {
  result: 'ok' as const,
  id: 3,
  score: 85,
  // Newest first, as the board has them.
  guesses: [
    { word: 'plant', matches: 5 },
    { word: 'slate', matches: 3 },
    { word: 'crane', matches: 2 },
    { word: 'moist', matches: 1 },
  ],
  alphabet: {},
  won: true,
  forfeit: false,
  finished: true,
  multiplayer: false,
  daily: true as const,
  seq: 0,
  target: 'plant',
};

describe('the daily share text of a board', () => {
  it('takes the match counts in the order played and leaves every word behind', () => {
    const text = dailyShareText(dailyShareInputOf(finishedGame, 12, 'https://jotto.example/daily'));
    expect(text).toBe('Jotto #12 · solved in 4 · 85 pts\n1 2 3 ✓\nhttps://jotto.example/daily');
    for (const { word } of finishedGame.guesses) expect(text.toLowerCase()).not.toContain(word);
  });

  it('says a forfeit and running out of points apart', () => {
    const gaveUp = {
      ...finishedGame,
      won: false,
      forfeit: true,
      guesses: finishedGame.guesses.slice(1),
    };
    expect(dailyShareInputOf(gaveUp, 1, 'x').end).toBe('gave up');
    expect(dailyShareInputOf({ ...gaveUp, forfeit: false, score: 0 }, 1, 'x').end).toBe(
      'out of points',
    );
  });
});

describe('shareDailyText', () => {
  const env = (overrides: Partial<ShareEnvironment>): ShareEnvironment => ({
    share: vi.fn(async () => {}),
    writeText: vi.fn(async () => {}),
    isTouchDevice: false,
    ...overrides,
  });

  it('copies on a computer, even where the browser could share', async () => {
    const computer = env({});
    expect(await shareDailyText('hi', computer)).toBe('copied');
    expect(computer.writeText).toHaveBeenCalledWith('hi');
    expect(computer.share).not.toHaveBeenCalled();
  });

  it('opens the share sheet on a phone; closing it is not a failure', async () => {
    const phone = env({ isTouchDevice: true });
    expect(await shareDailyText('hi', phone)).toBe('shared');
    expect(phone.share).toHaveBeenCalledWith({ text: 'hi' });
    expect(phone.writeText).not.toHaveBeenCalled();
    const closed = env({
      isTouchDevice: true,
      share: vi.fn(async () => {
        throw new DOMException('closed', 'AbortError');
      }),
    });
    expect(await shareDailyText('hi', closed)).toBe('cancelled');
  });

  it('copies when the share sheet fails, and says when nothing worked', async () => {
    const broken = env({
      isTouchDevice: true,
      share: vi.fn(async () => {
        throw new DOMException('no', 'NotAllowedError');
      }),
    });
    expect(await shareDailyText('hi', broken)).toBe('copied');
    const nothing = env({
      share: undefined,
      writeText: vi.fn(async () => {
        throw new Error('denied');
      }),
    });
    expect(await shareDailyText('hi', nothing)).toBe('failed');
  });
});

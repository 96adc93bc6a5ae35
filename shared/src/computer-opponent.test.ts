import { describe, expect, it } from 'vitest';
import { BOT_LEVELS, botDisplayName, isBotLevel, isReservedUsername } from './computer-opponent.ts';

describe("the computer opponent's name and levels", () => {
  it('names the opponent with its level, and reserves its username in any case', () => {
    expect(botDisplayName('easy')).toBe('JottoBot (easy)');
    expect(isReservedUsername('JottoBot')).toBe(true);
    expect(isReservedUsername('jottobot')).toBe(true);
    expect(isReservedUsername('JOTTOBOT')).toBe(true);
    expect(isReservedUsername('JottoBot1')).toBe(false);
    expect(BOT_LEVELS.filter(isBotLevel)).toEqual(['easy', 'medium', 'hard']);
    expect(isBotLevel('expert')).toBe(false);
  });
});

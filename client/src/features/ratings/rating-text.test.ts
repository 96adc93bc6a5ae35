import { describe, expect, it } from 'vitest';
import { gameRatingTexts, ratingChangeText } from './rating-text.ts';

describe('ratingChangeText', () => {
  it('signs a change: plus, a minus sign (not a hyphen), and ±0', () => {
    expect(ratingChangeText(12)).toBe('+12');
    expect(ratingChangeText(-12)).toBe('\u221212');
    expect(ratingChangeText(0)).toBe('\u00b10');
  });
});

describe('gameRatingTexts', () => {
  it('shows the rating before the game until it is settled, then the one after and the change', () => {
    expect(gameRatingTexts({ before: 1500, provisional: true })).toEqual({
      value: '1500?',
      change: null,
    });
    expect(gameRatingTexts({ before: 1500, after: 1488, provisional: false })).toEqual({
      value: '1488',
      change: '\u221212',
    });
  });
});
